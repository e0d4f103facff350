/**
 * TMA as a kernel's host code builds it, through `eval`: every record of tma.jsonl whose C++
 * program ends in print(...) or print_tensor(...) runs as the program it is (its `cxx`, with the
 * record generator's stand-in `fake_gmem_ptr<T>()` written as the address it stands for,
 * `(T*)0x10000000`), and must print CuTe's output byte for byte, or refuse where CuTe refused.
 * Unlike test/cxx-golden.test.ts (which unfolds a record's C++ into the command's options), the
 * program here is read by cute-ts's own block grammar: aliases, declarations, member calls.
 *
 * Beside it: a block's type aliases (scope, casts, template arguments) and the TMA builders'
 * refusals in expressions.
 */
import { describe, expect, it } from "vitest";
import { readGolden, run, trimEnd, type GoldenRecord } from "./helpers.js";

const STAND_IN = "fake_gmem_ptr<T>()";

/** the program CuTe ran, as a kernel author would paste it */
function program(r: GoldenRecord): string {
  return r.cxx!.split(STAND_IN).join("(T*)0x10000000");
}

const printsLast = (r: GoldenRecord): boolean => {
  const lines = r.cxx!.trim().split("\n");
  return /^print(?:_tensor)?\(/.test(lines[lines.length - 1]!.trim());
};

describe("tma.jsonl's C++ programs through eval", () => {
  const all = readGolden("../fixtures/golden/tma.jsonl");
  const records = all.filter((r) => r.cxx !== undefined && printsLast(r));

  it("the records that print (not the descriptor stub) are most of the file, and each program uses the stand-in once", () => {
    // the stub print_tma_desc_record() is the generator's, not CuTe's: those records stay with `tma --desc`
    expect(records.length).toBe(all.filter((r) => !/print_tma_desc_record\(\);\s*$/.test(r.cxx ?? "")).length);
    expect(records.length).toBeGreaterThan(1000);
    const code = (r: GoldenRecord) => r.cxx!.split("\n").filter((l) => !l.trim().startsWith("//")).join("\n");
    for (const r of records) expect(code(r).split(STAND_IN).length - 1, r.id).toBe(1);
  });

  const CHUNK = 200;
  for (let i = 0; i < records.length; i += CHUNK) {
    const chunk = records.slice(i, i + CHUNK);
    it(`records ${i + 1}-${i + chunk.length} of ${records.length}`, async () => {
      let matched = 0;
      for (const r of chunk) {
        const got = await run(["eval", program(r)]);
        const where = `${r.id}:\n${program(r)}\n${got.stderr}`;
        expect(got.stderr, where).not.toMatch(/internal error|\n[ \t]+at /);
        if (r.error) {
          // CuTe refused (at compile or run time): the same refusal `cute-ts tma` gives for the record's options
          expect(got.exit, where).toBe(2);
          expect(got.stdout, where).toBe("");
          const cli = await run(r.cmd);
          expect(cli.exit, r.id).toBe(2);
          expect(got.stderr, where).toBe(cli.stderr);
        } else {
          expect(got.stderr, where).toBe("");
          expect(trimEnd(got.stdout), where).toBe(trimEnd(r.out!));
          expect(got.exit, where).toBe(0);
        }
        matched++;
      }
      expect(matched).toBe(chunk.length);
    });
  }
});

const GMEM = `auto gmem_layout = make_layout(make_shape(1024,1024), LayoutRight{});
Tensor gtensor = make_tensor(make_gmem_ptr((T*)0x10000000), gmem_layout);
auto smem_layout = make_layout(make_shape(Int<16>{},Int<16>{}), LayoutRight{});`;

/** a block run through eval: its stdout, stderr and exit */
const block = (text: string) => run(["eval", text]);

describe("type aliases in a block", () => {
  it("an alias is a value type in a cast, as the type it names", async () => {
    const alias = await block("using T = half_t;\nprint((T*)0x1000);");
    const direct = await block("print((half_t*)0x1000);");
    expect(direct.exit).toBe(0);
    expect(alias).toEqual(direct);
    // sizeof_bits<half_t> is 16: the pointer's print names its width
    expect(alias.stdout).toContain("[16b]");
  });

  it("an alias of an alias, a cast with const, reinterpret_cast and a template argument", async () => {
    const r = await block("using E = float; using T = E;\nauto p = reinterpret_cast<T const*>(0x100);\nauto q = (const T*)0x100;\nprint(p); print(\"\\n\"); print(q); print(\"\\n\"); print(make_tensor<T>(make_shape(Int<2>{})));");
    const d = await block("auto p = reinterpret_cast<float const*>(0x100);\nauto q = (const float*)0x100;\nprint(p); print(\"\\n\"); print(q); print(\"\\n\"); print(make_tensor<float>(make_shape(Int<2>{})));");
    expect(d.exit).toBe(0);
    expect(r).toEqual(d);
  });

  it("an alias is the Copy_Atom's value type", async () => {
    const r = await block("using T = half_t;\nprint(Copy_Atom<UniversalCopy<uint32_t>, T>{});");
    const d = await block("print(Copy_Atom<UniversalCopy<uint32_t>, half_t>{});");
    expect(d.exit).toBe(0);
    expect(r).toEqual(d);
    expect(r.stdout).toContain("ValueType:    16b");
  });

  it("a later alias of the same name replaces it for the statements after it", async () => {
    const r = await block("using T = float;\nauto a = (T*)0x100;\nusing T = double;\nauto b = (T*)0x100;\nprint(a); print(\"\\n\"); print(b);");
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("ptr[32b](0x100)\nptr[64b](0x100)");
  });

  it("an alias is the block's own: another program does not see it", async () => {
    expect((await block("using T = float;\nprint((T*)0x100);")).exit).toBe(0);
    const r = await block("auto p = (T*)0x100;\nprint(p);");
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("unknown value type 'T' in a cast");
  });

  it("the TMA's type follows the alias", async () => {
    const f = await block(`using T = float;\n${GMEM}\nprint(make_tma_copy(SM90_TMA_LOAD{}, gtensor, smem_layout));`);
    const h = await block(`using T = half_t;\n${GMEM}\nprint(make_tma_copy(SM90_TMA_LOAD{}, gtensor, smem_layout));`);
    const cf = await run(["tma", "--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_16,_16):(_16,_1)"]);
    const ch = await run(["tma", "--op", "SM90_TMA_LOAD", "--type", "half_t", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_16,_16):(_16,_1)"]);
    expect(trimEnd(f.stdout)).toBe(trimEnd(cf.stdout));
    expect(trimEnd(h.stdout)).toBe(trimEnd(ch.stdout));
    expect(f.stdout).not.toBe(h.stdout);
  });
});

describe("TMA builders in expressions", () => {
  const T = "using T = float;\n" + GMEM + "\n";
  const tmaCmd = ["--op", "SM90_TMA_LOAD_MULTICAST", "--type", "float", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_16,_16):(_16,_1)", "--cluster", "_2"];

  it("print(tma) is cute-ts tma's print; print(get_tma_tensor) and a rank's partition are tma-coords'", async () => {
    const e = await block(T + "auto tma = make_tma_copy(SM90_TMA_LOAD_MULTICAST{}, gtensor, smem_layout, Int<2>{});\nprint(tma);");
    expect(trimEnd(e.stdout)).toBe(trimEnd((await run(["tma", ...tmaCmd])).stdout));
    const t = await block(T + "auto tma = make_tma_copy(SM90_TMA_LOAD_MULTICAST{}, gtensor, smem_layout, Int<2>{});\nprint(tma.get_tma_tensor(shape(gtensor)));");
    expect(trimEnd(t.stdout)).toBe(trimEnd((await run(["tma-coords", ...tmaCmd])).stdout));
    const p = await block(T + "auto tma = make_tma_copy(SM90_TMA_LOAD_MULTICAST{}, gtensor, smem_layout, Int<2>{});\nauto gA = local_tile(tma.get_tma_tensor(shape(gtensor)), make_shape(Int<16>{},Int<16>{}), make_coord(7,0));\nprint_tensor(tma.get_thread_slice(1).partition_D(gA));");
    expect(p.exit).toBe(0);
    expect(trimEnd(p.stdout)).toBe(trimEnd((await run(["tma-coords", ...tmaCmd, "--tile", "(_16,_16)", "--block", "(7,0)", "--partition", "D", "--rank", "1"])).stdout));
  });

  it("make_tma_atom is the Copy_Atom of tma --tma-atom, with its coordinate tensor", async () => {
    const opts = ["--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_16,_16):(_16,_1)", "--cta-tiler", "(_16,_16)", "--tma-atom"];
    const a = await block(T + "auto atom = make_tma_atom(SM90_TMA_LOAD{}, gtensor, smem_layout, make_shape(Int<16>{},Int<16>{}));\nprint(atom);\nprint(atom.get_tma_tensor(shape(gtensor)));");
    const cli = await run(["tma", ...opts]);
    const coords = await run(["tma-coords", ...opts]);
    expect(a.exit).toBe(0);
    expect(a.stdout).toBe(cli.stdout + trimEnd(coords.stdout));
  });

  it("the SM100 operand builders are tma --for-mma's", async () => {
    const mma = "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,UMMA::Major::K,UMMA::Major::K>";
    const smem = "Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)";
    const prog = `using T = half_t;
Tensor gA = make_tensor(make_gmem_ptr((T*)0x10000000), make_layout(make_shape(512,256), LayoutRight{}));
auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, make_shape(Int<128>{},Int<64>{}));
auto tiled_mma = make_tiled_mma(${mma}{});
auto smem = make_layout(make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{}), make_stride(make_stride(Int<64>{},Int<1>{}),Int<0>{},Int<16>{}));
auto cluster = tiled_divide(make_layout(make_shape(Int<4>{},Int<4>{},Int<1>{})), make_tile(Layout<_2>{}));
auto atom = make_tma_atom_A_sm100(SM100_TMA_2SM_LOAD_MULTICAST{}, gA, composition(Swizzle<3,4,3>{}, smem), make_shape(Int<256>{},Int<256>{},Int<64>{}), tiled_mma, cluster);
print(atom);`;
    const e = await block(prog);
    const cli = await run(["tma", "--op", "SM100_TMA_2SM_LOAD_MULTICAST", "--type", "half_t", "--gmem", "(512,256):(256,_1)", "--smem", smem, "--for-mma", mma, "--operand", "A", "--cta-tiler", "(_256,_256,_64)", "--cluster", "(_4,_4,_1)", "--tma-atom"]);
    expect(cli.exit, cli.stderr).toBe(0);
    expect(e.stderr).toBe("");
    expect(trimEnd(e.stdout)).toBe(trimEnd(cli.stdout));
  });

  const refuses = async (text: string, message: string | RegExp): Promise<void> => {
    const r = await block(text);
    expect(r.stderr).not.toMatch(/internal error|\n[ \t]+at /);
    expect(r.exit, r.stdout).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(message);
  };

  it("refuses as CuTe does: sizes, tiler ranks, swizzles, strides", async () => {
    // copy_traits_sm90_tma.hpp's static_assert: size(slayout) == size(cta_v_map)
    await refuses(T + "print(make_tma_copy(SM90_TMA_LOAD{}, gtensor, smem_layout, make_shape(Int<32>{},Int<16>{}), Int<1>{}));", /TMA requires CTA_Tile and SLayout top-level size equivalence/);
    // layout.hpp: a tiler of more modes than the layout
    await refuses(T + "print(make_tma_copy(SM90_TMA_LOAD{}, gtensor, make_layout(make_shape(Int<16>{},Int<4>{},Int<4>{})), make_shape(Int<16>{},Int<4>{},Int<4>{}), Int<1>{}));", /tuple_size<Tiler>::value <= Layout::rank/);
    // the multicast box must divide
    await refuses(T + "print(make_tma_copy(SM90_TMA_LOAD_MULTICAST{}, gtensor, make_layout(make_shape(Int<1>{},Int<3>{}), LayoutRight{}), Int<2>{}));", /multicast/);
    // a gmem stride not a multiple of 16 bytes (make_tma_copy_desc's assert)
    await refuses("using T = float;\nTensor g = make_tensor(make_gmem_ptr((T*)0x10000000), make_layout(make_shape(1000,1001), LayoutRight{}));\nprint(make_tma_copy(SM90_TMA_LOAD{}, g, make_layout(make_shape(Int<16>{},Int<16>{}), LayoutRight{})));", /Stride must be multiple of 16B \(128b\)/);
    // an smem swizzle TMA cannot take
    await refuses(T + "print(make_tma_copy(SM90_TMA_LOAD{}, gtensor, composition(Swizzle<3,5,3>{}, make_layout(make_shape(Int<16>{},Int<16>{}), LayoutRight{}))));", /Expected B = 2 when M == 5 or 6/);
  });

  it("refuses what has no overload: the operation, the gmem tensor, the arguments, the members", async () => {
    await refuses(T + "print(make_tma_copy(SM90_TMA_LOAD_2D{}, gtensor, smem_layout));", /SM90_TMA_LOAD_2D is one rank of SM90_TMA_LOAD/);
    await refuses(T + "print(make_tma_copy(gtensor, gtensor, smem_layout));", /the first argument is a TMA copy operation/);
    await refuses(T + "print(make_tma_copy(SM90_TMA_LOAD{}, gmem_layout, smem_layout));", /the second argument is the gmem tensor/);
    await refuses(T + "print(make_tma_copy(SM90_TMA_LOAD{}, make_tensor(make_smem_ptr((T*)0x100), gmem_layout), smem_layout));", /points to global memory/);
    await refuses(T + "print(make_tma_copy(SM90_TMA_LOAD{}, make_tensor(gmem_ptr[32b](0x10000000), gmem_layout), smem_layout));", /element type is not known/);
    await refuses("using T = bool;\n" + GMEM + "\nprint(make_tma_copy(SM90_TMA_LOAD{}, gtensor, smem_layout));", /Unknown TMA Format/);
    await refuses(T + "print(make_tma_copy(SM90_TMA_LOAD{}, gtensor));", /no matching overload for 2 arguments \(takes 3 to 5\)/);
    await refuses(T + "print(make_tma_atom(SM90_TMA_LOAD{}, gtensor, smem_layout));", /no matching overload for 3 arguments \(takes 4 to 5\)/);
    await refuses(T + "print(SM90_TMA_LOAD{});", /no matching overload for the copy operation SM90_TMA_LOAD/);
    await refuses(T + "auto tma = make_tma_copy(SM90_TMA_LOAD{}, gtensor, smem_layout);\nprint(tma.get_tma_tensor(make_shape(1024)));", /is_congruent/);
    await refuses(T + "auto tma = make_tma_copy(SM90_TMA_LOAD{}, gtensor, smem_layout);\nprint(tma.partition_S(gtensor));", /member of one CTA's slice: write \.get_slice\(cta_rank\)\.partition_S/);
    await refuses(T + "auto tma = make_tma_copy(SM90_TMA_LOAD{}, gtensor, smem_layout);\nprint(tma.get_slice(0).partition_S(gmem_layout));", /it partitions a tensor/);
    await refuses(T + "print(make_tma_copy(SM90_TMA_LOAD_IM2COL{}, gtensor, smem_layout));", /CuTe rejects make_tma_copy: no matching overload for the im2col operation .*make_im2col_tma_copy/);
    await refuses(T + "print(tma_partition(make_tma_atom(SM90_TMA_LOAD{}, gtensor, smem_layout, make_shape(Int<16>{},Int<16>{})), gtensor, gtensor));", /tma_partition.*size<0>\(stensor\) == size<0>\(gtensor\)/);
  });

  it("a command-line option is no place for a TMA (it is a value of eval and print only)", async () => {
    const r = await run(["tma", "--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "make_tma_copy(SM90_TMA_LOAD{}, 1, 2)", "--smem", "(_16,_16):(_16,_1)"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("is an MMA or copy atom or operation, a value of `cute-ts eval` and `cute-ts print` only");
    const f = await run(["tma", "--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "make_tma_copy(1, 2, 3)", "--smem", "(_16,_16):(_16,_1)"]);
    expect(f.exit).toBe(2);
    expect(f.stderr).toContain("'make_tma_copy' makes an MMA or copy atom, a value of `cute-ts eval` and `cute-ts print` only");
  });
});
