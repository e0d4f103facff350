/**
 * print_layout and print_tensor (util/print_tensor.hpp), byte for byte, written as they are
 * made: each printer hands its text to a Write in chunks (src/print/stream.ts), so a table of
 * any size takes constant memory, and the string-returning forms collect the same chunks.
 * The cells of a tensor over a plain layout are computed by its affine form
 * (src/core/layout/compiled.ts): numbers and the text around them, not an integer object and a
 * tuple walk per cell; what has no exact affine form is evaluated cell by cell as before.
 */
import { CuteError, LimitError, Unsupported, WHEN_FORCED, type Wording, input, words } from "../core/errors.js";
import { Int, D, _0 } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import { IntTuple, Stride, _ } from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout, innermostLayout } from "../core/swizzle.js";
import * as C from "../core/composed.js";
import { Tensor, CountingIter, ArithIter, PtrIter, TmemIter, DescIter, type Iter, advance, deref, descAdd, elementAddress, isPointer, tmemPtrAdd } from "../core/tensor.js";
import { type Idx, idxAdd } from "../core/basis.js";
import { type AffineForm, affineForm, affineIndexFn, idxEntries, sameForm } from "../core/layout/compiled.js";
import { at, sliceTensor } from "../tensor/algorithms.js";
import { show, showAddress, showPieces } from "./print.js";
import { showGmmaDescriptor } from "./descriptor.js";
import { Chunks, type Write, type WriteBytes, collect } from "./stream.js";
import type { Value } from "../core/value.js";

export function num_digits(x: number): number {
  let d = 1;
  x = Math.abs(x);
  while (x >= 10) {
    x = Math.floor(x / 10);
    d++;
  }
  return d;
}

/** cells above this need `force` (2^18 cells is ~5 MB of text, a fraction of a second) */
export const MAX_CELLS = 1 << 18;
/**
 * the most cells `force` prints where an answer is held whole (a batch record, a transcript case,
 * the page, a library call returning a string): 2^20 cells, about 20 MB of text
 */
export const FORCE_MAX_CELLS = 1 << 20;
/**
 * where the output streams (the command line writing to a file descriptor), memory stays bounded
 * at any size; `force` still stops at 2^32 cells (tens of GB of text, minutes of work) so that no
 * input runs unbounded in time
 */
export const STREAM_MAX_CELLS = 2 ** 32;

/** how much a printer may print: `force` lifts MAX_CELLS, up to `hard` (FORCE_MAX_CELLS unless the output streams) */
export interface PrintLimits {
  force?: boolean;
  hard?: number;
}

export function checkCells(n: number, force: boolean, what: Wording, hard = FORCE_MAX_CELLS): void {
  const count = Number.isSafeInteger(n) ? String(n) : "more than 9007199254740991";
  if (!force && n > MAX_CELLS) {
    // a limit of cute-ts, not a rule of CuTe: a usage error, not a refusal
    throw new LimitError(words`${what}: the result has ${count} cells, more than cute-ts's limit of ${MAX_CELLS}`, false, "print");
  }
  if (!(n <= hard)) {
    const why = hard === FORCE_MAX_CELLS ? `an answer held whole (a batch record, a transcript case, the page) stays bounded; the command line streams up to ${STREAM_MAX_CELLS}` : "every run stays bounded in time";
    throw new LimitError(words`${what}: the result has ${count} cells, more than the ${hard} cute-ts prints ${WHEN_FORCED} (a hard limit: ${why})`, true, "print");
  }
}
/**
 * How a printer writes: its limits, text around what it prints (written only once the limits
 * pass, so a refusal writes nothing), and `generic` to evaluate every cell by at() (the
 * reference the affine path is checked against).
 */
export interface WriteOptions extends PrintLimits {
  /** where the text may go as bytes instead (the command line's stdout) */
  bytes?: WriteBytes;
  prefix?: string;
  suffix?: string;
  generic?: boolean;
}
const optionsOf = (o: WriteOptions | boolean | undefined): WriteOptions => (typeof o === "boolean" ? { force: o } : (o ?? {}));
const limitsOf = (o: WriteOptions | boolean | undefined): Required<PrintLimits> => {
  const w = optionsOf(o);
  return { force: w.force === true, hard: w.hard ?? FORCE_MAX_CELLS };
};

