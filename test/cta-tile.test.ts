/**
 * mma/copy --cta-tile --thread T / --map: what each thread owns of a CTA tile. The print_tensor
 * part is CuTe's (the partition goldens print the same tensors); the maps agree with `mma --map`
 * where one MMA covers the tile, and every cell's owner holds that cell at that value index.
 */
import { describe, expect, it } from "vitest";
import { readGolden, run, trimEnd } from "./helpers.js";

const golden = readGolden("../fixtures/golden/partition.jsonl");
const out = (id: string) => golden.find((r) => r.id === id)!.out!;

/** a map's lines after its title line */
const table = (s: string) => s.split("\n").slice(1).join("\n");

describe("mma --cta-tile --thread", () => {
  it("prints print_tensor(thr_mma.partition_A(make_identity_tensor(cta))) as CuTe does (part-002, part-008)", async () => {
    const base = ["mma", "SM80_16x8x16_F16F16F16F16_TN", "--atoms", "(_2,_2)", "--tile", "(_32,_32,_16)", "--cta-tile", "(_128,_128,_64)"];
    const a0 = await run([...base, "--thread", "0", "--operand", "A"]);
    expect(a0.stderr).toBe("");
    // stdout is CuTe's print_tensor text alone; --explain names the partition on a line above it
    expect(trimEnd(a0.stdout)).toBe(trimEnd(out("part-002")));
    const e0 = await run([...base, "--thread", "0", "--operand", "A", "--explain"]);
    expect(e0.stderr).toBe("");
    expect(e0.stdout).toBe("A (m,k): thread 0's partition_A of the 128 x 64 tile, 128 values\n" + a0.stdout);
    expect((await run([...base, "--thread", "0", "--operand", "A", "--explain", "--json"])).stderr).toMatch(/--explain goes with --desc-smem, or with --cta-tile and --thread T/);
    const b37 = await run([...base, "--thread", "37", "--operand", "B"]);
    expect(trimEnd(b37.stdout)).toBe(trimEnd(out("part-008")));
  });
  it("without --operand prints A, B and C; --json gives the same coordinates", async () => {
    // part-026 is get_slice(100) of these 32 threads: ThrLayoutVMNK reads 100 as thread 4's coordinate (0,1,0,0)
    const argv = ["mma", "SM70_8x8x4_F32F16F16F32_NT", "--atoms", "(_2,_2,_1)", "--cta-tile", "(_64,_64,_16)", "--thread", "4"];
    const all = await run(argv);
    expect(all.stderr).toBe("");
    expect(all.stdout).not.toContain("thread 4's");
    const explained = (await run([...argv, "--explain"])).stdout;
    expect(explained.split("\n").filter((l) => / thread 4's partition_/.test(l))).toEqual([
      "A (m,k): thread 4's partition_A of the 64 x 16 tile, 64 values",
      "B (n,k): thread 4's partition_B of the 64 x 16 tile, 64 values",
      "C (m,n): thread 4's partition_C of the 64 x 64 tile, 128 values",
    ]);
    const a = all.stdout.split("\n\n")[0]!;
    expect(trimEnd(a)).toBe(trimEnd(out("part-026")));
    const j = JSON.parse((await run([...argv, "--operand", "A", "--json"])).stdout) as { kind: string; partitions: { A: { thread: number; coords: number[][] }[] } };
    expect(j.kind).toBe("mma_partition");
    const printed = [...table(a).matchAll(/\((\d+),(\d+)\)/g)].map((m) => `${m[1]},${m[2]}`).sort();
    expect(j.partitions.A[0]!.coords.map((c) => c.join(",")).sort()).toEqual(printed);
  });
  it("--map over one MMA's tile is mma --map's grid (C: one owner per cell)", async () => {
    const mma = ["mma", "SM80_16x8x8_F16F16F16F16_TN", "--atoms", "(_2,_1,_1)"];
    const plain = await run([...mma, "--map", "C"]);
    const cta = await run([...mma, "--cta-tile", "(_32,_8,_8)", "--map", "C"]);
    expect(cta.stderr).toBe("");
    expect(table(cta.stdout)).toBe(table(plain.stdout));
  });
  it("every cell of a --map names a thread whose partition holds that cell at that value", async () => {
    const mma = ["mma", "SM80_16x8x16_F16F16F16F16_TN", "--atoms", "(_2,_2)", "--tile", "(_32,_32,_16)", "--cta-tile", "(_64,_32,_32)"];
    const map = (await run([...mma, "--map", "A"])).stdout;
    const j = JSON.parse((await run([...mma, "--map", "A", "--json"])).stdout) as { partitions: { A: { thread: number; coords: number[][] }[] } };
    const byThread = new Map(j.partitions.A.map((p) => [p.thread, p.coords]));
    const rows = map.split("\n").filter((l) => /^\s*\d+ \|/.test(l));
    expect(rows.length).toBe(64);
    rows.forEach((line, m) => {
      const cells = [...line.matchAll(/T(\d+)V(\d+)/g)];
      expect(cells.length).toBe(32);
      cells.forEach((c, k) => {
        const t = Number(c[1]), v = Number(c[2]);
        expect(byThread.get(t)![v]).toEqual([m, k]);
        // no lower thread holds the cell
        for (const [u, cs] of byThread) if (u < t) expect(cs.some(([a, b]) => a === m && b === k)).toBe(false);
      });
    });
  });
  it("refusals", async () => {
    const base = ["mma", "SM80_16x8x8_F16F16F16F16_TN"];
    expect((await run([...base, "--cta-tile", "(_16,_8,_8)"])).stderr).toMatch(/--cta-tile goes with --thread T/);
    expect((await run([...base, "--cta-tile", "(_16,_8)", "--thread", "0"])).stderr).toMatch(/--cta-tile of an MMA is \(M,N,K\)/);
    expect((await run([...base, "--cta-tile", "(_16,_8,_8)", "--thread", "40"])).stderr).toMatch(/--thread 40 is not a thread of this TiledMMA/);
  });
});

