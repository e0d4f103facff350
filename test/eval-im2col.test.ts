/**
 * make_im2col_tma_copy, make_im2col_tma_copy/atom_A/B_sm100 from C++ (eval): each im2col golden
 * record of `tma` (the TiledCopy / Copy_Atom CuTe printed) and `tma-coords` (its get_tma_tensor)
 * whose options spell a C++ call, written as that call, must print what CuTe printed.
 */
import { describe, expect, it } from "vitest";
import { readGolden, run, trimEnd } from "./helpers.js";

const CONV = ["--lower-corner", "--upper-corner", "--lower-padding", "--upper-padding", "--traversal-stride", "--lower-srt", "--dilation"];

/** the C++ expression a record's options describe, or undefined where the options are not one call */
function cxxOf(cmd: string[]): string | undefined {
  const opt = (name: string) => {
    const i = cmd.indexOf(name);
    return i < 0 ? undefined : cmd[i + 1]!;
  };
  if (["--desc", "--tile", "--block", "--partition", "--rank", "--explain", "--atoms"].some((o) => cmd.includes(o))) return undefined;
  const conv = CONV.map(opt);
  if (conv.some((c) => c !== undefined) && conv.some((c) => c === undefined)) return undefined; // C++ takes all seven or none
  const convText = conv[0] === undefined ? "" : `, ${conv.join(", ")}`;
  const g = `make_tensor(make_gmem_ptr((${opt("--type")}*)0x1000), ${opt("--gmem")})`;
  const head = `${opt("--op")}{}, ${g}, ${opt("--smem")}`;
  const mma = opt("--for-mma");
  const tiler = opt("--cta-tiler"), cluster = opt("--cluster");
  let call: string;
  if (mma === undefined) {
    if (cluster !== undefined && tiler === undefined) return undefined;
    call = `make_im2col_tma_copy(${head}${tiler ? `, ${tiler}` : ""}${cluster ? `, ${cluster}` : ""}${convText})`;
  } else if (cmd.includes("--tma-atom")) {
    if (cluster === undefined || conv[0] === undefined) return undefined;
    call = `make_im2col_tma_atom_${opt("--operand")}_sm100(${head}, ${tiler}, make_tiled_mma(${mma}{}), ${cluster}${convText})`;
  } else {
    if (conv[0] === undefined) return undefined;
    call = `make_im2col_tma_copy_${opt("--operand")}_sm100(${head}, ${tiler}, make_tiled_mma(${mma}{})${convText})`;
  }
  return cmd[0] === "tma" ? call : `${call}.get_tma_tensor(0)`;
}

describe("im2col builders from C++, against im2col.jsonl", () => {
  const recs = readGolden("../fixtures/golden/im2col.jsonl").filter((r) => r.out !== undefined && cxxOf(r.cmd) !== undefined);
  it("covers SM90 and SM100 builders, TiledCopies and coordinate tensors", () => {
    expect(recs.length).toBeGreaterThanOrEqual(15);
    expect(recs.some((r) => r.cmd.includes("--for-mma"))).toBe(true);
    expect(recs.some((r) => r.cmd[0] === "tma-coords")).toBe(true);
  });
  for (const r of recs) {
    it(`${r.id}: ${cxxOf(r.cmd)!.slice(0, 150)}`, async () => {
      const got = await run(["eval", cxxOf(r.cmd)!]);
      expect(got.stderr).toBe("");
      expect(trimEnd(got.stdout)).toBe(trimEnd(r.out!));
    }, 120_000);
  }
  it("refusals: a tiled op, the wrong argument count, a conv parameter that is not a tuple of integers", async () => {
    const g = "make_tensor(make_gmem_ptr((half_t*)0x1000), ((56,56,8),64):((64,3584,200704),_1))";
    const bad = async (e: string, re: RegExp) => {
      const x = await run(["eval", e]);
      expect(x.exit).toBe(2);
      expect(x.stderr).toMatch(re);
    };
    await bad(`make_im2col_tma_copy(SM90_TMA_LOAD{}, ${g}, (_128,_64):(_64,_1))`, /im2col copy operation/);
    await bad(`make_tma_copy(SM90_TMA_LOAD_IM2COL{}, ${g}, (_128,_64):(_64,_1))`, /make_im2col_tma_copy/);
    await bad(`make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL{}, ${g}, (_128,_64):(_64,_1), (0,0), (0,0))`, /no matching overload for 5 arguments|multicast size/);
    await bad(`make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL{}, ${g}, (_128,_64):(_64,_1), (0,0), (0,0), (0,0), (0,0), (1,1), (0,0), _1:_1)`, /lower_corner_whd|stride_srt|tuple of integers/);
  });
});