function cellAt(l: Layout | ComposedLayout, m: number, n: number): string {
  const c = [D(m), D(n)];
  const v = l instanceof Layout ? L.crd2idx(c, l) : C.evalAt(l, c);
  return String((v as Int).v);
}

/** the M x N grid of a rank-2 layout, each cell's text computed when asked (the grid is never held whole) */
function layoutGrid(l: Layout | ComposedLayout, lim: Required<PrintLimits>): { M: number; N: number; at(m: number, n: number): string; num?: (m: number, n: number) => number } {
  const base = l instanceof Layout ? l : innermostLayout(l);
  if (T.rank(base.shape) !== 2) {
    throw new CuteError("print_layout", "static assertion failed: rank(layout) == Int<2>{} (print_layout draws rank-2 layouts only)", [show(l)]);
  }
  // print_layout prints int(layout(m,n)): a layout to coordinates gives ArithmeticTuples, which do not convert
  if (!T.leaves(base.stride).every((d) => d instanceof Int)) {
    throw new CuteError("print_layout", "no conversion from an ArithmeticTuple to int: print_layout prints int(layout(m,n)), and this layout's strides are coordinates (v@i); to see the coordinates, print it as a tensor: make_tensor(ArithTuple(_0,...), layout)", [show(l)]);
  }
  const M = T.size(T.get(base.shape, 0)).v, N = T.size(T.get(base.shape, 1)).v;
  checkCells(Math.max(M * N, Math.abs(M), Math.abs(N)), lim.force, "print_layout", lim.hard);
  const f0 = l instanceof Layout ? L.compileIndexFn(L.sublayout(l, [0])) : undefined;
  const f1 = l instanceof Layout ? L.compileIndexFn(L.sublayout(l, [1])) : undefined;
  if (f0 && f1) return { M, N, at: (m, n) => String(f0(m) + f1(n)), num: (m, n) => f0(m) + f1(n) };
  return { M, N, at: (m, n) => cellAt(l, m, n) };
}

/** the M x N cell texts of a rank-2 layout: the indices print_layout prints */
export function layoutCells(l: Layout | ComposedLayout, force = false): string[][] {
  const g = layoutGrid(l, limitsOf(force));
  const cells: string[][] = [];
  for (let m = 0; m < g.M; m++) {
    const row: string[] = [];
    for (let n = 0; n < g.N; n++) row.push(g.at(m, n));
    cells.push(row);
  }
  return cells;
}

/** layoutCells as JSON text, `[[0,1],[2,3]]`, written as it is made */
export function writeLayoutCellsJson(l: Layout | ComposedLayout, write: Write, opts?: WriteOptions | boolean): void {
  const g = layoutGrid(l, limitsOf(opts));
  const out = new Chunks(write, optionsOf(opts).bytes);
  out.put((optionsOf(opts).prefix ?? "") + "[");
  for (let m = 0; m < g.M; m++) {
    out.put(m ? ",[" : "[");
    const num = g.num;
    for (let n = 0; n < g.N; n++) {
      if (n) out.put(",");
      if (num) {
        out.putInt(num(m, n));
        continue;
      }
      const x = g.at(m, n);
      out.put(/^-?\d+$/.test(x) ? String(Number(x)) : JSON.stringify(x));
    }
    out.put("]");
  }
  out.put("]" + (optionsOf(opts).suffix ?? ""));
  out.end();
}
export function layoutCellsJson(l: Layout | ComposedLayout, force = false): string {
  return collect((w) => writeLayoutCellsJson(l, w, force));
}

