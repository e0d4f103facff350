/** print_layout and print_tensor (util/print_tensor.hpp), byte for byte. */
import { CuteError, UsageError } from "../core/errors.js";
import { Int, D, _0 } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import { IntTuple, Stride, _ } from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout, innermostLayout } from "../core/swizzle.js";
import * as C from "../core/composed.js";
import { Tensor, CountingIter, PtrIter, TmemIter, type Iter, advance, deref, elementAddress, isPointer, tmemPtrAdd } from "../core/tensor.js";
import { type Idx, idxAdd } from "../core/basis.js";
import { at, sliceTensor } from "../tensor/algorithms.js";
import { show, showAddress } from "./print.js";
import type { Value } from "../core/value.js";

/** cells above this need --force (2^18 cells is ~5 MB of text, a fraction of a second) */
export const MAX_CELLS = 1 << 18;

export function num_digits(x: number): number {
  let d = 1;
  x = Math.abs(x);
  while (x >= 10) {
    x = Math.floor(x / 10);
    d++;
  }
  return d;
}

/** even --force prints at most 2^20 cells (about 20 MB of text, under a second): memory stays bounded whatever is asked */
export const FORCE_MAX_CELLS = 1 << 20;

export function checkCells(n: number, force: boolean, what: string): void {
  const count = Number.isSafeInteger(n) ? String(n) : "more than 9007199254740991";
  if (!force && n > MAX_CELLS) {
    // a limit of cute-ts, not a rule of CuTe: a usage error, not a refusal
    throw new UsageError(`${what}: the result has ${count} cells, more than cute-ts's limit of ${MAX_CELLS}; pass --force to print it anyway`);
  }
  if (n > FORCE_MAX_CELLS) {
    throw new UsageError(`${what}: the result has ${count} cells, more than the ${FORCE_MAX_CELLS} cute-ts prints even with --force (a hard limit: memory stays bounded)`);
  }
}

function cellAt(l: Layout | ComposedLayout, m: number, n: number): string {
  const c = [D(m), D(n)];
  const v = l instanceof Layout ? L.crd2idx(c, l) : C.evalAt(l, c);
  return String((v as Int).v);
}

/** the M x N grid of a rank-2 layout, each cell's text computed when asked (the grid is never held whole) */
function layoutGrid(l: Layout | ComposedLayout, force: boolean): { M: number; N: number; at(m: number, n: number): string } {
  const base = l instanceof Layout ? l : innermostLayout(l);
  if (T.rank(base.shape) !== 2) {
    throw new CuteError("print_layout", "static assertion failed: rank(layout) == Int<2>{} (print_layout draws rank-2 layouts only)", [show(l)]);
  }
  // print_layout prints int(layout(m,n)): a layout to coordinates gives ArithmeticTuples, which do not convert
  if (!T.leaves(base.stride).every((d) => d instanceof Int)) {
    throw new CuteError("print_layout", "no conversion from an ArithmeticTuple to int: print_layout prints int(layout(m,n)), and this layout's strides are coordinates (v@i); to see the coordinates, print it as a tensor: make_tensor(ArithTuple(_0,...), layout)", [show(l)]);
  }
  const M = T.size(T.get(base.shape, 0)).v, N = T.size(T.get(base.shape, 1)).v;
  checkCells(Math.max(M * N, Math.abs(M), Math.abs(N)), force, "print_layout");
  const f0 = l instanceof Layout ? L.compileIndexFn(L.sublayout(l, [0])) : undefined;
  const f1 = l instanceof Layout ? L.compileIndexFn(L.sublayout(l, [1])) : undefined;
  return { M, N, at: f0 && f1 ? (m, n) => String(f0(m) + f1(n)) : (m, n) => cellAt(l, m, n) };
}

