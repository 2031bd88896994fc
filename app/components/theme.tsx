import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AUTO_RECHECK_MS,
  DEFAULT_THEME_MODE,
  isThemeMode,
  resolveDark,
  THEME_MODES,
  THEME_STORAGE_KEY,
  type ThemeMode,
} from "#app/lib/theme.ts";

function applyTheme(mode: ThemeMode) {
  const dark = resolveDark(mode, new Date(), matchMedia("(prefers-color-scheme: dark)").matches);
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  root.dataset.themeMode = mode;
}

/**
 * Keeps the theme right after the first paint: auto mode is rechecked every
 * 15 minutes and whenever the tab becomes visible; system mode follows the OS.
 */
export function useThemeMode() {
  const [mode, setModeState] = useState<ThemeMode>(DEFAULT_THEME_MODE);

  useEffect(() => {
    const current = document.documentElement.dataset.themeMode;
    const initial = isThemeMode(current) ? current : DEFAULT_THEME_MODE;
    setModeState(initial);
  }, []);

  useEffect(() => {
    applyTheme(mode);
    const recheck = () => applyTheme(mode);
    const timer = window.setInterval(recheck, AUTO_RECHECK_MS);
    const onVisible = () => document.visibilityState === "visible" && recheck();
    const media = matchMedia("(prefers-color-scheme: dark)");
    document.addEventListener("visibilitychange", onVisible);
    media.addEventListener("change", recheck);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      media.removeEventListener("change", recheck);
    };
  }, [mode]);

  const setMode = useCallback((next: ThemeMode) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // private mode: the choice lasts for this page only
    }
    setModeState(next);
  }, []);

  return { mode, setMode };
}

export function ThemeSwitcher({ id }: { id: string }) {
  const { t } = useTranslation();
  const { mode, setMode } = useThemeMode();
  return (
    <label className="inline-flex items-center gap-2 text-sm" htmlFor={id}>
      <span className="sr-only">{t("theme.label")}</span>
      {/* On a page without React, enhance.ts keeps and applies the choice (decision 159). */}
      <select
        id={id}
        data-theme-select=""
        value={mode}
        onChange={(event) => isThemeMode(event.target.value) && setMode(event.target.value)}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm"
      >
        {THEME_MODES.map((m) => (
          <option key={m} value={m}>
            {t(`theme.${m}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
