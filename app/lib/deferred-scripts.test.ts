import { describe, expect, it } from "vitest";
import { deferredScriptsLoader, deferScriptsHtml, PRELOADS_PER_TASK } from "./deferred-scripts.ts";

describe("deferScriptsHtml", () => {
  it("makes preloads inert without their nonce, and module scripts inert with theirs", () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/a.js" nonce="n1"/>' +
      '<link rel="modulepreload" href="/assets/b.js"/>' +
      '<link rel="icon" href="/favicon.svg" nonce="n1"/></head>' +
      '<body><script nonce="n1" type="module" async="">import("/assets/a.js")</script></body>';
    expect(deferScriptsHtml(html)).toBe(
      '<head><link rel="x-deferred-modulepreload" href="/assets/a.js"/>' +
        '<link rel="x-deferred-modulepreload" href="/assets/b.js"/>' +
        '<link rel="icon" href="/favicon.svg" nonce="n1"/></head>' +
        '<body><script nonce="n1" type="text/x-deferred-module" async="">import("/assets/a.js")</script></body>',
    );
  });
});

/**
 * The loader's own text, run against the least of a document it touches: the inert elements it
 * finds, what it appends to the head, and the tasks it queues (each setTimeout callback is one).
 */
function runLoader(preloads: number, on: "load" | "interaction") {
  const head: { rel?: string; href?: string; type?: string; nonce?: string; text?: string }[] = [];
  const tasks: (() => void)[] = [];
  const listeners = new Map<string, () => void>();
  const inertPreloads = Array.from({ length: preloads }, (_, i) => ({ href: `/assets/m${i}.js` }));
  const inertModules = [{ nonce: "n1", text: 'import "/assets/entry.js"' }];
  const document = {
    readyState: "complete",
    head: { appendChild: (element: (typeof head)[number]) => head.push({ ...element }) },
    createElement: () => ({}),
    querySelectorAll: (selector: string) =>
      selector.includes("x-deferred-modulepreload") ? inertPreloads : inertModules,
    addEventListener: () => {},
  };
  const addEventListener = (name: string, listener: () => void) => listeners.set(name, listener);
  const removeEventListener = () => {};
  const setTimeout = (task: () => void) => tasks.push(task);
  new Function(
    "document",
    "addEventListener",
    "removeEventListener",
    "setTimeout",
    deferredScriptsLoader(on),
  )(document, addEventListener, removeEventListener, setTimeout);
  const fire = (name: string) => listeners.get(name)?.();
  /** Runs the queued tasks in turn; returns what each appended. */
  const runTasks = () => {
    const appended: (typeof head)[] = [];
    while (tasks.length > 0) {
      const before = head.length;
      tasks.shift()!();
      appended.push(head.slice(before));
    }
    return appended;
  };
  return { head, fire, runTasks };
}

describe("deferredScriptsLoader", () => {
  it("after load, starts the preloads a few per task and the module scripts after them", () => {
    const page = runLoader(14, "load");
    expect(page.head).toEqual([]);
    page.fire("load");
    const perTask = page.runTasks();
    expect(perTask.map((task) => task.length)).toEqual([6, 6, 3]);
    const all = perTask.flat();
    expect(all.slice(0, 14).map((e) => [e.rel, e.href])).toEqual(
      Array.from({ length: 14 }, (_, i) => ["modulepreload", `/assets/m${i}.js`]),
    );
    expect(all[14]).toMatchObject({
      type: "module",
      nonce: "n1",
      text: 'import "/assets/entry.js"',
    });
    expect(PRELOADS_PER_TASK).toBe(6);
  });

  it("on interaction, starts the first preloads at once and the rest in later tasks, once", () => {
    const page = runLoader(7, "interaction");
    page.fire("pointerdown");
    expect(page.head.map((e) => e.href)).toEqual(
      Array.from({ length: 6 }, (_, i) => `/assets/m${i}.js`),
    );
    page.fire("keydown");
    const rest = page.runTasks().flat();
    expect(rest.map((e) => e.rel ?? e.type)).toEqual(["modulepreload", "module"]);
    expect(page.head).toHaveLength(8);
  });

  it("with no preloads, starts the module scripts at once", () => {
    const page = runLoader(0, "load");
    page.fire("load");
    expect(
      page
        .runTasks()
        .flat()
        .map((e) => e.type),
    ).toEqual(["module"]);
  });
});
