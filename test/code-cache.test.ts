// bin/cute-ts loads V8's compiled code for dist/cli.cjs from dist/cli.cache (src/cli/bundle.mjs):
// the cache must belong to the bundle it sits beside, V8 must accept it, and a cache that does not
// belong (another bundle, garbage) must change nothing but speed.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(__dirname, "..");
const BUNDLE = join(ROOT, "dist", "cli.cjs");
const CACHE = join(ROOT, "dist", "cli.cache");

/** run a copy of bin/ and dist/cli.cjs in a temporary directory, with cache(size, mtimeMs of the copy) (or none) as its dist/cli.cache */
function runCopy(cache: ((size: number, mtimeMs: number) => Buffer) | undefined, args: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "cute-ts-cache-"));
  try {
    mkdirSync(join(dir, "bin"));
    mkdirSync(join(dir, "dist"));
    copyFileSync(join(ROOT, "bin", "cute-ts"), join(dir, "bin", "cute-ts"));
    copyFileSync(join(ROOT, "bin", "package.json"), join(dir, "bin", "package.json"));
    copyFileSync(BUNDLE, join(dir, "dist", "cli.cjs"));
    const { size, mtimeMs } = statSync(join(dir, "dist", "cli.cjs"));
    if (cache !== undefined) writeFileSync(join(dir, "dist", "cli.cache"), cache(size, mtimeMs));
    return spawnSync(process.execPath, [join(dir, "bin", "cute-ts"), ...args], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the code cache of the CLI bundle", () => {
  it("each cache (the common one, the TMA commands' one) names the bundle beside it (size and modification time) and V8 accepts it", () => {
    for (const file of [CACHE, join(ROOT, "dist", "cli-tma.cache")]) {
      const bytes = readFileSync(file);
      const nl = bytes.indexOf(10);
      const { size, mtimeMs } = statSync(BUNDLE);
      expect(bytes.toString("latin1", 0, nl)).toBe(`cute-ts ${size} ${mtimeMs}`);
      // in a fresh node, as bin/cute-ts compiles it
      const probe = `const vm=require("node:vm"),fs=require("node:fs"),M=require("node:module");
        const s=new vm.Script(M.wrap(fs.readFileSync(${JSON.stringify(BUNDLE)},"utf8")),{filename:${JSON.stringify(BUNDLE)},cachedData:fs.readFileSync(${JSON.stringify(file)}).subarray(${nl + 1})});
        process.stdout.write(String(s.cachedDataRejected));`;
      const r = spawnSync(process.execPath, ["-e", probe], { encoding: "utf8" });
      expect(r.stdout).toBe("false");
    }
  });

  it("the bundle calls no import(): code run from a cache has no module loader", () => {
    // cli-table3 is the one import() left, behind `typeof require === "function"` (true in the bundle)
    const calls = readFileSync(BUNDLE, "utf8").match(/\bimport\(\s*["'`][^"'`]*["'`]\s*\)/g) ?? [];
    expect(calls).toEqual(['import("cli-table3")']);
  });

  const args = ["eval", "logical_divide((16,32):(32,1),(4,8))"];
  const expected = spawnSync(process.execPath, [join(ROOT, "bin", "cute-ts"), ...args], { encoding: "utf8" });

  it("a cache made for another bundle is not used", () => {
    // the copy's bundle has a new modification time: the header no longer names it
    const r = runCopy(() => readFileSync(CACHE), args);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(expected.stdout);
    expect(r.stdout).toContain("):");
  });

  it("garbage under a header naming the bundle is refused by V8 and the bundle compiled as usual", () => {
    const real = readFileSync(CACHE);
    const body = real.subarray(real.indexOf(10) + 1);
    const caches = [
      (size: number, t: number) => Buffer.from(`cute-ts ${size} ${t}\n` + "x".repeat(4096)),
      // V8's cache cut short (the build writes it whole, by rename; V8 checks its length)
      (size: number, t: number) => Buffer.concat([Buffer.from(`cute-ts ${size} ${t}\n`), body.subarray(0, body.length >> 1)]),
      () => Buffer.from("not a cache"),
      () => Buffer.alloc(0),
    ];
    for (const cache of caches) {
      const r = runCopy(cache, args);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(expected.stdout);
      expect(r.stderr).toBe("");
    }
  });

  it("the real cache under a header naming the copy is used and gives the same answer", () => {
    const real = readFileSync(CACHE);
    const r = runCopy((size, t) => Buffer.concat([Buffer.from(`cute-ts ${size} ${t}\n`), real.subarray(real.indexOf(10) + 1)]), args);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(expected.stdout);
  });

  it("runs without a cache", () => {
    const r = runCopy(undefined, args);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(expected.stdout);
  });
});
