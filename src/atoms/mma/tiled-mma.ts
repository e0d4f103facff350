/**
 * TiledMMA on the host (mma_atom.hpp): make_tiled_mma, its print, the thread-value partitions
 * thrfrg_A/B/C, and the (thr_idx,val) -> coordinate and coordinate -> (thr,val) layouts that
 * print_latex / print_svg and the terminal map draw.
 */
import { CuteError, UsageError, input, words } from "../../core/errors.js";
import { D, Int, S, _0, _1, mul } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { type IntTuple, Underscore, _ } from "../../core/int-tuple.js";
import { Layout, type Tiler, appendN, compileIndexFn, complement, composition, concat, crd2idx, forEachIndex, logical_divide, make_layout, right_inverse, size, slice, sublayout, tiled_product, zipped_divide } from "../../core/layout.js";
import type { Value } from "../../core/value.js";
import { readLiteral } from "../../notation/read.js";
import { show } from "../../print/print.js";
import { formatMmaAtom } from "./atom.js";
import type { MmaTraits } from "./family.js";

export type Operand = "A" | "B" | "C";

/** the atom's traits as layouts */
export interface MmaAtom {
  traits: MmaTraits;
  shapeMNK: [Int, Int, Int];
  thrID: Layout;
  layoutA: Layout;
  layoutB: Layout;
  layoutC: Layout;
}

export interface TiledMma {
  atom: MmaAtom;
  /** tiled_product(ThrID, AtomLayoutMNK): (ThrV,ThrM,ThrN,ThrK) -> thread index */
  thrLayoutVMNK: Layout;
  /** the rank-3 permutation tile; `_` entries mean "atom size x atom count" */
  permutationMNK: [Tiler, Tiler, Tiler];
}

function asLayout(v: Value, what: string): Layout {
  if (v instanceof Layout) return v;
  if (v instanceof Int || Array.isArray(v)) {
    if (T.leaves(v as IntTuple).every((x) => x instanceof Int)) return make_layout(v as IntTuple);
  }
  throw new UsageError(`${what} must be a layout or a shape, got ${show(v)}`);
}

export function mmaAtom(traits: MmaTraits): MmaAtom {
  const lay = (s: string) => asLayout(readLiteral(s), "an atom layout");
  // the operand layouts are built when first used, as C++ instantiates them: an atom whose
  // traits spell a malformed ALayout (SM80_16x8x128_S32U1U1S32_TN_ANDPOPC) still tiles and
  // prints, and only what reads that layout is refused
  let a: Layout | undefined, b: Layout | undefined, c: Layout | undefined;
  return {
    traits,
    shapeMNK: [S(traits.M), S(traits.N), S(traits.K)],
    thrID: lay(traits.thrID),
    get layoutA() {
      return (a ??= lay(traits.layoutA));
    },
    get layoutB() {
      return (b ??= lay(traits.layoutB));
    },
    get layoutC() {
      return (c ??= lay(traits.layoutC));
    },
  };
}

function isStaticTiler(t: Tiler): boolean {
  if (t instanceof Underscore) return true;
  if (t instanceof Int) return t.s;
  if (t instanceof Layout) return T.isStaticTuple(t.shape) && T.leaves(t.stride).every((x) => !(x instanceof Int) || x.s);
  return t.every(isStaticTiler);
}

/**
 * make_tiled_mma(OP{}, atomLayout, permutation): `atomLayout` (default `(_1,_1,_1)`) lays atoms
 * out over (M,N,K); `permutation` (default `(_,_,_)`) permutes / sizes each of M, N, K.
 */
