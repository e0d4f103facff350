/**
 * print_tensor / print_layout rules read from CuTe's printers (print.hpp, print_tensor.hpp,
 * layout.hpp's print_layout) for inputs the golden records do not reach.
 */
import { describe, expect, it } from "vitest";
import { run } from "./helpers.js";

describe("print_tensor element formatting (CuTe's pretty_print overloads)", () => {
  it("a run-time int is %5d; a static integer takes the generic overload, '  ' then print(): _N", async () => {
    // the iterator is the static _2 and the stride _0, so tensor(m) = _2 + m*_0 stays static
    const r = await run(["print", "local_partition(make_identity_tensor(_4),_4:_1,_2)"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("ArithTuple_2 o ((_1)):((_0)):\n  _2\n");
    // a counting iterator's elements are run-time ints
    const c = await run(["print", "make_tensor(counting_iter(3),(_2):(_0))"]);
    expect(c.stdout).toBe("counting_iter(3) o (_2):(_0):\n    3\n    3\n");
  });
});

describe("print_tensor rank dispatch", () => {
  it("a rank-0 tensor, like a rank-5 one, prints its header only (CuTe's if-constexpr chain covers ranks 1 to 4)", async () => {
    const r0 = await run(["print", "make_tensor(counting_iter(0),():())"]);
    expect(r0.exit).toBe(0);
    expect(r0.stdout).toBe("counting_iter(0) o ():():\n");
    const r5 = await run(["print", "make_tensor(counting_iter(0),(2,2,2,2,2):(1,2,4,8,16))"]);
    expect(r5.stdout).toBe("counting_iter(0) o (2,2,2,2,2):(1,2,4,8,16):\n");
  });
});

describe("print_layout of a layout to coordinates", () => {
  it("is refused: print_layout prints int(layout(m,n)) and an ArithmeticTuple has no conversion to int", async () => {
    for (const e of ["(2,5):(_1@0,_1@1)", "((_4,_8),2):((_1@0,_1@1),_64@1)"]) {
      const r = await run(["print", e]);
      expect(r.exit).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain("CuTe rejects print_layout: no conversion from an ArithmeticTuple to int");
      expect(r.stderr).toContain(`operands: ${e}`);
    }
    // the same layout as a tensor over an ArithTuple iterator shows the coordinates
    const t = await run(["print", "make_tensor(ArithTuple(_0,_0),(2,5):(_1@0,_1@1))"]);
    expect(t.exit).toBe(0);
    expect(t.stdout.split("\n")[1]).toBe("  (0,0)  (0,1)  (0,2)  (0,3)  (0,4)");
  });
});

describe("pictures: what CuTe's print_latex / print_svg cannot do", () => {
  it("a tile of dynamic size is refused: the picture marks cells in make_tensor<bool> over the tile", async () => {
    const m = await run(["mma", "SM80_16x8x8_F16F16F16F16_TN", "--atoms", "2", "--svg"]);
    expect(m.exit).toBe(2);
    expect(m.stderr).toContain("Dynamic owning tensors not supported");
    const c = await run(["copy", "AutoVectorizingCopy", "--value", "half_t", "--thr", "(_32,_1):(1,_0)", "--val", "(_2,_1)", "--latex"]);
    expect(c.exit).toBe(2);
    expect(c.stderr).toContain("Dynamic owning tensors not supported");
  });
  it("a thread-value layout that reaches past its tile is refused (CuTe would index its bool tensor out of bounds)", async () => {
    const r = await run(["copy", "DefaultCopy", "--value", "double", "--thr", "_4", "--val", "_3:_2", "--latex"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("reaches past the tile (thread 0, value 1 at (12,0))");
  });
  it("print --latex of a negative index is refused (color_map[idx % 8] reads outside the table)", async () => {
    const r = await run(["print", "8:-1", "--latex"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("index -1 at (1,0) is negative");
  });
  it("a layout composed over an smem_ptr flag draws position independent, its outer layout recast from bytes", async () => {
    const r = await run(["print", "_8:_1 o smem_ptr[16b](unset) o _4:_1", "--latex"]);
    expect(r.exit).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("% Layout: _4:_1 o _0 o (_4,_1):(_1,_0)");
  });
});