/** the M x N cell texts of a rank-2 layout: the indices print_layout prints */
export function layoutCells(l: Layout | ComposedLayout, force = false): string[][] {
  const g = layoutGrid(l, force);
  const cells: string[][] = [];
  for (let m = 0; m < g.M; m++) {
    const row: string[] = [];
    for (let n = 0; n < g.N; n++) row.push(g.at(m, n));
    cells.push(row);
  }
  return cells;
}

/**
 * layoutCells as JSON text, `[[0,1],[2,3]]`, written row by row: a million cells as arrays of
 * strings, then of numbers, would hold hundreds of megabytes for a few of text
 */
export function layoutCellsJson(l: Layout | ComposedLayout, force = false): string {
  const g = layoutGrid(l, force);
  const rows: string[] = [];
  const row: string[] = [];
  for (let m = 0; m < g.M; m++) {
    row.length = 0;
    for (let n = 0; n < g.N; n++) {
      const x = g.at(m, n);
      row.push(/^-?\d+$/.test(x) ? String(Number(x)) : JSON.stringify(x));
    }
    rows.push(`[${row.join(",")}]`);
  }
  return `[${rows.join(",")}]`;
}

export function print_layout(l0: Layout | ComposedLayout, force = false): string {
  // CuTe's print_layout overload for a layout over an smem_ptr flag draws it position independent
  const l = l0 instanceof ComposedLayout ? C.as_position_independent_swizzle_layout(l0) : l0;
  const g = layoutGrid(l, force);
  // a negative extent draws no rows (or no columns), as the loops over it run no times
  const M = Math.max(0, g.M), N = M > 0 ? Math.max(0, g.N) : 0;
  // cells are as wide as the cosize's digits
  const w = num_digits(L.cosize(l instanceof Layout ? l : innermostLayout(l)).v) + 2;
  // each row is made whole (flat) as it is built: a million rows of small concatenations would
  // hold far more memory than their text
  const out: string[] = [];
  out.push(show(l) + "\n");
  let hdr = "    ";
  for (let n = 0; n < N; n++) hdr += "  " + String(n).padStart(w - 2) + " ";
  out.push(hdr + "\n");
  const rule = "    " + ("+" + "-".repeat(w)).repeat(N) + "+\n";
  const parts: string[] = [];
  for (let m = 0; m < M; m++) {
    parts.length = 0;
    parts.push(rule, String(m).padStart(2), "  ");
    for (let n = 0; n < N; n++) parts.push("| ", g.at(m, n).padStart(w - 2), " ");
    parts.push("|\n");
    out.push(parts.join(""));
  }
  out.push(rule);
  return out.join("");
}

/** CuTe's pretty_print: a run-time int as %5d; anything else, a static integer included, as "  " + print */
function pretty(v: Value): string {
  if (v instanceof Int && !v.s) return String(v.v).padStart(5);
  return "  " + show(v);
}

/**
 * The address of element `off` of a pointer: what print_tensor shows of a tensor over memory,
 * whose data the host does not have. A swizzle_ptr's swizzle is applied (the address the element
 * is read from); a sub-byte iterator's address carries its bit index (0x1000.4); a TMEM address
 * is its lane and column (0x0000.0020).
 */
export function addressText(it: PtrIter | TmemIter, off: Idx): string {
  if (!(off instanceof Int)) throw new CuteError("print_tensor", "a pointer advances by integers, not by coordinates (the layout has basis strides)");
  if (it instanceof TmemIter) {
    const a = tmemPtrAdd(it.addr, off.v, it.bits);
    const hex = (x: number) => x.toString(16).padStart(4, "0");
    return `0x${hex(a >>> 16)}.${hex(a & 0xffff)}`;
  }
  const p = elementAddress(it, off.v);
  return p.sub < 0 ? showAddress(p.addr) : `${showAddress(p.addr)}.${p.sub}`;
}
/** one print_tensor cell of the element at offset `off`: its value, or for a pointer its address */
function cell(it: Iter, off: Idx): string {
  return isPointer(it) ? "  " + addressText(it, off) : pretty(deref(it, off) as Value);
}
function offsetAt(t: Tensor, c: IntTuple): Idx {
  return t.layout instanceof Layout ? L.crd2idx(c, t.layout) : C.evalAt(t.layout, c);
}

