/**
 * The CuTe DSL's numeric scalars: its data_types notebook (cells and saved outputs as NVIDIA's
 * notebook shows them), Python's float repr and division, and the rounding of each float type
 * against every value the type can hold.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { run } from "./helpers.js";
import { pythonRepr, roundTo } from "../src/eval/dsl-numeric.js";

const dsl = async (src: string, dialect = "dsl") => {
  const r = await run(["eval", "--dialect", dialect, src]);
  expect(r.stderr).toBe("");
  return r.stdout.replace(/\n$/, "");
};

describe("data_types.ipynb: the cells' bodies print what the notebook saved", () => {
  it("bar(): a Float32 and an Int32 are ? at trace time, their values at run time", async () => {
    const body = ["a = cutlass.Float32(3.14)", 'print("a(static) =", a)', 'cute.printf("a(dynamic) = {}", a)', "", "b = cutlass.Int32(5)", 'print("b(static) =", b)', 'cute.printf("b(dynamic) = {}", b)'].join("\n");
    expect(await dsl(body)).toBe(["a(static) = ?", "b(static) = ?", "a(dynamic) = 3.140000", "b(dynamic) = 5"].join("\n"));
  });
  it("type_conversion(): x.to(T) rounds to a float type, truncates and wraps to an integer type", async () => {
    const body = [
      "x = cutlass.Int32(42)",
      "y = x.to(cutlass.Float32)",
      'cute.printf("Int32({}) => Float32({})", x, y)',
      "a = cutlass.Float32(3.14)",
      "b = a.to(cutlass.Int32)",
      'cute.printf("Float32({}) => Int32({})", a, b)',
      "c = cutlass.Int32(127)",
      "d = c.to(cutlass.Int8)",
      'cute.printf("Int32({}) => Int8({})", c, d)',
      "e = cutlass.Int32(300)",
      "f = e.to(cutlass.Int8)",
      'cute.printf("Int32({}) => Int8({}) (truncated due to range limitation)", e, f)',
    ].join("\n");
    expect(await dsl(body)).toBe(["Int32(42) => Float32(42.000000)", "Float32(3.140000) => Int32(3)", "Int32(127) => Int8(127)", "Int32(300) => Int8(44) (truncated due to range limitation)"].join("\n"));
  });
  it("operator_demo(): integer and float arithmetic, promotion, true division, comparison, bitwise", async () => {
    const body = [
      "a = cutlass.Int32(10)",
      "b = cutlass.Int32(3)",
      'cute.printf("a: Int32({}), b: Int32({})", a, b)',
      "x = cutlass.Float32(5.5)",
      'cute.printf("x: Float32({})", x)',
      'cute.printf("")',
      "sum_result = a + b",
      'cute.printf("a + b = {}", sum_result)',
      "y = x * 2  # Multiplying with Python native type",
      'cute.printf("x * 2 = {}", y)',
      "mixed_result = a + x",
      'cute.printf("a + x = {} (Int32 + Float32 promotes to Float32)", mixed_result)',
      "div_result = a / b",
      'cute.printf("a / b = {}", div_result)',
      "float_div = x / cutlass.Float32(2.0)",
      'cute.printf("x / 2.0 = {}", float_div)',
      "is_greater = a > b",
      'cute.printf("a > b = {}", is_greater)',
      "bit_and = a & b",
      'cute.printf("a & b = {}", bit_and)',
      "neg_a = -a",
      'cute.printf("-a = {}", neg_a)',
      "not_a = ~a",
      'cute.printf("~a = {}", not_a)',
    ].join("\n");
    expect(await dsl(body)).toBe(
      ["a: Int32(10), b: Int32(3)", "x: Float32(5.500000)", "", "a + b = 13", "x * 2 = 11.000000", "a + x = 15.500000 (Int32 + Float32 promotes to Float32)", "a / b = 3.333333", "x / 2.0 = 2.750000", "a > b = 1", "a & b = 2", "-a = -10", "~a = -11"].join("\n"),
    );
  });
  it("a dynamic float alone: ? at trace time, %f at run time; in a layout it is refused", async () => {
    expect(await dsl("cutlass.Float32(3.14)")).toBe("?");
    expect(await dsl("cutlass.Float32(3.14)", "dsl-printf")).toBe("3.140000");
    expect((await run(["eval", "--dialect", "dsl", "cute.make_layout((4, 8), stride=(cutlass.Float32(2.0), 1))"])).exit).toBe(2);
    expect((await run(["eval", "--dialect", "dsl", "~cutlass.Float32(2.0)"])).exit).toBe(2);
  });
});

describe("Python's floats", () => {
  it("true division of Python ints is a Python float, printed as Python's repr", async () => {
    expect(await dsl("7 / 2")).toBe("3.5");
    expect(await dsl("6 / 3")).toBe("2.0");
    expect(await dsl("1 / 3")).toBe("0.3333333333333333");
    expect(await dsl("7 // 2")).toBe("3");
  });
  it("** binds as Python's: tighter than a sign on its left, right-associative, a negative exponent a float", async () => {
    expect(await dsl("2 ** 10")).toBe("1024");
    expect(await dsl("-2 ** 2")).toBe("-4");
    expect(await dsl("2 ** 3 ** 2")).toBe("512");
    expect(await dsl("2 ** -1")).toBe("0.5");
    expect(await dsl("cute.make_layout((2 ** 3, 4))")).toBe("(8,4):(1,8)");
    expect(await dsl("cutlass.Int32(3) ** 2", "dsl-printf")).toBe("9");
    expect(await dsl("cutlass.Float32(1.5) ** 2", "dsl-printf")).toBe("2.250000");
    expect((await run(["eval", "--dialect", "dsl", "2 ** 100"])).exit).toBe(2);
    expect((await run(["eval", "--dialect", "dsl", "0.0 ** -1"])).exit).toBe(2);
  });
  it("repr: the shortest text that reads back, an exponent outside [1e-4, 1e16)", () => {
    expect(pythonRepr(2)).toBe("2.0");
    expect(pythonRepr(0.1)).toBe("0.1");
    expect(pythonRepr(1e-5)).toBe("1e-05");
    expect(pythonRepr(1e16)).toBe("1e+16");
    expect(pythonRepr(123456789012345.6)).toBe("123456789012345.6");
    expect(pythonRepr(-0)).toBe("-0.0");
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (v) => {
          expect(Number(pythonRepr(v))).toBe(v);
        }), { numRuns: 2000, seed: 3 });
  });
});

/** every finite value of a 16-bit float format, from its bit patterns */
function allValues(decode: (bits: number) => number): number[] {
  const out: number[] = [];
  for (let b = 0; b < 1 << 16; b++) {
    const v = decode(b);
    if (Number.isFinite(v)) out.push(v);
  }
  return [...new Set(out)].sort((x, y) => x - y);
}
const half = (b: number): number => {
  const s = b >> 15 ? -1 : 1, e = (b >> 10) & 31, m = b & 1023;
  return e === 31 ? (m ? NaN : s * Infinity) : e === 0 ? s * m * 2 ** -24 : s * (1 + m / 1024) * 2 ** (e - 15);
};
const f32 = new Float32Array(1), u32 = new Uint32Array(f32.buffer);
const bf16 = (b: number): number => {
  u32[0] = b << 16;
  return f32[0]!;
};
/** the nearest value of the sorted list, ties to the one whose last mantissa bit is 0 (`even`) */
function nearest(values: number[], v: number, even: (x: number) => boolean): number {
  let lo = 0, hi = values.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= v) lo = mid;
    else hi = mid;
  }
  const a = values[lo]!, b = values[hi]!;
  const da = Math.abs(v - a), db = Math.abs(v - b);
  return da < db ? a : db < da ? b : even(a) ? a : b;
}

