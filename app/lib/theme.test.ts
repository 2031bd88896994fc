import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { isDarkHour, resolveDark, THEME_MODES, themeBootScript } from "./theme.ts";

/** Runs the <head> boot script against a fake page and returns what it decided. */
function boot(options: {
  search?: string;
  stored?: string | null;
  hour: number;
  systemDark?: boolean;
  storageOff?: boolean;
}) {
  const storage = new Map<string, string>();
  if (options.stored) storage.set("themeMode", options.stored);
  const classes = new Set<string>();
  const element = {
    classList: {
      toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
    },
    style: { colorScheme: "" },
    dataset: {} as Record<string, string>,
  };
  const RealDate = Date;
  const off = () => {
    throw new Error("storage is off");
  };
  const window: { safetapTheme?: () => void } = {};
  const context = {
    window,
    location: { search: options.search ?? "" },
    URLSearchParams,
    localStorage: options.storageOff
      ? { getItem: off, setItem: off }
      : {
          getItem: (k: string) => storage.get(k) ?? null,
          setItem: (k: string, v: string) => storage.set(k, v),
        },
    matchMedia: () => ({ matches: Boolean(options.systemDark) }),
    document: { documentElement: element },
    Date: class extends RealDate {
      getHours() {
        return options.hour;
      }
    },
  };
  vm.runInNewContext(themeBootScript, context);
  return {
    dark: classes.has("dark"),
    mode: element.dataset.themeMode,
    stored: storage.get("themeMode"),
    /** What a static page's script does when the mode changes (enhance.ts). */
    reapply(mode: string) {
      element.dataset.themeMode = mode;
      window.safetapTheme?.();
      return { dark: classes.has("dark"), mode: element.dataset.themeMode };
    },
  };
}

describe("themes (spec: auto, system, light, dark)", () => {
  it("auto is dark from 19:00 to before 07:00", () => {
    const dark = Array.from({ length: 24 }, (_, h) => isDarkHour(h));
    expect(dark.map((d, h) => (d ? h : null)).filter((h) => h !== null)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 19, 20, 21, 22, 23,
    ]);
  });

  it("the boot script agrees with resolveDark for every mode and hour", () => {
    for (const mode of THEME_MODES) {
      for (const systemDark of [false, true]) {
        for (let hour = 0; hour < 24; hour++) {
          const now = new Date(2026, 0, 1, hour);
          expect(boot({ stored: mode, hour, systemDark }).dark).toBe(
            resolveDark(mode, now, systemDark),
          );
        }
      }
    }
  });

  it("defaults to auto", () => {
    expect(boot({ hour: 20 })).toMatchObject({ dark: true, mode: "auto" });
    expect(boot({ hour: 12 })).toMatchObject({ dark: false, mode: "auto" });
  });

  it("?theme= overrides the stored choice and is stored", () => {
    expect(boot({ search: "?theme=dark", stored: "light", hour: 12 })).toMatchObject({
      dark: true,
      mode: "dark",
      stored: "dark",
    });
  });

  it("ignores an unknown ?theme= value", () => {
    expect(boot({ search: "?theme=neon", stored: "light", hour: 22 })).toMatchObject({
      dark: false,
      mode: "light",
      stored: "light",
    });
  });

  it("with storage off, ?theme= still applies to the page and auto is the default", () => {
    expect(boot({ search: "?theme=dark", hour: 12, storageOff: true })).toMatchObject({
      dark: true,
      mode: "dark",
    });
    expect(boot({ hour: 22, storageOff: true })).toMatchObject({ dark: true, mode: "auto" });
  });

  it("leaves safetapTheme() behind, which applies the page's mode again", () => {
    const page = boot({ stored: "light", hour: 21 });
    expect(page.dark).toBe(false);
    expect(page.reapply("dark")).toEqual({ dark: true, mode: "dark" });
    expect(page.reapply("auto")).toEqual({ dark: true, mode: "auto" });
    expect(page.reapply("neon")).toEqual({ dark: true, mode: "auto" });
    expect(page.reapply("light")).toEqual({ dark: false, mode: "light" });
  });
});
