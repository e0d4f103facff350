/**
 * The import graph of src/ follows the layer order ARCHITECTURE.md documents: a module imports
 * only modules of its own layer or of layers below it, and no chain of imports (static, dynamic
 * or type-only) comes back to where it started.
 */
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
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

  it("the checker sees the kinds of import the code uses", () => {
    // a guard on the scanner itself: these three forms are in src/ today
    const all = [...graph.values()].flat();
    expect(all).toContain("core/layout.ts");
    expect(importsOf(join(SRC, "cli", "registry.ts")).some((d) => d.startsWith("cli/commands/"))).toBe(true);
  });
});
