/**
 * The CuTe DSL's printers (CUTLASS 4's Python DSL, python/CuTeDSL/cutlass/cute): what Python's
 * `print(x)` shows at trace time (`--dialect dsl`) and what `cute.printf("{}", x)` shows at run
 * time (`--dialect dsl-printf`). The values are cute-ts's own; only the text differs from CuTe's
 * C++ print:
 *
 * - at trace time a static integer is plain (`4`, never `_4`: a Python int) and a dynamic one is
 *   `?`, with what the DSL's types know of it: `?{div=8}` (a multiple of 8), `?{i64}` (64 bits),
 *   `?{i64 div=8}`. Inside a layout, tensor or composed layout the text is the MLIR type's
 *   (core.py's Layout.__str__ cuts it from `!cute.layout<"...">`); a dynamic scalar alone prints
 *   as IntValue.__str__ does, `?` when nothing divides it whatever its width;
 * - a tuple at the Python level prints as Python prints a tuple, `(3, 8)`, `(3,)`;
 * - a swizzle is `S<B,M,S>`, cut to eight characters as Swizzle.__str__ cuts its type's text;
 * - a composed layout is `inner o offset o outer` (ComposedLayout.__str__), a tensor
 *   `tensor<iterator o layout>` (Tensor.__str__), a basis element `1@0`, None `_`;
 * - at run time every integer prints its value, and a tuple prints as CuTe's IR prints one, `(3,8)`.
 */
import { Int } from "../core/integer.js";
import { ScaledBasis } from "../core/basis.js";
import { Underscore } from "../core/int-tuple.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout, Swizzle, SmemPtrFlag, SwizzleInnerComposed } from "../core/swizzle.js";
import { Tensor, CountingIter, ArithIter, PtrIter, TmemIter, type Iter } from "../core/tensor.js";
import { MajorTag, type Value } from "../core/value.js";
import { MixedBits, showBits } from "../core/mixed-bits.js";
import { show, showPtr, showTmemPtr } from "./print.js";
import { mlirOfCxx } from "../core/dsl-types.js";

/** what the DSL's type of a dynamic integer knows: a number dividing it (1: none) and its width */
export interface DynInfo {
  div: number;
  i64: boolean;
}

/** where a value is printed: Python's print of a Python object, or the text of an MLIR type */
const enum Ctx {
  /** the value itself, or an item of a Python tuple */
  Python,
  /** inside a layout, composed layout or tensor: the MLIR type's text */
  Typed,
}

/** `?` and what the type knows: `?{div=8}`, `?{i64}`, `?{i64 div=8}` (the MLIR int_tuple syntax) */
function typedDynamic(d: DynInfo): string {
  if (d.div === 1) return d.i64 ? "?{i64}" : "?";
  return d.i64 ? `?{i64 div=${d.div}}` : `?{div=${d.div}}`;
}
/** a dynamic integer as core.py's IntValue.__str__ prints it: no width unless a divisibility is known */
function scalarDynamic(d: DynInfo): string {
  if (d.div === 1) return "?";
  return d.i64 ? `?{i64 div=${d.div}}` : `?{div=${d.div}}`;
}

const PLAIN: DynInfo = { div: 1, i64: false };

/**
 * A printer over one value: `info(k)` tells what the DSL knows of the k-th dynamic integer in
 * printing order (the order of `dynamicLeaves`); `runtime` prints every integer's value.
 */
class DslPrinter {
  private k = 0;
  constructor(
    private readonly info: ((k: number) => DynInfo) | undefined,
    private readonly onLeaf?: (x: Int) => void,
  ) {}

  int(x: Int, ctx: Ctx): string {
    if (x.s) return `${x.v}`;
    this.onLeaf?.(x);
    const k = this.k++;
    if (this.info === undefined) return `${x.v}`;
    const d = this.info(k) ?? PLAIN;
    return ctx === Ctx.Typed ? typedDynamic(d) : scalarDynamic(d);
  }

  /** the compact form inside objects and at run time: (a,b), a rank-1 tuple (a) */
  compact(v: Value, ctx: Ctx): string {
    if (v instanceof Int) return this.int(v, ctx);
    if (Array.isArray(v)) {
      let s = "(";
      for (let i = 0; i < v.length; i++) s += (i ? "," : "") + this.compact(v[i]!, ctx);
      return s + ")";
    }
    return this.object(v, ctx);
  }

