/**
 * The page's picker: every MMA operation of the catalog (as `mma --list` lists them), every copy
 * operation (with a value type Copy_Atom takes), and a few layouts and TMA setups to start from.
 * Each entry is a line the input takes; the search takes the words people use (2sm, wgmma, f16).
 */
import { listMma } from "../atoms/mma/catalog.js";
import { copyOpNames, copyTraits, make_copy_atom } from "../atoms/copy/index.js";

export interface Entry {
  group: "MMA" | "copy" | "TMA" | "example";
  /** the op or the example's name */
  name: string;
  /** a short description: shape, threads, types, header */
  detail: string;
  /** what the input line becomes */
  line: string;
  /** lower-case text the search matches */
  key: string;
}

const EXAMPLES: Array<[string, string]> = [
  ["logical_divide", "logical_divide((16,32):(32,1),(4,8))"],
  ["composition", "composition((6,2):(8,2),(4,3):(3,1))"],
  ["row-major 4x8", "(_4,_8):(_8,_1)"],
  ["blocked_product", "blocked_product((_2,_2):(_1,_2),(_3,_4):(_4,_1))"],
  ["raked_product", "raked_product((_2,_2):(_1,_2),(_3,_4):(_4,_1))"],
  ["swizzled smem", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"],
  ["local_tile", "local_tile(make_tensor(counting_iter(0),(8,24)),(_4,_8),(1,2))"],
  ["coordinate tensor", "make_tensor(ArithTuple(_0,_0),((_4,_8),2):((_1@0,_1@1),_64@1))"],
  ["gmem tile, thread 37's addresses", "local_partition(local_tile(make_tensor(make_gmem_ptr((float*)0x10000), make_shape(512, 256), LayoutRight{}), Shape<_128,_64>{}, make_coord(2, 1)), Layout<Shape<_16,_16>,Stride<_16,_1>>{}, 37)"],
  ["SW128 smem as 16-byte vectors", "recast<uint128_t>(make_tensor(make_smem_ptr((half_t*)0x1000), GMMA::Layout_K_SW128_Atom<half_t>{}))"],
];

const TMA: Array<[string, string]> = [
  ["TMA load 16x16 float tile", "tma --op SM90_TMA_LOAD --type float --gmem (1024,1024):(1024,_1) --smem (_16,_16):(_16,_1)"],
  ["TMA multicast over 2 CTAs", "tma --op SM90_TMA_LOAD_MULTICAST --type float --gmem (1024,1024):(1024,_1) --smem (_16,_16):(_16,_1) --cluster _2"],
  ["TMA coordinates of tile (7,0)", "tma-coords --op SM90_TMA_LOAD --type float --gmem (1024,1024):(1024,_1) --smem (_16,_16):(_16,_1) --tile (_16,_16) --block (7,0)"],
  ["TMA swizzled half_t", "tma --op SM90_TMA_LOAD --type half_t --gmem (1000,1024):(1024,_1) --smem 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_64,_1)):((_64,_512),(_1,_0))'"],
];

/** the first value type Copy_Atom<OP, T> accepts among the usual ones */
function valueTypeFor(op: string): string | undefined {
  for (const t of ["half_t", "uint8_t", "float", "double"]) {
    try {
      make_copy_atom(op, t);
      return t;
    } catch {
      // the op moves fewer bits than T has
    }
  }
  return undefined;
}

function entry(group: Entry["group"], name: string, detail: string, line: string): Entry {
  return { group, name, detail, line, key: `${group} ${name} ${detail} ${line}`.toLowerCase() };
}

let ENTRIES: Entry[] | undefined;

/** every entry, built on first use (the MMA catalog takes a moment) */
export function entries(): Entry[] {
  if (ENTRIES) return ENTRIES;
  const out: Entry[] = [];
  for (const [name, line] of EXAMPLES) out.push(entry("example", name, line, line));
  for (const { spelling, traits: t } of listMma()) {
    out.push(entry("MMA", spelling, `${t.arch} ${t.M}x${t.N}x${t.K}, ${t.threads} thread${t.threads === 1 ? "" : "s"}, D=${t.types.D} A=${t.types.A} B=${t.types.B} C=${t.types.C}`, `mma ${spelling}`));
  }
  for (const op of copyOpNames()) {
    const type = valueTypeFor(op);
    if (type === undefined) continue;
    out.push(entry("copy", op, `${copyTraits(op).header}, Copy_Atom<${op}, ${type}>`, `copy ${op} --value ${type}`));
  }
  for (const [name, line] of TMA) out.push(entry("TMA", name, line, line));
  return (ENTRIES = out);
}

/** words people say for what the names spell otherwise (each alternative is matched as a substring) */
const SAYS: Record<string, string[]> = {
  wgmma: ["gmma"],
  gmma: ["gmma"],
  umma: ["umma"],
  tcgen05: ["umma"],
  hopper: ["sm90"],
  blackwell: ["sm100", "sm120"],
  ampere: ["sm80"],
  turing: ["sm75"],
  volta: ["sm70"],
  f16: ["f16", "half_t"],
  fp16: ["f16", "half_t"],
  half: ["half_t", "f16"],
  bf16: ["bf16", "bfloat16_t"],
  bfloat16: ["bf16", "bfloat16_t"],
  f32: ["f32", "float"],
  fp32: ["f32", "float"],
  float: ["float", "f32"],
  tf32: ["tf32", "tfloat32_t"],
  f64: ["f64", "double"],
  fp64: ["f64", "double"],
  double: ["double", "f64"],
  s8: ["s8", "int8_t"],
  i8: ["s8", "int8_t"],
  int8: ["s8", "int8_t"],
  u8: ["u8", "uint8_t"],
  uint8: ["u8", "uint8_t"],
  s32: ["s32", "int32_t"],
  i32: ["s32", "int32_t"],
  int32: ["s32", "int32_t"],
  fp8: ["e4m3", "e5m2", "f8"],
  e4m3: ["e4m3"],
  e5m2: ["e5m2"],
  fp4: ["e2m1", "f4"],
  fp6: ["e3m2", "e2m3", "f6"],
};

/** the alternatives one word of a query stands for (lower case) */
export function alternatives(word: string): string[] {
  const w = word.toLowerCase();
  const said = SAYS[w];
  if (said) return said;
  let m: RegExpExecArray | null;
  // 2sm, 2-sm: the names say 2x1SM
  if ((m = /^(\d)-?sms?$/.exec(w))) return [`${m[1]}x1sm`, `${m[1]}sm`];
  // sm_90, sm90a: SM90
  if ((m = /^sm_?(\d+)a?$/.exec(w))) return [`sm${m[1]}`];
  // m16n8k16: 16x8x16
  if ((m = /^m(\d+)n(\d+)k(\d+)$/.exec(w))) return [`${m[1]}x${m[2]}x${m[3]}`];
  return [w];
}

/**
 * The entries matching every word of the query (case-insensitive), in catalog order: a word
 * matches as itself or as one of the spellings people mean by it (alternatives).
 */
export function search(query: string, all: Entry[] = entries()): Entry[] {
  const words = query.split(/\s+/).filter((w) => w !== "").map(alternatives);
  if (words.length === 0) return all;
  return all.filter((e) => words.every((alts) => alts.some((a) => e.key.includes(a))));
}