describe("copy --thread / --map", () => {
  const cpasync = ["copy", "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "--value", "half_t", "--thr", "(_16,_8):(_8,_1)", "--val", "(_1,_8)"];
  it("prints print_tensor(thr_copy.partition_S(make_identity_tensor(cta))) as CuTe does (part-047, part-067)", async () => {
    const s = await run([...cpasync, "--cta-tile", "(_128,_64)", "--thread", "37", "--side", "S"]);
    expect(s.stderr).toBe("");
    expect(trimEnd(s.stdout)).toBe(trimEnd(out("part-047")));
    const c = await run(["copy", "UniversalCopy<uint32_t>", "--value", "half_t", "--for-mma", "SM80_16x8x16_F16F16F16F16_TN", "--atoms", "(_2,_2)", "--tile", "(_32,_32,_16)", "--operand", "C", "--cta-tile", "(_128,_128)", "--thread", "37", "--side", "S"]);
    expect(trimEnd(c.stdout)).toBe(trimEnd(out("part-067")));
  });
  it("without --cta-tile, the TiledCopy's own tile; without --side, S then D", async () => {
    const r = await run([...cpasync, "--thread", "3"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/^ArithTuple\(/);
    const e = await run([...cpasync, "--thread", "3", "--explain"]);
    expect(e.stdout.split("\n").filter((l) => /partition_[SD] of/.test(l))).toEqual(["S (m,n): thread 3's partition_S of the 16 x 64 tile, 8 values", "D (m,n): thread 3's partition_D of the 16 x 64 tile, 8 values"]);
    expect(e.stdout.replace(/^[SD] \(m,n\): .*\n/gm, "")).toBe(r.stdout);
    expect((await run([...cpasync, "--explain"])).stderr).toMatch(/--explain goes with --thread T/);
  });
  it("--map: each cell once for a copy that tiles its tile (every thread, every value)", async () => {
    const map = (await run(["copy", "UniversalCopy<uint32_t>", "--value", "float", "--thr", "(_4,_2)", "--val", "(_2,_1)", "--map", "--side", "S"])).stdout;
    const cells = [...map.matchAll(/T(\d+)V(\d+)/g)].map((m) => `${m[1]}/${m[2]}`);
    expect(cells.length).toBe(16);
    expect(new Set(cells).size).toBe(16);
  });
  it("refusals", async () => {
    expect((await run([...cpasync, "--side", "X", "--thread", "0"])).stderr).toMatch(/--side expects S .* or D/);
    expect((await run([...cpasync, "--thread", "128"])).stderr).toMatch(/--thread 128 is not a thread of this TiledCopy \(threads 0\.\.127\)/);
    expect((await run(["copy", "UniversalCopy<uint32_t>", "--value", "float", "--thread", "0"])).stderr).toMatch(/partition a TiledCopy: add --thr\/--val or --for-mma/);
  });
});
