/**
 * The import graph of src/ follows the layer order ARCHITECTURE.md documents: a module imports
 * only modules of its own layer or of layers below it, and no chain of imports (static, dynamic
 * or type-only) comes back to where it started.
 */
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

const SRC = join(__dirname, "..", "src");

/** bottom to top; src/index.ts (the library's entry) sits above them all */
export const LAYERS = ["core", "tensor", "print", "notation", "atoms", "eval", "verify", "check", "cli", "web"] as const;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** every relative module a file imports: `import ... from`, `export ... from`, `import("...")` */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm)].map((m) => m[1]!);
  return specs.map((s) => relative(SRC, normalize(join(dirname(file), s.replace(/\.js$/, ".ts")))));
}

function layerOf(mod: string): number {
  if (mod === "index.ts") return LAYERS.length;
  const i = LAYERS.indexOf(mod.split("/")[0] as (typeof LAYERS)[number]);
  if (i < 0) throw new Error(`${mod} is in no layer: add its folder to LAYERS and ARCHITECTURE.md`);
  return i;
}

const graph = new Map(files(SRC).map((f) => [relative(SRC, f), importsOf(f)]));

describe("layers", () => {
  it("keeps every source file at 800 lines or fewer (the house rule: a module over that is two concerns)", () => {
    const over = files(SRC)
      .map((f) => [relative(SRC, f), readFileSync(f, "utf8").split("\n").length - 1] as const)
      .filter(([, n]) => n > 800)
      .map(([m, n]) => `${m}: ${n} lines`);
    expect(over).toEqual([]);
  });

  it("every module is in a known layer and imports only existing modules", () => {
    for (const [mod, deps] of graph) {
      layerOf(mod);
      for (const d of deps) expect(graph.has(d), `${mod} imports ${d}, which does not exist`).toBe(true);
    }
  });

  it("no module imports from a layer above its own", () => {
    const against: string[] = [];
    for (const [mod, deps] of graph) {
      for (const d of deps) if (layerOf(d) > layerOf(mod)) against.push(`${mod} -> ${d}`);
    }
    expect(against).toEqual([]);
  });

  it("has no import circle", () => {
    // depth-first search; a back edge closes a circle
    const state = new Map<string, 1 | 2>();
    const circles: string[] = [];
    const stack: string[] = [];
    const visit = (m: string): void => {
      state.set(m, 1);
      stack.push(m);
      for (const d of graph.get(m) ?? []) {
        const s = state.get(d);
        if (s === 1) circles.push([...stack.slice(stack.indexOf(d)), d].join(" -> "));
        else if (s === undefined) visit(d);
      }
      stack.pop();
      state.set(m, 2);
    };
    for (const m of graph.keys()) if (!state.has(m)) visit(m);
    expect(circles).toEqual([]);
  });

  it("the evaluator's values pass through the notation's hooks typed (Hooks<EvalValue>), never cast through unknown", () => {
    const casts = ["eval", "notation"]
      .flatMap((d) => files(join(SRC, d)))
      .flatMap((f) => readFileSync(f, "utf8").split("\n").map((l, i) => ({ l, at: `${relative(SRC, f)}:${i + 1}` })))
      .filter(({ l }) => /\bas unknown as\b/.test(l))
      .map(({ at, l }) => `${at}: ${l.trim()}`);
    expect(casts).toEqual([]);
  });

  it("the checker sees the kinds of import the code uses", () => {
    // a guard on the scanner itself: these three forms are in src/ today
    const all = [...graph.values()].flat();
    expect(all).toContain("core/layout.ts");
    expect(importsOf(join(SRC, "cli", "registry.ts")).some((d) => d.startsWith("cli/commands/"))).toBe(true);
  });
});

/**
 * the library layers, which speak of values, never of command-line options: every layer below the
 * CLI, but src/eval/args, which reads option text into values (the CLI spells inputs as options;
 * the page, above the CLI, runs command lines)
 */
const VALUE_LAYERS = LAYERS.slice(0, LAYERS.indexOf("cli"));
const OPTION_READERS = join(SRC, "eval", "args");

/** the lines of a file's code that spell a command-line option (`--name`), comments left out (a decrement `--i` is not one) */
function optionSpellings(file: string): string[] {
  const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " "));
  return text
    .split("\n")
    .map((l, i) => ({ l: l.replace(/(^|[^:"'`])\/\/.*$/, "$1"), n: i + 1 }))
    .filter(({ l }) => /(^|[^-\w])--[a-z][a-z-]*[a-z]\b(?![.[]|\s*[=<>)\]};,]|\s*===|\s*<=)/.test(l))
    .map(({ l, n }) => `${relative(SRC, file)}:${n}: ${l.trim()}`);
}

describe("library layers speak of values, not of options", () => {
  it("no code line of a library layer (core … check, but eval/args) names a command-line option (an input is named as a value: errors.ts's `input`)", () => {
    expect(VALUE_LAYERS).toEqual(["core", "tensor", "print", "notation", "atoms", "eval", "verify", "check"]);
    const found = VALUE_LAYERS.flatMap((d) => files(join(SRC, d)))
      .filter((f) => !f.startsWith(OPTION_READERS + "/"))
      .flatMap(optionSpellings);
    expect(found).toEqual([]);
  });
  it("eval/args, the layer that reads option text, spells options: the check would see them there", () => {
    const args = files(OPTION_READERS);
    expect(args.length).toBeGreaterThan(0);
    expect(args.flatMap(optionSpellings).length).toBeGreaterThan(0);
  });
  it("the check sees an option spelled in a message, and not a decrement or a comment", () => {
    const tmp = join(__dirname, "..", "node_modules", ".layers-option-probe.ts");
    try {
      writeFileSync(tmp, 'throw new Error(`--tv must have two modes`);\nwhile (--depth > 0) x--;\n// --force in a comment\n/** --map in a doc */\nif (--budget.left < 0) return;\n');
      expect(optionSpellings(tmp).map((l) => l.replace(/^.*?: /, ""))).toEqual(["throw new Error(`--tv must have two modes`);"]);
    } finally {
      rmSync(tmp, { force: true });
    }
  });
});