function tensorRank(t: Tensor): number {
  return T.rank((t.layout instanceof Layout ? t.layout : innermostLayout(t.layout)).shape);
}
function tensorShape(t: Tensor): IntTuple {
  return (t.layout instanceof Layout ? t.layout : innermostLayout(t.layout)).shape;
}

export function print_tensor(t: Tensor, force = false): string {
  const r = tensorRank(t);
  const out: string[] = [show(t) + ":\n"];
  // CuTe's rank dispatch covers ranks 1 to 4: a tensor of rank 0 or above 4 prints its header and nothing else
  if (r < 1 || r > 4) return out.join("");
  checkCells(loopBound(tensorShape(t)), force, "print_tensor");
  body(t, out);
  return out.join("");
}

/** every mode's extent counts: an empty mode must not hide a huge loop over the others */
function loopBound(sh: IntTuple): number {
  let m = Math.abs(T.size(sh).v);
  // the lines printed: rows (every mode but the columns, mode 1) and one separator per slab (modes 2, 3)
  let rows = 1, slabs = 1, cols = 1;
  T.wrap(sh).forEach((x, i) => {
    const n = Math.abs(T.size(x).v);
    m = Math.max(m, n);
    if (i !== 1) rows *= n;
    if (i === 1) cols = n;
    if (i >= 2) slabs *= n;
  });
  // each slab's separator is as wide as the columns, even when the tensor has no rows
  return Math.max(m, rows, slabs, slabs > 1 ? slabs * cols : 0);
}

/**
 * The slabs of a rank-3/4 tensor share one layout object, so what depends on the layout alone is
 * worked out once per layout (a rank-4 tensor of 2^18 slabs would otherwise redo it 2^18 times).
 */
const SLABS = new WeakMap<Layout, ReturnType<typeof slabs>>();
const OFFSETS = new WeakMap<Layout, [Idx[], Idx[]]>();
const FNS = new WeakMap<Layout, [((i: number) => number) | undefined, ((i: number) => number) | undefined]>();
function memo<V>(m: WeakMap<Layout, V>, l: Layout, f: () => V): V {
  let v = m.get(l);
  if (v === undefined) m.set(l, (v = f()));
  return v;
}
const modeFns = (l: Layout) => memo(FNS, l, () => [L.compileIndexFn(L.sublayout(l, [0])), L.compileIndexFn(L.sublayout(l, [1]))]);

/**
 * T(_,_,k) / T(_,_,_,k) for every k: the sliced layout does not depend on k, and the offset is
 * crd2idx((_0,..,_0,k)), whose left fold over the modes has the same head for every k.
 */
function slabs(l: Layout, r: number): { layout: Layout; offset(k: number): Idx } {
  const sh = l.shape as IntTuple[], st = l.stride as Stride[];
  const layout = L.slice(r === 3 ? [_, _, D(0)] : [_, _, _, D(0)], l);
  let head: Idx = T.crd2idx(_0, sh[0]!, st[0]!);
  for (let i = 1; i < r - 1; i++) head = idxAdd(head, T.crd2idx(_0, sh[i]!, st[i]!));
  return { layout, offset: (k) => idxAdd(head, T.crd2idx(D(k), sh[r - 1]!, st[r - 1]!)) };
}

/** crd2idx(m, mode 0) for every m and crd2idx(n, mode 1) for every n: crd2idx((m,n), L) is their sum */
function modeOffsets(l: Layout, M: number, N: number): [Idx[], Idx[]] {
  const [s0, s1] = [T.get(l.shape, 0), T.get(l.shape, 1)];
  const [d0, d1] = [T.get(l.stride, 0) as Stride, T.get(l.stride, 1) as Stride];
  return [Array.from({ length: M }, (_x, m) => T.crd2idx(D(m), s0, d0)), Array.from({ length: N }, (_x, n) => T.crd2idx(D(n), s1, d1))];
}

