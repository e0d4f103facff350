import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readGolden } from "./helpers.js";
import { formatMmaAtom } from "../src/atoms/mma/atom.js";
import { listMma, resolveMma } from "../src/atoms/mma/catalog.js";
import { formatListing } from "../src/atoms/mma/listing.js";
import { renderMmaMap } from "../src/atoms/mma/map.js";
import { formatFragment, formatTiledMma } from "../src/atoms/mma/tiled-mma.js";
import { makeTiledMma } from "../src/eval/args/mma.js";
import { normalizeArch } from "../src/eval/args/common.js";
import { CuteError, UsageError } from "../src/core/errors.js";

const records = readGolden("../fixtures/golden/atoms.jsonl").filter((r) => r.cmd[0] === "mma");

function options(cmd: string[]): Record<string, string> {
  const o: Record<string, string> = {};
  for (let i = 2; i < cmd.length; i += 2) o[cmd[i]!.replace(/^--/, "")] = cmd[i + 1]!;
  return o;
}

describe("print(MMA_Atom<OP>{}) matches CuTe", () => {
  const plain = records.filter((r) => r.cmd.length === 2);
  it("has the golden records", () => expect(plain.length).toBeGreaterThan(1500));
  for (const r of plain) {
    it(`${r.id} ${r.cmd[1]}`, () => {
      if (r.error) expect(() => resolveMma(r.cmd[1]!)).toThrow(CuteError);
      else expect(formatMmaAtom(resolveMma(r.cmd[1]!))).toBe(r.out);
    });
  }
});

describe("print(make_tiled_mma(OP{}, atoms, tile)) matches CuTe", () => {
  const tiled = records.filter((r) => r.cmd.length > 2);
  for (const r of tiled) {
    it(`${r.id} ${r.cmd.slice(1).join(" ")}`, () => {
      const o = options(r.cmd);
      expect(formatTiledMma(makeTiledMma(resolveMma(r.cmd[1]!), o.atoms, o.tile))).toBe(r.out);
    });
  }
});

const ATOMS = readFileSync(new URL("../fixtures/golden/ATOMS.md", import.meta.url), "utf8");
const rows = ATOMS.slice(ATOMS.indexOf("## MMA ops"), ATOMS.indexOf("## Copy ops"))
  .split("\n")
  .filter((l) => l.startsWith("| ") && !l.startsWith("| op ") && !l.startsWith("| ---"))
  .map((l) => l.split("|").map((c) => c.trim()).slice(1, -1));

describe("the catalog covers ATOMS.md", () => {
  it("has every MMA op", () => expect(rows.length).toBe(2255));
  it("every op resolves with the facts ATOMS.md reports", () => {
    const wrong: string[] = [];
    for (const [, header, spelling, M, N, K, threads, D, A, B, C] of rows) {
      const t = resolveMma(spelling!.replace(/`/g, ""));
      const got = [t.header, t.M, t.N, t.K, t.threads, t.types.D, t.types.A, t.types.B, t.types.C].join("|");
      const want = [header, M, N, K, threads, D, A, B, C].join("|");
      if (got !== want) wrong.push(`${spelling}: ${got} != ${want}`);
    }
    expect(wrong).toEqual([]);
  });
  it("--list shows each op once, at its default spelling", () => {
    const list = listMma().map((x) => x.spelling);
    expect(new Set(list).size).toBe(list.length);
    expect(new Set(list)).toEqual(new Set(rows.map((r) => r[2]!.replace(/`/g, ""))));
  });
  it("--arch filters", () => {
    const sm80 = listMma("sm80");
    expect(sm80.length).toBe(65);
    // the catalog takes an architecture value; the option's spellings (SM_61, 61, sm90a) are read by normalizeArch
    expect(listMma(normalizeArch("SM_61")).map((x) => x.spelling)).toEqual(["SM61_DP4A", "SM61_DP2A"]);
    expect(normalizeArch("61")).toBe("sm61");
    expect(() => normalizeArch("volta")).toThrow(/--arch expects an architecture like sm80 or sm90, got 'volta'/);
    const text = formatListing(sm80);
    expect(text.split("\n")[0]).toMatch(/^op\s+MxNxK\s+threads\s+D\s+A\s+B\s+C$/);
    expect(text).toMatch(/\nSM80_16x8x16_F32F16F16F32_TN +16x8x16 +32 +float +half_t +half_t +float\n/);
    expect(text.trimEnd().split("\n").pop()).toBe("65 operations");
  });
});

