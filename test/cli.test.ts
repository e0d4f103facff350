/** The real binary: packaging, exit codes, no stack traces. */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { readGolden, trimEnd } from "./helpers.js";

const bin = fileURLToPath(new URL("../bin/cute-ts", import.meta.url));
const cli = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", input: "" });

describe("bin/cute-ts", () => {
  it("prints a layout as print_layout", () => {
    const r = cli("print", "(_2,_4):(_1,_2)");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      "(_2,_4):(_1,_2)\n      0   1   2   3 \n    +---+---+---+---+\n 0  | 0 | 2 | 4 | 6 |\n    +---+---+---+---+\n 1  | 1 | 3 | 5 | 7 |\n    +---+---+---+---+\n",
    );
  });
  it("refuses a parse error with a caret, exit 2, nothing on stdout", () => {
    const r = cli("eval", "(4,8):(1,4");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("^");
    expect(r.stderr).not.toMatch(/\n[ \t]+at /);
  });
  it("names the rule CuTe applies", () => {
    const r = cli("eval", "complement((16,4):(1,16),_128)");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("Dynamic-stride complement only for rank-1 layouts");
  });
  it("batch through the binary, with the V8 settings it makes for long runs, answers every algebra golden as CuTe printed it", () => {
    const recs = readGolden("../fixtures/golden/algebra.jsonl");
    const input = recs.map((r) => JSON.stringify({ id: r.id, cmd: r.cmd })).join("\n") + "\n";
    const r = spawnSync(process.execPath, [bin, "batch"], { encoding: "utf8", input, maxBuffer: 1 << 28 });
    expect(r.status).toBe(0);
    const answers = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { id: string; stdout: string; stderr: string; exit: number });
    expect(answers.map((a) => a.id)).toEqual(recs.map((x) => x.id));
    const wrong = answers.filter((a, i) => {
      const g = recs[i]!;
      return g.error ? a.exit === 0 || a.stdout !== "" : a.exit !== 0 || trimEnd(a.stdout) !== trimEnd(g.out!);
    });
    expect(wrong.map((a) => a.id)).toEqual([]);
  });
  it("batch answers one line per input, bad lines included", () => {
    const input = '{"id":1,"cmd":["eval","size((2,3))"]}\nnot json\n{"id":3,"cmd":["eval","(4"]}\n';
    const r = spawnSync(process.execPath, [bin, "batch"], { encoding: "utf8", input });
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.length).toBe(3);
    expect(lines[0]).toEqual({ id: 1, stdout: "6\n", stderr: "", exit: 0 });
    expect(lines[1].exit).toBe(2);
    expect(lines[2].exit).toBe(2);
  });
  it("batch writes each answer as JSON.stringify would, whatever the id and the text hold", () => {
    const ids = [{ a: [1, "x"] }, "q\"\\\u2028", null, 2.5];
    const input = ids.map((id) => JSON.stringify({ id, cmd: ["print", "(2,2):(1,\"2)"] })).join("\n") + "\n" + JSON.stringify({ id: 9, cmd: ["print", "(2,3):(3,1)"] }) + "\n";
    const r = spawnSync(process.execPath, [bin, "batch"], { encoding: "utf8", input });
    const lines = r.stdout.split("\n").slice(0, -1);
    expect(lines.length).toBe(5);
    for (const l of lines) {
      const o = JSON.parse(l);
      expect(Object.keys(o)).toEqual(["id", "stdout", "stderr", "exit"]);
      expect(l).toBe(JSON.stringify(o));
    }
    expect(lines.slice(0, 4).map((l) => JSON.parse(l).id)).toEqual(ids);
    expect(JSON.parse(lines[4]!).stdout).toContain("+---+---+---+");
  });
  it("writes a large answer whole through a pipe, and stops quietly when the reader goes away", () => {
    const big = spawnSync(process.execPath, [bin, "mma", "SM90_64x256x16_F32BF16BF16_SS", "--svg"], { encoding: "utf8", input: "", maxBuffer: 1 << 28 });
    expect(big.status).toBe(0);
    expect(big.stdout.length).toBeGreaterThan(1 << 20);
    expect(big.stdout.endsWith("</svg>\n")).toBe(true);
    const head = spawnSync("sh", ["-c", `"${process.execPath}" "${bin}" mma SM90_64x256x16_F32BF16BF16_SS --svg | head -c 10; exit \${PIPESTATUS:-0}`], { encoding: "utf8" });
    expect(head.stdout).toBe("<!--  Tile");
    expect(head.stderr).toBe("");
  });
  it("--help shows examples", () => {
    const r = cli("eval", "--help");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("$ cute-ts eval");
  });
});
