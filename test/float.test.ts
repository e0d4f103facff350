/**
 * C++'s float and double in pasted host code (src/eval/float.ts): literals, declarations,
 * arithmetic with the usual conversions, conversion to int, and printf's %f %e %g as C formats
 * them (the rules of C's printf: %f rounds the exact binary value to the precision, a tie to
 * even; %e has at least two exponent digits; %g picks %e when the exponent is below -4 or not
 * below the precision, then drops trailing zeros).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatFloat } from "../src/eval/float.js";
import { ok, refused } from "./helpers.js";

const ev = (src: string) => ok(["eval", src]);

describe("printf's floating conversions", () => {
  it("%f agrees with JavaScript's toFixed wherever the value is not exactly halfway", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), fc.integer({ min: 0, max: 12 }), (v, p) => {
        // toFixed drops the sign of -0 (C keeps it), and rounds an exact tie up where C rounds it to even
        if (Object.is(v, -0)) return;
        const exact = formatFloat("f", v, p + 90, ""); // every digit of a double of this range
        if (/^50*$/.test(exact.slice(exact.indexOf(".") + 1 + p))) return;
        expect(formatFloat("f", v, p, "")).toBe(v.toFixed(p));
      }),
      { numRuns: 3000 },
    );
  });
  it("%e with 16 decimals reads back as the same double", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (v) => {
        const s = formatFloat("e", v, 16, "");
        expect(s).toMatch(/^-?\d\.\d{16}e[+-]\d{2,3}$/);
        expect(Number(s)).toBe(v);
      }),
      { numRuns: 3000 },
    );
  });
  it("ties go to even, as glibc rounds the exact value", () => {
    expect([0.5, 1.5, 2.5, 3.5].map((v) => formatFloat("f", v, 0, ""))).toEqual(["0", "2", "2", "4"]);
    expect(formatFloat("f", 0.125, 2, "")).toBe("0.12"); // 0.125 is exact in binary
    expect(formatFloat("f", 0.375, 2, "")).toBe("0.38");
  });
  it("%g: C's choice between %f and %e, trailing zeros dropped unless '#'", () => {
    expect([100000, 1e6, 0.0001, 0.00001, 123456789, 0.5, 0].map((v) => formatFloat("g", v, 6, ""))).toEqual(["100000", "1e+06", "0.0001", "1e-05", "1.23457e+08", "0.5", "0"]);
    expect(formatFloat("g", 0.5, 6, "#")).toBe("0.500000");
    expect(formatFloat("G", 1e-10, 3, "")).toBe("1E-10");
  });
  it("signs, infinities and NaN", () => {
    expect(formatFloat("f", -0, 2, "")).toBe("-0.00");
    expect(formatFloat("f", 1.5, 1, "+")).toBe("+1.5");
    expect(formatFloat("e", Infinity, 6, "")).toBe("inf");
    expect(formatFloat("F", -Infinity, 6, "")).toBe("-INF");
    expect(formatFloat("g", NaN, 6, "")).toBe("nan");
  });
});

describe("floats in a block", () => {
  it("print(float) is printf(\"%f\")", async () => {
    expect(await ev("float alpha = 1.0f;\nprint(alpha);")).toBe("1.000000");
    expect(await ev("1.5")).toBe("1.500000\n");
  });
  it("a float's arithmetic is rounded to single precision, a double's is not; an int converts to the other operand's type", async () => {
    expect(await ev('printf("%.10f %.10f", 1.0f / 3, 1.0 / 3);')).toBe(`${Math.fround(1 / 3).toFixed(10)} ${(1 / 3).toFixed(10)}`);
  });
  it("aliases of float, compound assignment, conditions, conversion to int toward zero", async () => {
    expect(await ev("using TI = float;\nTI alpha = 1.0;\nTI beta = 0.0;\nalpha *= 2.5;\nalpha += beta;\nint k = alpha;\nint m = -2.7;\nprint(alpha); print(\" \"); print(k); print(\" \"); print(m);\nif (alpha > 2) print(\" big\");")).toBe("2.500000 2 -2 big");
  });
  it("printf's widths and flags apply to floating conversions", async () => {
    expect(await ev('double x = 0.5;\nprintf("%e|%10.2f|%-8.1f|%08.3f", x, x, x, x);')).toBe("5.000000e-01|      0.50|0.5     |0000.500");
  });
  it("refusals: an uninitialised float, a float where CuTe takes integers, % on a float, %d of a float", async () => {
    expect(await refused(["eval", "float x;\nprint(x);"])).toMatch(/indeterminate/);
    expect(await refused(["eval", "make_layout(1.5)"])).toMatch(/make_layout\(\.\.\.\) of the double 1\.5/);
    expect(await refused(["eval", "3 % 1.5"])).toMatch(/invalid operands/);
    expect(await refused(["eval", 'printf("%d", 1.5);'])).toMatch(/^cute-ts: printf: %d prints an integer; the argument is the double 1.500000 \(C reads an int that is not there: write int\(x\)\)/);
  });
});