export function make_tiled_mma(traits: MmaTraits, atomLayout?: Layout, permutation?: Tiler): TiledMma {
  const atom = mmaAtom(traits);
  const thr = atomLayout ?? make_layout([_1, _1, _1]);
  if (T.rank(thr.shape) > 3) throw new CuteError("make_tiled_mma", "TiledMMA requires rank-3 AtomLayoutMNK", [show(thr)]);
  const thrMNK = appendN(thr, 3, new Layout(_1, _0));
  let perm: Tiler[] = [_, _, _];
  if (permutation !== undefined) {
    const list = Array.isArray(permutation) ? permutation : [permutation];
    if (list.length > 3) throw new CuteError("make_tiled_mma", "TiledMMA requires rank-3 PermutationMNK", [show(permutation as Value)]);
    perm = [...list, ..._fill(3 - list.length)];
    if (!perm.every(isStaticTiler)) throw new CuteError("make_tiled_mma", "TiledMMA requires static permutations of MNK.", [show(permutation as Value)]);
  }
  return {
    atom,
    thrLayoutVMNK: tiled_product(atom.thrID, thrMNK),
    permutationMNK: perm as [Tiler, Tiler, Tiler],
  };
}

function _fill(n: number): Tiler[] {
  return Array.from({ length: n }, () => _);
}

/** `print(tiled_mma)` */
export function formatTiledMma(mma: TiledMma): string {
  return (
    "TiledMMA\n" +
    `  ThrLayoutVMNK:  ${show(mma.thrLayoutVMNK)}\n` +
    `  PermutationMNK: ${show(mma.permutationMNK as Value)}\n` +
    formatMmaAtom(mma.atom.traits)
  );
}

const modeSize = (l: Layout, i: number): Int => T.size(T.get(l.shape, i));

/** permutation_mnk<I>(): the tile of mode I (`_` -> atom size times the atoms along I) */
export function permutationMNK(mma: TiledMma, i: 0 | 1 | 2): Tiler {
  const p = mma.permutationMNK[i];
  // size<I>(AtomShape_MNK) * size<I+1>(thr_layout_vmnk): dynamic when the atom layout is
  if (p instanceof Underscore) return mul(mma.atom.shapeMNK[i], modeSize(mma.thrLayoutVMNK, i + 1));
  return p;
}

const tilerSize = (t: Tiler): Int => (t instanceof Layout ? size(t) : t instanceof Int ? t : T.size(t as IntTuple));

/** tile_size_mnk<I>() */
export function tileSizeMNK(mma: TiledMma, i: 0 | 1 | 2): Int {
  return tilerSize(permutationMNK(mma, i));
}

/** the (M,K) / (N,K) / (M,N) modes of each operand: which permutations, atom sizes, thread modes */
const MODES: Record<Operand, { p: [0 | 1 | 2, 0 | 1 | 2]; thr: [number, number] }> = {
  A: { p: [0, 2], thr: [1, 3] },
  B: { p: [1, 2], thr: [2, 3] },
  C: { p: [0, 1], thr: [1, 2] },
};

function atomTV(mma: TiledMma, w: Operand): Layout {
  return w === "A" ? mma.atom.layoutA : w === "B" ? mma.atom.layoutB : mma.atom.layoutC;
}

/**
 * thrfrg_A/B/C: a layout (or tensor layout) over the operand's 2-D tile reshaped to
 * ((ThrV,(Thr0,Thr1)),(FrgV,(Rest0,Rest1)))
 */
export function thrfrg(mma: TiledMma, w: Operand, ref: Layout): Layout {
  const { p, thr } = MODES[w];
  const tTile: Tiler = [permutationMNK(mma, p[0]), permutationMNK(mma, p[1])];
  const tTensor = logical_divide(ref, tTile);
  const aTile: Tiler = [make_layout(mma.atom.shapeMNK[p[0]]), make_layout(mma.atom.shapeMNK[p[1]])];
  const aTensor = zipped_divide(tTensor, aTile);
  const tvTensor = composition(aTensor, [atomTV(mma, w), _]);
  const thrTile: Tiler = [_, [make_layout(modeSize(mma.thrLayoutVMNK, thr[0])), make_layout(modeSize(mma.thrLayoutVMNK, thr[1]))]];
  return zipped_divide(tvTensor, thrTile);
}