/** print_layout, written as it is made */
export function writePrintLayout(l0: Layout | ComposedLayout, write: Write, opts?: WriteOptions | boolean): void {
  // CuTe's print_layout overload for a layout over an smem_ptr flag draws it position independent
  const l = l0 instanceof ComposedLayout ? C.as_position_independent_swizzle_layout(l0) : l0;
  const g = layoutGrid(l, limitsOf(opts));
  // a negative extent draws no rows (or no columns), as the loops over it run no times
  const M = Math.max(0, g.M), N = M > 0 ? Math.max(0, g.N) : 0;
  // cells are as wide as the cosize's digits
  const w = num_digits(L.cosize(l instanceof Layout ? l : innermostLayout(l)).v) + 2;
  const out = new Chunks(write, optionsOf(opts).bytes);
  out.put((optionsOf(opts).prefix ?? "") + show(l) + "\n");
  out.put("    ");
  for (let n = 0; n < N; n++) {
    out.put("  ");
    out.putInt(n, w - 2);
    out.put(" ");
  }
  out.put("\n");
  const ruleCell = "+" + "-".repeat(w);
  const rule = ruleCell.length * N <= 4096 ? "    " + ruleCell.repeat(N) + "+\n" : undefined;
  const putRule = () => {
    if (rule !== undefined) return out.put(rule);
    out.put("    ");
    out.repeat(ruleCell, N);
    out.put("+\n");
  };
  for (let m = 0; m < M; m++) {
    putRule();
    out.putInt(m, 2);
    out.put("  ");
    const num = g.num;
    for (let n = 0; n < N; n++) {
      out.put("| ");
      if (num) out.putInt(num(m, n), w - 2);
      else out.put(g.at(m, n).padStart(w - 2));
      out.put(" ");
    }
    out.put("|\n");
  }
  putRule();
  out.put(optionsOf(opts).suffix ?? "");
  out.end();
}
export function print_layout(l: Layout | ComposedLayout, force = false): string {
  return collect((w) => writePrintLayout(l, w, force));
}