  /** Python's print of a Python tuple at trace time: (3, 8), (3,), () */
  python(v: Value): string {
    if (!Array.isArray(v)) return this.compactOrObject(v, Ctx.Python);
    if (v.length === 1) return `(${this.python(v[0]!)},)`;
    let s = "(";
    for (let i = 0; i < v.length; i++) s += (i ? ", " : "") + this.python(v[i]!);
    return s + ")";
  }
  private compactOrObject(v: Value, ctx: Ctx): string {
    // None in a Python tuple is None; elsewhere the DSL's pretty_str writes it _
    if (v instanceof Underscore) return "None";
    return v instanceof Int ? this.int(v, ctx) : this.object(v, ctx);
  }

  object(v: Value, ctx: Ctx): string {
    if (v instanceof Layout) return `${this.compact(v.shape as Value, Ctx.Typed)}:${this.compact(v.stride as Value, Ctx.Typed)}`;
    if (v instanceof ScaledBasis) {
      let s = this.int(v.value, ctx === Ctx.Python ? Ctx.Python : Ctx.Typed);
      for (let i = v.modes.length - 1; i >= 0; i--) s += `@${v.modes[i]}`;
      return s;
    }
    if (v instanceof Underscore) return "_";
    if (v instanceof Swizzle) return this.swizzle(v);
    if (v instanceof ComposedLayout || v instanceof SwizzleInnerComposed) {
      return `${this.object(v.a as Value, Ctx.Typed)} o ${this.offset(v.offset)} o ${this.object(v.b as Value, Ctx.Typed)}`;
    }
    if (v instanceof Tensor) return `tensor<${this.iterator(v.iter)} o ${this.object(v.layout, Ctx.Typed)}>`;
    // a pointer prints its MLIR type without the `!cute.` (core.py's _Pointer.__str__), as inside a tensor's print
    if (v instanceof PtrIter || v instanceof TmemIter) return this.iterator(v);
    if (v instanceof CountingIter) return this.int(v.v, Ctx.Typed);
    if (v instanceof ArithIter) return this.compact(v.coord as Value, Ctx.Typed);
    if (v instanceof SmemPtrFlag) return `smem_ptr[${v.bits}b](unset)`;
    if (v instanceof MajorTag) return v.name;
    if (v instanceof MixedBits) return showBits(v);
    if (v instanceof Int || Array.isArray(v)) return this.compact(v, ctx);
    return String(v);
  }

  private offset(o: ComposedLayout["offset"]): string {
    if (o instanceof SmemPtrFlag || o instanceof MixedBits) return this.object(o, Ctx.Typed);
    return this.compact(o as Value, Ctx.Typed);
  }
  private iterator(it: Iter): string {
    if (it instanceof CountingIter) return this.int(it.v, Ctx.Typed);
    if (it instanceof ArithIter) return this.compact(it.coord as Value, Ctx.Typed);
    if (it instanceof PtrIter && it.align !== undefined) {
      const text = dslPtrType(it);
      if (text !== undefined) return text;
    }
    // a pointer made in CuTe's C++ spelling: CuTe's C++ print of it
    return it instanceof PtrIter ? showPtr(it) : it instanceof TmemIter ? showTmemPtr(it.bits, it.addr) : show(it);
  }

  swizzle(s: Swizzle): string {
    const text = `S<${s.b},${s.m},${s.s}>`;
    // at trace time Swizzle.__str__ keeps the 8 characters after `!cute.swizzle<"`: S<3,4,-3> loses its '>'
    return this.info === undefined ? text : text.slice(0, 8);
  }
}

/**
 * A DSL pointer's MLIR type as a tensor's type prints it: `ptr<f32, generic>`, `ptr<f16, gmem,
 * align<16>>`; the alignment is written only where it is more than the element's size (tensor.ipynb:
 * from_dlpack's f32 tensor is `ptr<f32, generic>`, its raw_ptr `align<4>`). Undefined for a
 * pointer the DSL's type cannot say (a swizzled one).
 */
function dslPtrType(p: PtrIter): string | undefined {
  const tag = p.tags[0];
  if (p.tags.length > 1 || (tag !== undefined && typeof tag !== "string")) return undefined;
  const space = tag ?? "generic";
  const mlir = (p.type !== undefined ? mlirOfCxx(p.type) : undefined) ?? `i${p.bits}`;
  const bytes = Math.max(1, p.bits / 8);
  return `ptr<${mlir}, ${space}${p.align! > bytes ? `, align<${p.align}>` : ""}>`;
}