/** make_layout of the operand's tile: (M,K), (N,K) or (M,N) */
export function operandRef(mma: TiledMma, w: Operand): Layout {
  const { p } = MODES[w];
  return make_layout([tileSizeMNK(mma, p[0]), tileSizeMNK(mma, p[1])]);
}

/** get_layoutA_TV / get_layoutB_TV / get_layoutC_TV: (thr_idx, val) -> index into operandRef */
export function layoutTV(mma: TiledMma, w: Operand): Layout {
  const vmnk = mma.thrLayoutVMNK;
  const tv = thrfrg(mma, w, operandRef(mma, w));
  // thr_idx -> (ThrV,ThrM,ThrN,ThrK): the complement makes the inverse total over every index
  // below cosize (a quadpair's ThrID skips 4..15), and the (size(vmnk),_1):(_1,_0) in front wraps
  // the thread index into the threads the layout has, as CuTe's get_layout*_TV does
  const thridx2thrid = composition(new Layout([size(vmnk), _1], [_1, _0]), right_inverse(concat(vmnk, complement(vmnk))));
  if (w === "C") return composition(tv, [thridx2thrid, _]);
  // (ThrV,(ThrM|N,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK)): the thread that does not tile this operand is broadcast
  const m = modeSize(vmnk, 1);
  const n = modeSize(vmnk, 2);
  const bcast = w === "A" ? new Layout([m, n], [_1, _0]) : new Layout([m, n], [_0, _1]);
  const atile: Tiler = [_, [bcast, _]];
  return composition(composition(tv, [atile, _]), [thridx2thrid, _]);
}

/**
 * get_layoutA_MK / get_layoutB_NK / get_layoutC_MN: (coordinate) -> (operand thread id, value)
 * index, and the operand thread id -> thread index layout.
 */
export function layoutMN(mma: TiledMma, w: Operand): [Layout, Layout] {
  const ref = operandRef(mma, w);
  const tv = thrfrg(mma, w, ref);
  const inv = composition(right_inverse(tv), make_layout(ref.shape));
  const vmnk = mma.thrLayoutVMNK;
  const c: T.Coord = w === "A" ? [_, _, _0, _] : w === "B" ? [_, _0, _, _] : [_, _, _, _0];
  return [inv, slice(c, vmnk)];
}

const at = (l: Layout, c: IntTuple): number => {
  const r = crd2idx(c, l);
  if (!(r instanceof Int)) throw new CuteError("crd2idx", "expected an integer layout");
  return r.v;
};

/** one cell of the operand's grid: the thread index and value that own it */
export interface Owner {
  thread: number;
  value: number;
}

/** the owner of each (row, col) cell of the operand's 2-D tile (A: m,k; B: n,k; C: m,n) */
export function owners(mma: TiledMma, w: Operand): { rows: number; cols: number; owner(r: number, c: number): Owner } {
  threadCount(mma); // refuses a negative or huge thread count
  const [mn, thrID] = layoutMN(mma, w);
  const rows = T.size(T.get(mn.shape, 0)).v;
  const cols = T.size(T.get(mn.shape, 1)).v;
  if (rows < 0 || cols < 0) throw new UsageError(words`the ${w} tile of this TiledMMA is ${rows} x ${cols}; a map needs non-negative extents (check ${input("atoms")} and ${input("tile")})`);
  const nthr = size(thrID).v;
  // plain integer layouts are evaluated by their compiled mode functions, the rest by crd2idx
  const byRow = compileIndexFn(sublayout(mn, [0])), byCol = compileIndexFn(sublayout(mn, [1]));
  const index = byRow && byCol ? (r: number, c: number) => byRow(r) + byCol(c) : (r: number, c: number) => at(mn, [D(r), D(c)]);
  const thread = compileIndexFn(thrID) ?? ((i: number) => at(thrID, D(i)));
  return {
    rows,
    cols,
    owner(r, c) {
      const idx = index(r, c);
      return { thread: thread(idx % nthr), value: Math.floor(idx / nthr) };
    },
  };
}

