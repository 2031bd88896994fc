// The docs point at things that exist: every `docs/decisions/…` reference and "decision NNN"
// names a record, the index (docs/decisions/README.md) lists every record as its header says,
// and every repository path the docs and the README quote is a file or folder of the tree.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter(Boolean);
const folders = new Set(
  files.flatMap((file) =>
    file
      .split("/")
      .slice(0, -1)
      .map((_, i, parts) => `${parts.slice(0, i + 1).join("/")}/`),
  ),
);
const read = (file) => readFileSync(path.join(root, file), "utf8");

const RECORD = /^docs\/decisions\/(\d{3})-[\w-]+\.md$/;
const records = files
  .filter((file) => RECORD.test(file) && !file.endsWith("000-template.md"))
  .sort();
const numbers = new Set(records.map((file) => RECORD.exec(file)[1]));

/** Text files that may cite a record: code, docs, configs. */
const citing = files.filter(
  (file) =>
    /\.(ts|tsx|mts|mjs|js|md|sh|json|ya?ml)$|(^|\/)\.env\.example$|^\.ci\//.test(file) &&
    !file.startsWith("drizzle/meta/") &&
    file !== "package-lock.json",
);

describe("decision records", () => {
  it("every docs/decisions/… reference and every 'decision NNN' names an existing record", () => {
    const broken = [];
    for (const file of citing) {
      const text = read(file);
      for (const [, name] of text.matchAll(/docs\/decisions\/([\w.-]*)/g)) {
        const target = name.replace(/\.$/, "");
        const ok =
          target === "" ||
          (target.endsWith(".md")
            ? files.includes(`docs/decisions/${target}`)
            : /^\d{3}$/.test(target) && numbers.has(target));
        if (!ok) broken.push(`${file}: docs/decisions/${name}`);
      }
      for (const [mention, number] of text.matchAll(/\b[Dd]ecisions? (\d{3})\b/g)) {
        if (!numbers.has(number)) broken.push(`${file}: ${mention}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every record opens with its date and status, and a status names existing records", () => {
    const wrong = [];
    for (const file of records) {
      const [title, blank, header] = read(file).split("\n");
      const number = RECORD.exec(file)[1];
      const match =
        /^Date: \d{4}-\d{2}-\d{2} · Status: (accepted|(?:superseded|amended) by (\d{3}(?:, \d{3})*))$/.exec(
          header,
        );
      if (!title.startsWith(`# ${number}: `) || blank !== "" || !match) {
        wrong.push(`${file}: "${header}"`);
      } else {
        for (const cited of match[2]?.split(", ") ?? []) {
          if (!numbers.has(cited) || cited === number) {
            wrong.push(`${file}: ${match[1]} names ${cited}, not another record`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the index lists every record with the title, date and status of its header", () => {
    const index = read("docs/decisions/README.md");
    const rows = new Map(
      [...index.matchAll(/^\| \[(\d{3})\]\(([^)]+)\) +\| (.+?) +\| (\S+) +\| (.+?) +\|$/gm)].map(
        ([, number, link, title, date, status]) => [
          `docs/decisions/${link}`,
          { number, title, date, status },
        ],
      ),
    );
    const expected = records.map((file) => {
      const [title, , header] = read(file).split("\n");
      const [, date, status] = /^Date: (\S+) · Status: (.+)$/.exec(header) ?? [];
      return [
        file,
        { number: RECORD.exec(file)[1], title: title.replace(/^# \d{3}: /, ""), date, status },
      ];
    });
    expect([...rows.entries()]).toEqual(expected);
  });
});

/** Every path a quoted `{a,b}` list stands for: `core/locales/{en,es}/` is two folders. */
function expand(quoted) {
  const list = /\{([^{}]*,[^{}]*)\}/.exec(quoted);
  if (!list) return [quoted];
  return list[1]
    .split(",")
    .flatMap((option) =>
      expand(quoted.slice(0, list.index) + option + quoted.slice(list.index + list[0].length)),
    );
}

/** A path as quoted in the docs, with `{name}`, `<name>`, `*`, `**` and `…` as wildcards. */
function pattern(quoted) {
  let source = "";
  for (let rest = quoted; rest; ) {
    const brace = /^\{([^{}]*)\}/.exec(rest);
    const angle = /^<[\w-]+>/.exec(rest);
    let step;
    if (rest.startsWith("**/")) [source, step] = [`${source}(?:.*/)?`, 3];
    else if (rest.startsWith("**") || rest[0] === "…") {
      [source, step] = [`${source}.*`, rest[0] === "…" ? 1 : 2];
    } else if (rest[0] === "*") [source, step] = [`${source}[^/]*`, 1];
    else if (brace) [source, step] = [`${source}[^/]+`, brace[0].length];
    else if (angle) [source, step] = [`${source}[^/]+`, angle[0].length];
    else [source, step] = [source + literal(rest[0]), 1];
    rest = rest.slice(step);
  }
  return new RegExp(`^${source}$`);
}
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether every path the quoted one stands for is a file or folder of the tree. */
const exists = (quoted) =>
  expand(quoted).every((one) => {
    const re = pattern(one);
    if (one.endsWith("/")) return [...folders].some((folder) => re.test(folder));
    return files.some((file) => re.test(file)) || [...folders].some((f) => re.test(f.slice(0, -1)));
  });

const TOP = "(?:app|core|server|tests|scripts|bin|docs|drizzle|public)/";
/** Quoted: the whole backticked text when it is one path. */
const QUOTED = new RegExp(`^${TOP}\\S*$`);
/** In running text: a path with a file extension, or a folder with its slash. */
const BARE = new RegExp(`(?<![\\w/.-])${TOP}[\\w./-]*`, "g");

describe("paths in the docs", () => {
  it("every repository path quoted in docs/ and the README exists", () => {
    const docs = files.filter((file) => /^docs\/.*\.md$/.test(file) || file === "README.md");
    const missing = [];
    for (const doc of docs) {
      const text = read(doc);
      for (const [, quoted] of text.matchAll(/`([^`\n]+)`/g)) {
        if (QUOTED.test(quoted) && !exists(quoted)) missing.push(`${doc}: \`${quoted}\``);
      }
      for (const [bare] of text.replace(/`[^`\n]*`/g, " ").matchAll(BARE)) {
        const candidate = bare.replace(/\.+$/, "");
        if (/\.\w+$|\/$/.test(candidate) && !exists(candidate))
          missing.push(`${doc}: ${candidate}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("reads placeholders and globs as wildcards", () => {
    expect(exists("core/locales/{en,es,fr,vi}/")).toBe(true);
    expect(exists("core/locales/{lng}/{namespace}.json")).toBe(true);
    expect(exists("app/routes/<area>/")).toBe(true);
    expect(exists("app/content/**/*.server.ts")).toBe(true);
    expect(exists("app/entry.*.tsx")).toBe(true);
    expect(exists("app/locales/{en,es,fr,vi}/")).toBe(false);
    expect(exists("app/routes/card.tsx")).toBe(false);
    expect(exists("core/locales/{en,es}/common.json")).toBe(true);
    expect(exists("core/locales/{en,xx}/common.json")).toBe(false);
  });
});