/** CuTe's pretty_print: a run-time int as %5d; anything else, a static integer included, as "  " + print */
function pretty(v: Value): string {
  if (v instanceof Int && !v.s) return String(v.v).padStart(5);
  return "  " + show(v);
}
/** a value in the JSON of --json: an integer as a number, anything else as its print */
const jsonValue = (x: Value): string => (x instanceof Int ? String(x.v) : JSON.stringify(show(x)));

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
/** the descriptor at offset `off` of a descriptor iterator (GMMA only: CuTe prints GmmaDescriptor) */
function descriptorAt(it: DescIter, off: Idx): bigint {
  if (!(off instanceof Int)) throw new CuteError("print_tensor", "a descriptor iterator advances by integers, not by coordinates (the layout has basis strides)");
  if (it.arch !== "GMMA") {
    throw new Unsupported(
      "print_tensor of a UMMA descriptor tensor",
      words` (CuTe has no print for UMMA::SmemDescriptor, and which overload its uint64_t conversion reaches is not modelled): print(tensor) shows its iterator and layout, \`cute-ts mma ${input("descSmem")} L ${input("type")} T ${input("major")} K|MN ${input("arch")} sm100\` one descriptor's fields`,
    );
  }
  return descAdd(it, off.v).desc;
}
/** one print_tensor cell of the element at offset `off`: its value, for a pointer its address, for a descriptor iterator the descriptor (pretty_print: two spaces and its print) */
function cell(it: Iter, off: Idx): string {
  if (it instanceof DescIter) return "  " + showGmmaDescriptor(descriptorAt(it, off));
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

/** print_tensor, written as it is made; `generic` evaluates every cell by at() (the reference the fast path is checked against) */
export function writePrintTensor(t: Tensor, write: Write, opts?: WriteOptions | boolean): void {
  const o = optionsOf(opts);
  const r = tensorRank(t);
  // CuTe's rank dispatch covers ranks 1 to 4: a tensor of rank 0 or above 4 prints its header and nothing else
  const draws = r >= 1 && r <= 4;
  if (draws) checkTensorCells(t, o);
  const out = new Chunks(write, o.bytes);
  out.put((o.prefix ?? "") + show(t) + ":\n");
  if (draws) walk(t, new TextCells(out), o.generic === true);
  out.put(o.suffix ?? "");
  out.end();
}
/** print_tensor's limits on a tensor: refuses (a UsageError) what it would not print */
export function checkTensorCells(t: Tensor, opts?: WriteOptions | boolean): void {
  const lim = limitsOf(opts);
  const r = tensorRank(t);
  if (r >= 1 && r <= 4) checkCells(loopBound(tensorShape(t)), lim.force, "print_tensor", lim.hard);
}
export function print_tensor(t: Tensor, force = false): string {
  return collect((w) => writePrintTensor(t, w, force));
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
function memo<V>(m: WeakMap<Layout, V>, l: Layout, f: () => V): V {
  let v = m.get(l);
  if (v === undefined) m.set(l, (v = f()));
  return v;
}

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

/** what a walk over a tensor's cells produces: print_tensor's text, or the JSON of --json */
interface CellSink {
  /** a rank-1 tensor (a column) or a rank-2 one (a grid) begins, with M rows of N columns (N = 1 for rank 1) */
  begin(rank: 1 | 2, M: number, N: number): void;
  /** a row begins (rank 2) */
  row(m: number): void;
  /** the next cell: the element at offset `off` of the iterator (the generic path) */
  cell(it: Iter, off: Idx): void;
  /** the next cell by its form: the pieces around the dynamic entries and their values */
  cellForm(f: CellForm, vals: Float64Array): void;
  /** a row ends (rank 2) */
  rowEnd(): void;
  end(): void;
  /** between slabs of a rank-3/4 tensor, N columns wide */
  separator(rank: 3 | 4, N: number, first: boolean): void;
  /** a rank-3/4 tensor: its slabs begin / end */
  slabsBegin(): void;
  slabsEnd(): void;
}

/** the cells' text as print_tensor writes it */
class TextCells implements CellSink {
  private rank: 1 | 2 = 2;
  constructor(private readonly out: Chunks) {}
  begin(rank: 1 | 2): void {
    this.rank = rank;
  }
  row(): void {}
  cell(it: Iter, off: Idx): void {
    this.out.put(cell(it, off));
    if (this.rank === 1) this.out.put("\n");
  }
  cellForm(f: CellForm, vals: Float64Array): void {
    f.text(this.out, vals);
    if (this.rank === 1) this.out.put("\n");
  }
  rowEnd(): void {
    this.out.put("\n");
  }
  end(): void {}
  separator(rank: 3 | 4, N: number, first: boolean): void {
    if (first) return;
    this.out.repeat(rank === 3 ? "-" : "=", Math.max(0, 5 * N));
    this.out.put("\n");
  }
  slabsBegin(): void {}
  slabsEnd(): void {}
}

/** the values as --json nests them: by the first two modes, then by the others */
class JsonCells implements CellSink {
  private first = true;
  private firstRow = true;
  constructor(private readonly out: Chunks) {}
  begin(): void {
    this.first = this.firstRow = true;
    this.out.put("[");
  }
  row(): void {
    this.out.put(this.firstRow ? "[" : ",[");
    this.firstRow = false;
    this.first = true;
  }
  private sep(): void {
    if (!this.first) this.out.put(",");
    this.first = false;
  }
  cell(it: Iter, off: Idx): void {
    this.sep();
    // a pointer tensor's values are its elements' addresses, as strings
    // a descriptor tensor's values are its descriptors, as 64-bit hex strings
    if (it instanceof DescIter) this.out.put(JSON.stringify(`0x${descriptorAt(it, off).toString(16).padStart(16, "0")}`));
    else this.out.put(isPointer(it) ? JSON.stringify(addressText(it, off)) : jsonValue(deref(it, off) as Value));
  }
  cellForm(f: CellForm, vals: Float64Array): void {
    this.sep();
    f.json(this.out, vals);
  }
  rowEnd(): void {
    this.out.put("]");
  }
  end(): void {
    this.out.put("]");
  }
  separator(_rank: 3 | 4, _N: number, first: boolean): void {
    if (!first) this.out.put(",");
  }
  slabsBegin(): void {
    this.out.put("[");
  }
  slabsEnd(): void {
    this.out.put("]");
  }
}

/** tests: every cell by at() (the reference path), whatever the callers ask */
let genericCells = false;
export function useGenericCells(on: boolean): void {
  genericCells = on;
}

/** below this many cells a tensor (or slab) is printed cell by cell */
const FORM_MIN_CELLS = 16;

function walk(t: Tensor, sink: CellSink, generic0: boolean): void {
  const generic = generic0 || genericCells;
  const r = tensorRank(t);
  const sh = tensorShape(t);
  if (r === 1) {
    const n = T.size(sh).v;
    sink.begin(1, n, 1);
    // a few cells print faster one by one than a form is found
    const fast = !generic && n >= FORM_MIN_CELLS ? tensorForm(t, 1) : undefined;
    if (fast) fast.walk(sink);
    else for (let m = 0; m < n; m++) sink.cell(t.iter, offsetAt(t, D(m)));
    sink.end();
  } else if (r === 2) {
    const M = T.size(T.get(sh, 0)).v, N = T.size(T.get(sh, 1)).v;
    sink.begin(2, M, N);
    const fast = !generic && M > 0 && N > 0 && M * N >= FORM_MIN_CELLS ? tensorForm(t, 2) : undefined;
    if (fast) fast.walk(sink);
    else {
      for (let m = 0; m < M; m++) {
        sink.row(m);
        for (let n = 0; n < N; n++) sink.cell(t.iter, offsetAt(t, [D(m), D(n)]));
        sink.rowEnd();
      }
    }
    sink.end();
  } else {
    const K = T.size(T.get(sh, r - 1)).v;
    const N = T.size(T.get(sh, 1)).v;
    const slab = K > 0 && t.layout instanceof Layout ? memo(SLABS, t.layout, () => slabs(t.layout as Layout, r)) : undefined;
    sink.slabsBegin();
    for (let k = 0; k < K; k++) {
      sink.separator(r as 3 | 4, N, k === 0);
      if (slab) walk(new Tensor(advance(t.iter, slab.offset(k)), slab.layout), sink, generic);
      else walk(sliceTensor(t, r === 3 ? [_, _, D(k)] : [_, _, _, D(k)]), sink, generic);
    }
    sink.slabsEnd();
  }
}

/** the values of a tensor for --json: nested by its first two modes, then by the others */
export function tensorValues(t: Tensor, force = false): unknown {
  return JSON.parse(tensorValuesJson(t, force));
}
/** tensorValues as JSON text, written as it is made */
export function writeTensorValuesJson(t: Tensor, write: Write, opts?: WriteOptions | boolean): void {
  const o = optionsOf(opts);
  checkTensorCells(t, o);
  const out = new Chunks(write, o.bytes);
  out.put(o.prefix ?? "");
  const r = tensorRank(t);
  if (r < 1 || r > 4) out.put("[]");
  else walk(t, new JsonCells(out), o.generic === true);
  out.put(o.suffix ?? "");
  out.end();
}
export function tensorValuesJson(t: Tensor, force = false): string {
  return collect((w) => writeTensorValuesJson(t, w, force));
}

// ---------------------------------------------------------------- cells by their affine form

/**
 * A cell's text by its form: the print of the value at the origin cut at its dynamic entries,
 * so a cell is the pieces with the entries' numbers between them.
 */
export class CellForm {
  /** a dynamic integer: %5d in the text, a number in JSON */
  private readonly dynInt: boolean;
  private readonly pieces: string[];
  private readonly jsonConst: string | undefined;
  /** the pieces are plain ASCII that JSON leaves as it is (what a value's print holds) */
  readonly plain: boolean;
  constructor(readonly template: Idx) {
    this.dynInt = template instanceof Int && !template.s;
    this.pieces = showPieces(template as Value);
    this.plain = this.pieces.every((p) => /^[-_0-9(),@]*$/.test(p));
    this.jsonConst = this.pieces.length === 1 ? jsonValue(template as Value) : undefined;
  }
  /** pretty_print's text of the cell */
  text(out: Chunks, vals: Float64Array): void {
    if (this.dynInt) return out.putInt(vals[0]!, 5);
    out.put("  ");
    this.putPieces(out, vals);
  }
  /** the cell in --json: a number, or its print as a JSON string (the pieces need no escaping: digits, _ ( ) , @) */
  json(out: Chunks, vals: Float64Array): void {
    if (this.jsonConst !== undefined) return out.put(this.jsonConst);
    if (this.dynInt) return out.putInt(vals[0]!);
    out.put('"');
    this.putPieces(out, vals);
    out.put('"');
  }
  /** the cell's print: its fixed pieces with the values between them */
  private putPieces(out: Chunks, vals: Float64Array): void {
    const p = this.pieces;
    out.put(p[0]!);
    for (let d = 1; d < p.length; d++) {
      out.putInt(vals[d - 1]!);
      out.put(p[d]!);
    }
  }
}

/**
 * The affine form of the cells of a rank-1 or rank-2 tensor over a plain layout, without its
 * iterator's share: kept per layout, since the slabs of a rank-3/4 tensor share theirs and
 * differ only by the iterator.
 */
interface LayoutForm {
  /** per dynamic entry: sum over the leaves of (extent - 1) * |weight| */
  spans: number[];
  template: Idx;
  /** the cells' text around their numbers (the same for every tensor of this form) */
  cell: CellForm;
  /** per dynamic entry: mode 0's share of row m, mode 1's of column n */
  rowFns: ((m: number) => number)[];
  colFns: ((n: number) => number)[];
  /** the columns' shares, once computed */
  cols?: Float64Array[];
  M: number;
  N: number;
}
/** per layout and evaluation (by a 1-D index, or by (m, n)): the form found for the last iterator form seen (slabs share a layout and an iterator form) */
type FormCache = { iter: Idx | undefined; form: LayoutForm | null };
const FORMS: [WeakMap<Layout, FormCache>, WeakMap<Layout, FormCache>] = [new WeakMap(), new WeakMap()];
const iterForm = (t: Tensor): Idx | undefined => (t.iter instanceof ArithIter ? t.iter.coord : undefined);
const sameIter = (a: Idx | undefined, b: Idx | undefined): boolean => (a === undefined || b === undefined ? a === b : sameForm(a, b));

/** the value of a cell: at(t, m) for rank 1, at(t, (m, n)) for rank 2, as print_tensor's generic path evaluates it */
const cellOf = (t: Tensor, rank: 1 | 2, m: number, n: number): Idx => (rank === 1 ? at(t, D(m)) : at(t, [D(m), D(n)]));

function layoutFormOf(t: Tensor, l: Layout, rank: 1 | 2): LayoutForm | undefined {
  const ext0 = T.leaves(rank === 1 ? l.shape : T.get(l.shape, 0)).map((s) => s.v);
  const ext1 = rank === 1 ? [] : T.leaves(T.get(l.shape, 1)).map((s) => s.v);
  const n0 = ext0.length;
  const unit = (ext: number[], k: number) => {
    let p = 1;
    for (let j = 0; j < k; j++) p *= ext[j]!;
    return p;
  };
  const af: AffineForm | undefined = affineForm([...ext0, ...ext1], (k) =>
    k < 0 ? cellOf(t, rank, 0, 0) : k < n0 ? cellOf(t, rank, unit(ext0, k), 0) : cellOf(t, rank, 0, unit(ext1, k - n0)),
  );
  if (af === undefined) return undefined;
  const exts = [...ext0, ...ext1];
  const spans = af.weights.map((w) => w.reduce((a, x, k) => a + (exts[k]! - 1) * Math.abs(x), 0));
  const M = rank === 1 ? T.size(l.shape).v : T.size(T.get(l.shape, 0)).v;
  const N = rank === 1 ? 1 : T.size(T.get(l.shape, 1)).v;
  return {
    spans,
    template: af.template,
    cell: new CellForm(af.template),
    rowFns: af.weights.map((w) => affineIndexFn(ext0, w.slice(0, n0))),
    colFns: af.weights.map((w) => affineIndexFn(ext1, w.slice(n0))),
    M,
    N,
  };
}

/**
 * The cells of a rank-1/2 tensor over a plain layout by their affine form: per row the mode-0
 * share of each dynamic entry, per column the mode-1 share (precomputed when the row is not too
 * long). Undefined when the cells have no exact affine form: the generic path prints them.
 */
function tensorForm(t: Tensor, rank: 1 | 2): { template: Idx; walk(sink: CellSink): void } | undefined {
  // a tensor over memory prints its elements' addresses: cell by cell
  if (!(t.layout instanceof Layout) || !(t.iter instanceof CountingIter || t.iter instanceof ArithIter)) return undefined;
  const l = t.layout;
  // the form is the layout's, weights and all; the iterator only moves the origin, when its own form is the same
  let origin: Idx;
  try {
    origin = cellOf(t, rank, 0, 0);
  } catch {
    return undefined;
  }
  const forms = FORMS[rank - 1]!;
  let cached = forms.get(l);
  if (cached === undefined || !sameIter(cached.iter, iterForm(t))) {
    cached = { iter: iterForm(t), form: layoutFormOf(t, l, rank) ?? null };
    forms.set(l, cached);
  }
  const lf = cached.form;
  if (lf === null || !lf.cell.plain || !sameForm(lf.template, origin)) return undefined;
  // the origin's dynamic entries: each cell is these plus the row's and the column's shares
  const entries = idxEntries(origin);
  const base: number[] = [];
  for (const e of entries) if (!e.s) base.push(e.v);
  for (let d = 0; d < base.length; d++) if (!(Math.abs(base[d]!) + lf.spans[d]! <= Number.MAX_SAFE_INTEGER)) return undefined;
  const { cell, rowFns, colFns, M, N } = lf;
  const D0 = base.length;
  return {
    template: origin,
    walk(sink) {
      const vals = new Float64Array(Math.max(1, D0));
      if (rank === 1) {
        for (let m = 0; m < M; m++) {
          for (let d = 0; d < D0; d++) vals[d] = base[d]! + rowFns[d]!(m);
          sink.cellForm(cell, vals);
        }
        return;
      }
      // each column's share once per layout when a row is short enough to hold them
      const cols = N <= 1 << 16 ? (lf.cols ??= colFns.map((f) => Float64Array.from({ length: N }, (_x, n) => f(n)))) : undefined;
      const rowBase = new Float64Array(Math.max(1, D0));
      for (let m = 0; m < M; m++) {
        sink.row(m);
        for (let d = 0; d < D0; d++) rowBase[d] = base[d]! + rowFns[d]!(m);
        for (let n = 0; n < N; n++) {
          if (cols) for (let d = 0; d < D0; d++) vals[d] = rowBase[d]! + cols[d]![n]!;
          else for (let d = 0; d < D0; d++) vals[d] = rowBase[d]! + colFns[d]!(n);
          sink.cellForm(cell, vals);
        }
        sink.rowEnd();
      }
    },
  };
}

/**
 * visit(entries) with the integer entries of at(t, i) (idxEntries order) for every i in
 * [0, size(t)), the array reused between calls: by the tensor's affine form when it has one,
 * else value by value.
 */
export function forEachEntries(t: Tensor, visit: (entries: Float64Array) => void): void {
  const l = t.layout instanceof Layout ? t.layout : innermostLayout(t.layout);
  const n = T.size(l.shape).v;
  if (!(n > 0)) return;
  const fast = genericCells ? undefined : tensorForm(t, 1);
  if (fast) {
    const tmpl = idxEntries(fast.template);
    const e = new Float64Array(tmpl.length);
    const slots: number[] = [];
    tmpl.forEach((x, j) => (x.s ? (e[j] = x.v) : slots.push(j)));
    fast.walk({
      begin() {},
      row() {},
      cell() {},
      cellForm(_f, vals) {
        for (let d = 0; d < slots.length; d++) e[slots[d]!] = vals[d]!;
        visit(e);
      },
      rowEnd() {},
      end() {},
      separator() {},
      slabsBegin() {},
      slabsEnd() {},
    });
    return;
  }
  for (let i = 0; i < n; i++) visit(Float64Array.from(idxEntries(at(t, D(i))), (x) => x.v));
}