/** Python's print(x) at trace time; `info(k)` for the k-th dynamic integer in printing order */
export function showDsl(v: Value, info: (k: number) => DynInfo): string {
  const p = new DslPrinter(info);
  return Array.isArray(v) ? p.python(v) : v instanceof Int ? p.int(v, Ctx.Python) : p.object(v, Ctx.Python);
}

/** cute.printf("{}", x) at run time: every integer its value */
export function showDslPrintf(v: Value): string {
  return new DslPrinter(undefined).compact(v, Ctx.Typed);
}

/** the dynamic integers of a value, in the order showDsl prints them */
export function dynamicLeaves(v: Value): Int[] {
  const out: Int[] = [];
  const p = new DslPrinter(() => PLAIN, (x) => out.push(x));
  if (Array.isArray(v)) p.python(v);
  else if (v instanceof Int) p.int(v, Ctx.Python);
  else p.object(v, Ctx.Python);
  return out;
}

// ------------------------------------------------------------------------------ atoms

/** an MMA atom's fields as the DSL's MmaAtom prints them (atom.py) */
export interface DslMmaAtom {
  thrID: Layout;
  shapeMNK: Value;
  layoutA: Layout;
  layoutB: Layout;
  layoutC: Layout;
}
/** a TiledMMA's: its atom's and the tiling's */
export interface DslTiledMma extends DslMmaAtom {
  thrLayoutVMNK: Layout;
  /** the permutation tiler, `_` where none was given */
  permutationMNK: Value;
}
/** a copy atom's (CopyAtom.__str__): `valueType` as MLIR names it (f16, bf16, f32, ...) */
export interface DslCopyAtom {
  thrID: Layout;
  layoutSrc: Layout;
  layoutDst: Layout;
  valueType: string;
}
export interface DslTiledCopy extends DslCopyAtom {
  tilerMN: Value;
  layoutTV: Layout;
}

/** a tile as the DSL's pretty_str prints it: an integer n of a tile is the layout n:1 (_pack_tile makes it one) */
function tile(v: Value, p: DslPrinter): string {
  if (v instanceof Int) return `${p.int(v, Ctx.Typed)}:1`;
  if (Array.isArray(v)) return `(${v.map((x) => tile(x, p)).join(",")})`;
  return p.object(v, Ctx.Typed);
}

const atomPrinter = () => new DslPrinter(() => PLAIN);

/** MmaAtom.__str__ (trace time: atoms are static) */
export function showDslMmaAtom(a: DslMmaAtom): string {
  return mmaAtomBlock(a, atomPrinter(), 12);
}

/** the "MMA Atom" block, its labels padded to `width` (wider inside a Tiled MMA) */
function mmaAtomBlock(a: DslMmaAtom, p: DslPrinter, width: number): string {
  const row = (label: string, text: string) => `  ${(label + ":").padEnd(width)} ${text}\n`;
  return (
    "MMA Atom\n" +
    row("ThrID", p.object(a.thrID, Ctx.Python)) +
    row("Shape MNK", p.compact(a.shapeMNK, Ctx.Typed)) +
    row("TV Layout A", p.object(a.layoutA, Ctx.Python)) +
    row("TV Layout B", p.object(a.layoutB, Ctx.Python)) +
    row("TV Layout C", p.object(a.layoutC, Ctx.Python))
  );
}

/** TiledMma.__str__ */
export function showDslTiledMma(a: DslTiledMma): string {
  const p = atomPrinter();
  return (
    "Tiled MMA\n" +
    `  Thr Layout VMNK: ${p.object(a.thrLayoutVMNK, Ctx.Python)}\n` +
    `  Permutation MNK: ${tile(a.permutationMNK, p)}\n` +
    mmaAtomBlock(a, p, 16)
  );
}

/** CopyAtom.__str__ */
export function showDslCopyAtom(a: DslCopyAtom): string {
  const p = atomPrinter();
  return (
    "Copy Atom\n" +
    `  ThrID:         ${p.object(a.thrID, Ctx.Python)}\n` +
    `  TV Layout Src: ${p.object(a.layoutSrc, Ctx.Python)}\n` +
    `  TV Layout Dst: ${p.object(a.layoutDst, Ctx.Python)}\n` +
    `  Value type:    ${a.valueType}\n`
  );
}

