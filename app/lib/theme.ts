export const THEME_MODES = ["auto", "system", "light", "dark"] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export const THEME_STORAGE_KEY = "themeMode";
export const DEFAULT_THEME_MODE: ThemeMode = "auto";
/** Auto mode is dark from 19:00 until before 07:00, local time. */
export const DARK_FROM_HOUR = 19;
export const LIGHT_FROM_HOUR = 7;
export const AUTO_RECHECK_MS = 15 * 60 * 1000;

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === "string" && (THEME_MODES as readonly string[]).includes(value);
}

export function isDarkHour(hour: number): boolean {
  return hour >= DARK_FROM_HOUR || hour < LIGHT_FROM_HOUR;
}

export function resolveDark(mode: ThemeMode, now: Date, systemPrefersDark: boolean): boolean {
  switch (mode) {
    case "dark":
      return true;
    case "light":
      return false;
    case "system":
      return systemPrefersDark;
    case "auto":
      return isDarkHour(now.getHours());
  }
}

/**
 * Runs in <head> before the first paint, so the page never flashes the wrong
 * theme. Kept in sync with resolveDark above (tests check both). It leaves
 * `window.safetapTheme()` behind, which applies `<html data-theme-mode>` again:
 * a static page's script (enhance.ts) calls it when the mode changes and to
 * recheck auto mode.
 */
export const themeBootScript = `(function(){var m=${JSON.stringify(THEME_MODES)},e=document.documentElement;function t(mode){var h=new Date().getHours();var d=mode==="dark"||(mode==="system"&&matchMedia("(prefers-color-scheme: dark)").matches)||(mode==="auto"&&(h>=${DARK_FROM_HOUR}||h<${LIGHT_FROM_HOUR}));e.classList.toggle("dark",d);e.style.colorScheme=d?"dark":"light";e.dataset.themeMode=mode}window.safetapTheme=function(){t(m.indexOf(e.dataset.themeMode)>-1?e.dataset.themeMode:"${DEFAULT_THEME_MODE}")};var q=new URLSearchParams(location.search).get("theme"),s=null;try{if(m.indexOf(q)>-1)localStorage.setItem("${THEME_STORAGE_KEY}",q);s=localStorage.getItem("${THEME_STORAGE_KEY}")}catch(x){s=q}t(m.indexOf(s)>-1?s:"${DEFAULT_THEME_MODE}")})();`;