/** number of threads of the tiled MMA */
export function threadCount(mma: TiledMma): number {
  const n = size(mma.thrLayoutVMNK).v;
  if (!(n >= 0 && n <= MAX_THREADS)) {
    throw new UsageError(`make_tiled_mma: this TiledMMA has ${n} threads (${show(mma.thrLayoutVMNK)}); cute-ts draws maps, fragments and pictures for 0 to ${MAX_THREADS} (2^20) threads`);
  }
  return n;
}
const MAX_THREADS = 1 << 20;

/** the thread indices the tiled MMA uses (a quadpair atom uses 0..3 and 16..19), ascending */
export function threadIndices(mma: TiledMma): number[] {
  const n = threadCount(mma);
  // the layout's value for each thread, by its leaf odometer (a million threads is a fuzz input, not a kernel)
  const values = new Float64Array(n);
  if (!forEachIndex(mma.thrLayoutVMNK, n, (i, v) => (values[i] = v))) {
    for (let i = 0; i < n; i++) values[i] = at(mma.thrLayoutVMNK, D(i));
  }
  values.sort();
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (i === 0 || values[i] !== values[i - 1]) out.push(values[i]!);
  return out;
}


/** (thread, value) -> index into the operand's tile, worked out once per TiledMMA and operand */
const FRAGMENT_FNS = new WeakMap<TiledMma, Map<Operand, { rows: number; nval: number; index(t: number, v: number): number }>>();

function fragmentIndexer(mma: TiledMma, w: Operand): { rows: number; nval: number; index(t: number, v: number): number } {
  let byOperand = FRAGMENT_FNS.get(mma);
  if (byOperand === undefined) FRAGMENT_FNS.set(mma, (byOperand = new Map()));
  let f = byOperand.get(w);
  if (f !== undefined) return f;
  const tv = layoutTV(mma, w);
  const rows = T.size(T.get(operandRef(mma, w).shape, 0)).v;
  const nval = T.size(T.get(tv.shape, 1)).v;
  // a rank-2 TV layout is the sum of its two mode functions; fall back to crd2idx when they are not plain integers
  const thr = compileIndexFn(sublayout(tv, [0]));
  const val = compileIndexFn(sublayout(tv, [1]));
  const index = thr && val ? (t: number, v: number) => thr(t) + val(v) : (t: number, v: number) => at(tv, [D(t), D(v)]);
  byOperand.set(w, (f = { rows, nval, index }));
  return f;
}

/** how many values each thread holds of the operand */
export function valuesPerThread(mma: TiledMma, w: Operand): number {
  return fragmentIndexer(mma, w).nval;
}

/** how many cells the operand's tile has (A: M x K, B: N x K, C: M x N) */
export function operandCells(mma: TiledMma, w: Operand): number {
  return size(operandRef(mma, w)).v;
}

/** the (row, col) coordinates of thread t's values, in value order (partition_A/B/C of an identity tile) */
export function fragmentCoords(mma: TiledMma, w: Operand, t: number): Array<[number, number]> {
  const { rows, nval, index } = fragmentIndexer(mma, w);
  const out: Array<[number, number]> = [];
  for (let v = 0; v < nval; v++) {
    const idx = index(t, v);
    out.push([idx % rows, Math.floor(idx / rows)]);
  }
  return out;
}

/** `T0V0 => ( 0,0)` lines, as the MMA docs list a thread's values */
export function formatFragment(mma: TiledMma, w: Operand, t: number): string {
  const coords = fragmentCoords(mma, w, t);
  const wr = Math.max(...coords.map(([r]) => String(r).length));
  const wc = Math.max(...coords.map(([, c]) => String(c).length));
  const axes = w === "A" ? "(m,k)" : w === "B" ? "(n,k)" : "(m,n)";
  const head = `${w}: thread ${t}, ${coords.length} value${coords.length === 1 ? "" : "s"} ${axes}`;
  return [head, ...coords.map(([r, c], v) => `T${t}V${v} => (${String(r).padStart(wr)},${String(c).padStart(wc)})`)].join("\n") + "\n";
}