/** TiledCopy.__str__ */
export function showDslTiledCopy(a: DslTiledCopy): string {
  const p = atomPrinter();
  return (
    "Tiled Copy\n" +
    `  Tiler MN:        ${tile(a.tilerMN, p)}\n` +
    `  TV Layout tiled: ${p.object(a.layoutTV, Ctx.Python)}\n` +
    "Copy Atom\n" +
    `  ThrID:           ${p.object(a.thrID, Ctx.Python)}\n` +
    `  TV Layout Src:   ${p.object(a.layoutSrc, Ctx.Python)}\n` +
    `  TV Layout Dst:   ${p.object(a.layoutDst, Ctx.Python)}\n` +
    `  Value type:      ${a.valueType}\n`
  );
}

// ------------------------------------------------------------------------------ cute.print_tensor

/** what cute.print_tensor prints of a tensor over memory: its pointer, its layout, its values (by top-level coordinate) */
export interface DslTensorData {
  addr: number;
  mlir: string;
  /** generic, gmem, smem, rmem */
  space: string;
  align: number;
  /** the layout as cute.printf prints it */
  layout: string;
  /** the sizes of the top-level modes (rank 1 to 3) */
  dims: number[];
  /** the value at a coordinate (one index per top-level mode) */
  at: (c: number[]) => number;
}

/** C's "% f": six decimals, a space where the sign would be */
function fixed6(v: number): string {
  const t = Math.abs(v).toFixed(6);
  return (v < 0 || Object.is(v, -0) ? "-" : " ") + t;
}

/** the indices a dimension shows: all, or the first three, '...', the last three (8 and more) */
function shown(n: number): (number | undefined)[] {
  if (n <= 5) return Array.from({ length: n }, (_, i) => i);
  return [0, 1, 2, undefined, n - 3, n - 2, n - 1];
}

/**
 * cute.print_tensor (the DSL's notebooks: print.ipynb, tensor.ipynb, tensorssa.ipynb): a header
 * `tensor(raw_ptr(0x...: f32, generic, align<4>) o L, data=` and the values as the notebooks show
 * them: a rank-1 tensor one element a line, a rank-2 one a row a line, a rank-3 one a block per
 * index of its last mode; a dimension of 8 or more shows its first and last three. `verbose` lists
 * each coordinate of a rank-2 tensor, the last mode fastest.
 */
export function showDslPrintTensor(d: DslTensorData, verbose: boolean): string {
  const head = `tensor(raw_ptr(0x${d.addr.toString(16).padStart(16, "0")}: ${d.mlir}, ${d.space}, align<${d.align}>) o ${d.layout}, data=`;
  if (verbose) {
    let s = head + " (\n";
    for (let i = 0; i < d.dims[0]!; i++) for (let j = 0; j < d.dims[1]!; j++) s += `\t(${i},${j})=${fixed6(d.at([i, j]))}\n`;
    return s + ")\n";
  }
  const row = (cells: (number | undefined)[], value: (j: number) => number) => "[" + cells.map((j) => (j === undefined ? "...," : fixed6(value(j)) + ",")).join(" ") + " ]";
  if (d.dims.length === 1) {
    const lines = shown(d.dims[0]!).map((i) => "       " + row([0], () => d.at([i!])));
    return head + "\n" + lines.join(",\n") + ")\n";
  }
  /** the rows of a matrix: the first after `first`, the others after `rest`, a '...' line where rows are left out */
  const matrix = (k: number | undefined, first: string, rest: string): string[] => {
    const rows = shown(d.dims[0]!);
    const cols = shown(d.dims[1]!);
    const at = (i: number, j: number) => d.at(k === undefined ? [i, j] : [i, j, k]);
    return rows.map((i, r) => (i === undefined ? rest + "..." : (r === 0 ? first : rest) + row(cols, (j) => at(i, j)) + (r === rows.length - 1 ? "]" : ",")));
  };
  if (d.dims.length === 2) return head + "\n" + matrix(undefined, "       [", "        ").join("\n") + ")\n";
  const blocks = shown(d.dims[2]!).map((k, b) => (k === undefined ? ["        ..."] : matrix(k, b === 0 ? "       [[" : "        [", "         ")));
  return head + "\n" + blocks.map((lines) => lines.join("\n")).join(",\n\n") + "])\n";
}