describe("each float type rounds to its nearest value, ties to even (checked against every value the type holds)", () => {
  it("Float16", () => {
    const values = allValues(half);
    const evenHalf = (x: number) => {
      for (let b = 0; b < 1 << 16; b++) if (half(b) === x) return (b & 1) === 0;
      return false;
    };
    fc.assert(fc.property(fc.double({ min: -65504, max: 65504, noNaN: true }), (v) => {
          // (+ 0: the list holds one zero; the rounding keeps the sign of a zero, as IEEE does)
          expect(roundTo("Float16", v) + 0).toBe(nearest(values, v, evenHalf) + 0);
        }), { numRuns: 400, seed: 16 });
    expect(roundTo("Float16", 0.1)).toBe(0.0999755859375);
    expect(roundTo("Float16", 70000)).toBe(Infinity);
    expect(roundTo("Float16", 65519.99)).toBe(65504);
    expect(roundTo("Float16", 2 ** -25)).toBe(0); // half the smallest subnormal: a tie, to the even 0
    expect(roundTo("Float16", 3 * 2 ** -25)).toBe(2 ** -23);
  });
  it("BFloat16", () => {
    const values = allValues(bf16);
    const evenBf = (x: number) => {
      f32[0] = x;
      return ((u32[0]! >>> 16) & 1) === 0;
    };
    fc.assert(fc.property(fc.double({ min: -3.3e38, max: 3.3e38, noNaN: true }), (v) => {
          // rounded once from the double (not through a float first)
          expect(roundTo("BFloat16", v) + 0).toBe(nearest(values, v, evenBf) + 0);
        }), { numRuns: 2000, seed: 17 });
    expect(roundTo("BFloat16", 3.14159)).toBe(3.140625);
    // a double just above a bfloat16 tie rounds up; through a float first it would be the tie and round to even
    expect(roundTo("BFloat16", 1 + 2 ** -8 + 2 ** -40)).toBe(1 + 2 ** -7);
  });
});