function body(t: Tensor, out: string[]): void {
  const r = tensorRank(t);
  const sh = tensorShape(t);
  if (r === 1) {
    const n = T.size(sh).v;
    for (let m = 0; m < n; m++) out.push(cell(t.iter, offsetAt(t, D(m))) + "\n");
  } else if (r === 2) {
    const M = T.size(T.get(sh, 0)).v, N = T.size(T.get(sh, 1)).v;
    const fast = t.layout instanceof Layout && t.iter instanceof CountingIter && Math.abs(t.iter.v.v) <= 2 ** 51;
    const [f0, f1] = fast && M > 0 && N > 0 ? modeFns(t.layout as Layout) : [undefined, undefined];
    const base = t.iter instanceof CountingIter ? t.iter.v.v : 0;
    // T(m,n) = *(iter + (L0(m) + L1(n))): each mode's offsets once, then one add per cell
    const modes = !(f0 && f1) && M > 0 && N > 0 && t.layout instanceof Layout ? memo(OFFSETS, t.layout, () => modeOffsets(t.layout as Layout, M, N)) : undefined;
    for (let m = 0; m < M; m++) {
      let row = "";
      for (let n = 0; n < N; n++) {
        if (f0 && f1) row += String(base + f0(m) + f1(n)).padStart(5);
        else if (modes) row += cell(t.iter, idxAdd(modes[0][m]!, modes[1][n]!));
        else row += cell(t.iter, offsetAt(t, [D(m), D(n)]));
      }
      out.push(row + "\n");
    }
  } else {
    const K = T.size(T.get(sh, r - 1)).v;
    const N = T.size(T.get(sh, 1)).v;
    const sep = (r === 3 ? "-" : "=").repeat(Math.max(0, 5 * N)) + "\n";
    const slab = K > 0 && t.layout instanceof Layout ? memo(SLABS, t.layout, () => slabs(t.layout as Layout, r)) : undefined;
    for (let k = 0; k < K; k++) {
      if (k > 0) out.push(sep);
      if (slab) body(new Tensor(advance(t.iter, slab.offset(k)), slab.layout), out);
      else body(sliceTensor(t, r === 3 ? [_, _, D(k)] : [_, _, _, D(k)]), out);
    }
  }
}

/** the values of a tensor for --json: nested by its first two modes, then by the others */
export function tensorValues(t: Tensor, force = false): unknown {
  const r = tensorRank(t);
  checkCells(loopBound(tensorShape(t)), force, "print_tensor");
  const it = t.iter;
  // a pointer tensor's values are its elements' addresses, as strings
  const val = isPointer(it) ? (c: IntTuple): unknown => addressText(it, offsetAt(t, c)) : (c: IntTuple): unknown => {
    const x = at(t, c) as Value;
    return x instanceof Int ? x.v : show(x);
  };
  const sh = tensorShape(t);
  if (r === 1) return Array.from({ length: T.size(sh).v }, (_x, m) => val(D(m)));
  if (r === 2) {
    const M = T.size(T.get(sh, 0)).v, N = T.size(T.get(sh, 1)).v;
    return Array.from({ length: M }, (_x, m) => Array.from({ length: N }, (_y, n) => val([D(m), D(n)])));
  }
  const K = T.size(T.get(sh, r - 1)).v;
  const slab = K > 0 && t.layout instanceof Layout ? slabs(t.layout, r) : undefined;
  return Array.from({ length: K }, (_x, k) =>
    tensorValues(slab ? new Tensor(advance(t.iter, slab.offset(k)), slab.layout) : sliceTensor(t, r === 3 ? [_, _, D(k)] : [_, _, _, D(k)]), force),
  );
}