describe("op names as pasted from C++", () => {
  const gmma = formatMmaAtom(resolveMma("SM90_64x128x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>"));
  it("accepts spaces, cute:: and full enum qualification", () => {
    expect(formatMmaAtom(resolveMma(" cute::SM90_64x128x16_F16F16F16_SS< cute::GMMA::Major::K , GMMA::Major::MN > "))).toBe(gmma);
  });
  it("fills CuTe's defaults", () => {
    expect(resolveMma("SM90_64x128x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>").op).toBe(
      "SM90_64x128x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN,GMMA::ScaleIn::One,GMMA::ScaleIn::One>",
    );
    expect(resolveMma("UniversalFMA<half_t>").types).toEqual({ D: "half_t", A: "half_t", B: "half_t", C: "half_t" });
    expect(resolveMma("UniversalFMA<float,half_t>").types).toEqual({ D: "float", A: "half_t", B: "half_t", C: "float" });
    expect(resolveMma("SM90_64x8x16_F16F16F16_SS").op).toContain("<GMMA::Major::K,GMMA::Major::K,");
    expect(resolveMma("GMMA_64x8x32_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>").op).toMatch(/^SM90::GMMA::SPARSE::GMMA_64x8x32/);
  });
  it("accepts CuTe's aliases and the optional namespaces", () => {
    expect(resolveMma("SM90::MMA_16x8x4_F64F64F64F64_TN").op).toBe("SM90_16x8x4_F64F64F64F64_TN");
    expect(resolveMma("SM90::GMMA::MMA_64x8x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>").op).toMatch(/^SM90_64x8x16_F16F16F16_SS</);
    expect(resolveMma("UniversalFMA<cutlass::complex<float>>").types.D).toBe("complex<float>");
    expect(resolveMma("SM103_MXF4_ULTRA_SS_VS").op).toMatch(/^SM103::SM103_MXF4_ULTRA_SS_VS</);
  });
  it("refuses what CuTe refuses", () => {
    expect(() => resolveMma("SM90_64x64x16_F32F16F16_RS<GMMA::Major::MN,GMMA::Major::K>")).toThrow(/K major/);
    expect(() => resolveMma("SM100_MMA_TF32_SS<float,float,float,128,128,UMMA::Major::K,UMMA::Major::K>")).toThrow(CuteError);
    expect(() => resolveMma("SM100_MMA_F16BF16_SS<half_t,half_t,float,96,64,UMMA::Major::K,UMMA::Major::K>")).toThrow(/M-mode/);
  });
  it("suggests near names for unknown ones", () => {
    expect(() => resolveMma("SM80_16x8x16_F32F16F16F32")).toThrow(UsageError);
    expect(() => resolveMma("SM80_16x8x16_F32F16F16F32")).toThrow(/did you mean SM80_16x8x16_F32F16F16F32_TN/);
    expect(() => resolveMma("SM90_64x100x16_F16F16F16_SS")).toThrow(/did you mean/);
    expect(() => resolveMma("SM80_16x8x16_F32F16F16F32_TN<float>")).toThrow(/not a template/);
    expect(() => resolveMma("UniversalFMA<floot>")).toThrow(/unknown value type 'floot'; did you mean float/);
    expect(() => resolveMma("SM90_64x8x16_F16F16F16_SS<GMMA::Major::X,GMMA::Major::K>")).toThrow(/tnspA must be one of/);
  });
});

describe("partitions and maps", () => {
  // the MMA atom doc (0t_mma_atom.md): thread 0's A values of the 2x2 32x32x4 SM70 TiledMMA
  it("lists a thread's fragment coordinates as the docs do", () => {
    const mma = makeTiledMma(resolveMma("SM70_8x8x4_F32F16F16F32_NT"), "(_2,_2):(_2,_1)", "(_32,_32,_4)");
    expect(formatFragment(mma, "A", 0)).toBe(
      "A: thread 0, 8 values (m,k)\n" +
        ["( 0,0)", "( 1,0)", "( 2,0)", "( 3,0)", "(16,0)", "(17,0)", "(18,0)", "(19,0)"].map((c, v) => `T0V${v} => ${c}`).join("\n") +
        "\n",
    );
    const permuted = makeTiledMma(resolveMma("SM70_8x8x4_F32F16F16F32_NT"), "(_2,_2):(_2,_1)", "((_4,_4,_2):(_1,_8,_4),_32,_4)");
    expect(formatFragment(permuted, "A", 0)).toContain("T0V4 => (4,0)");
  });
  it("draws the C map of an SM80 atom in plain text", () => {
    const mma = makeTiledMma(resolveMma("SM80_16x8x8_F16F16F16F16_TN"));
    const text = renderMmaMap(mma, "C", { color: false, thread: 5 });
    const lines = text.split("\n");
    expect(lines[0]).toBe("C (M x N = 16 x 8), SM80_16x8x8_F16F16F16F16_TN");
    expect(lines[3]).toBe("  0 | T0V0  | T0V1  | T1V0  | T1V1  | T2V0  | T2V1  | T3V0  | T3V1  |");
    expect(lines[5]).toBe("  1 | T4V0  | T4V1  |[T5V0 ]|[T5V1 ]| T6V0  | T6V1  | T7V0  | T7V1  |");
    expect(lines[19]).toBe("  8 | T0V2  | T0V3  | T1V2  | T1V3  | T2V2  | T2V3  | T3V2  | T3V3  |");
    expect(text).not.toMatch(/\u001b\[/);
  });
  it("draws B k-down, n-across, and colours when asked", () => {
    const mma = makeTiledMma(resolveMma("SM80_16x8x8_F16F16F16F16_TN"));
    const b = renderMmaMap(mma, "B", { color: false }).split("\n");
    expect(b[0]).toBe("B (K x N = 8 x 8), SM80_16x8x8_F16F16F16F16_TN");
    expect(b[3]).toBe("  0 | T0V0  | T4V0  | T8V0  | T12V0 | T16V0 | T20V0 | T24V0 | T28V0 |");
    expect(renderMmaMap(mma, "A", { color: true })).toMatch(/\u001b\[/);
  });
});

describe("UMMA interleaved complex tf32: the traits static_assert K-major A and B", () => {
  for (const sms of ["", "_2x1SM"]) {
    const m = sms ? 256 : 128;
    const op = (a: string, b: string) => `SM100_MMA_TF32${sms}_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN<${m},256,UMMA::Major::${a},UMMA::Major::${b}>`;
    it(`${sms || "1SM"}: K,K prints; MN for A or B is refused with CuTe's message`, () => {
      expect(formatMmaAtom(resolveMma(op("K", "K")))).toContain("Shape_MNK:  (_" + m + ",_256,_4)");
      expect(() => resolveMma(op("MN", "K"))).toThrow(/A from TMEM can't be transposed/);
      expect(() => resolveMma(op("K", "MN"))).toThrow(/B from SMEM requires non-transpose/);
    });
  }
});
