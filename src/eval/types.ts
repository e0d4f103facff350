/**
 * C++ types as values: `T<targs>{args}` (and `T<targs>(args)`) is the value CuTe's type T
 * holds, value-initialised or made from the arguments. A template argument that is a type is
 * read as its value-initialised value, which is all the type says here: `Shape<_8,int>` is
 * `(_8,0)`, whose static and dynamic parts are the type's. Converting an argument to a type
 * keeps the type's static parts (they must match) and makes its dynamic parts dynamic.
 *
 * Integers (Int, C, _8, true_type, int, ...), tuples (tuple, Shape, Stride, Step, Coord, Tile),
 * `_`/`X`, basis elements (E, ScaledBasis), Layout, Swizzle, ComposedLayout, the smem pointer
 * flag, the major-order tags, counting_iterator, and CuTe's GMMA/UMMA shared-memory layout atoms.
 */
import { CuteError, ParseError, UsageError, quote } from "../core/errors.js";
import { Int, S, D } from "../core/integer.js";
import { ScaledBasis } from "../core/basis.js";
import * as T from "../core/int-tuple.js";
import { _ as UNDER } from "../core/int-tuple.js";
import { Layout, make_layout } from "../core/layout.js";
import { ComposedLayout, SmemPtrFlag, Swizzle } from "../core/swizzle.js";
import { make_composed } from "../core/composed.js";
import { ArithIter, CountingIter, PtrIter, Tensor } from "../core/tensor.js";
import { MixedBits } from "../core/mixed-bits.js";
import { MajorTag, type Value } from "../core/value.js";
import { findValueType } from "../core/value-types.js";
import { nearest } from "../core/suggest.js";
import { show } from "../print/print.js";
import { type Node, spellType } from "../notation/parse.js";
import { asIntTuple, asStride } from "../notation/coerce.js";
import { smemAtom, smemAtomBits, type SmemAtomMajor, type SmemAtomSwizzle } from "../atoms/mma/smem-atoms.js";
import { Braced, type EvalValue, ExtValue } from "./ext-value.js";

export { Braced };

/** one use of a type: its name, template arguments as nodes (null without `<>`), the value's arguments */
export interface TypeUse {
  name: string;
  types: Node[] | null;
  /** core values and braced lists (the evaluator refused any other value before, when one was made) */
  args: EvalValue[];
  pos: number;
  src: string;
}

type Ctor = (u: TypeUse) => Value;

// ---------------------------------------------------------------- reading template arguments

/** the value of a type written as a template argument (`T{}`) */
function typeValue(n: Node, src: string): Value {
  if (n.k === "int") {
    if (!n.s) throw new ParseError(src, n.pos, `expected a type here, found the integer ${n.v} (the type of a static integer is _${n.v} or Int<${n.v}>)`);
    return staticAlias(n.v, src, n.pos);
  }
  if (n.k !== "name") throw new ParseError(src, n.pos, "expected a type here");
  // a type whose value the block knows already (`using L = decltype(e);` as a template argument)
  if (n.value !== undefined) return n.value as Value;
  const ctor = coreType(n.name);
  if (!ctor) throw unknownType(n.name, src, n.pos);
  return ctor({ name: n.name, types: n.types, args: [], pos: n.pos, src });
}

/**
 * is_static<T> (util/type_traits.hpp: an empty type): every integer of the value is static; a
 * swizzle, `_`, a major tag, the smem pointer flag and an atom hold none; a tensor holds its
 * iterator (a pointer, or an ArithTuple's coordinate, static only when all its parts are)
 */
export function isStatic(v: Value): boolean {
  if (v instanceof Int) return v.s;
  if (Array.isArray(v)) return v.every(isStatic);
  if (v instanceof Layout) return isStatic(v.shape as Value) && isStatic(v.stride as Value);
  if (v instanceof ComposedLayout) return isStatic(v.a as Value) && isStatic(v.offset as Value) && isStatic(v.b as Value);
  if (v instanceof ScaledBasis) return v.value.s;
  if (v instanceof Tensor) return v.iter instanceof ArithIter && isStatic(v.iter.coord as Value) && isStatic(v.layout as Value);
  if (v instanceof MixedBits || v instanceof CountingIter || v instanceof PtrIter) return false;
  return true;
}

/** an integer constant template argument (`Int<8>`, `Swizzle<3,4,3>`, `E<1>`) */
function constant(n: Node, src: string, what: string): number {
  if (n.k === "int" && !n.s) return n.v;
  throw new ParseError(src, n.pos, `expected an integer constant in ${what}`);
}

function targsOf(u: TypeUse, lo: number, hi: number, what: string): Node[] {
  const ts = u.types ?? [];
  if (ts.length < lo || ts.length > hi) {
    const want = lo === hi ? `${lo}` : hi === Infinity ? `at least ${lo}` : `${lo} to ${hi}`;
    throw new ParseError(u.src, u.pos, `${what} takes ${want} template argument${hi === 1 ? "" : "s"}, found ${ts.length}`);
  }
  return ts;
}

function noArgs(u: TypeUse, what: string): void {
  if (u.args.length > 0 && !(u.args.length === 1 && u.args[0] instanceof Braced && u.args[0].items.length === 0)) {
    throw new CuteError(`${what}{...}`, "no matching constructor: the value is the type itself, write {}", u.args.map(showArg));
  }
}

const showArg = (v: EvalValue): string => (v instanceof ExtValue ? v.what : show(v));

// ---------------------------------------------------------------- conversions

/** an argument converted to the type whose value-initialised value is `def` */
export function convert(def: Value, arg: EvalValue, what: string): Value {
  if (arg instanceof Braced) return fromBraced(def, arg.items, what);
  if (def instanceof Int) {
    if (!(arg instanceof Int)) throw cannot(def, arg, what);
    if (!def.s) return arg.s ? D(arg.v) : arg;
    // a static type holds its one value: C<8> converts only from C<8>
    if (arg.s && arg.v === def.v) return arg;
    throw cannot(def, arg, what);
  }
  if (Array.isArray(def)) {
    if (!Array.isArray(arg) || arg.length !== def.length) throw cannot(def, arg, what);
    return def.map((d, i) => convert(d, arg[i]!, what));
  }
  if (def instanceof ScaledBasis) {
    if (!(arg instanceof ScaledBasis) || arg.modes.join() !== def.modes.join()) throw cannot(def, arg, what);
    return new ScaledBasis(convert(def.value, arg.value, what) as Int, def.modes);
  }
  if (def instanceof Layout) {
    if (!(arg instanceof Layout)) throw cannot(def, arg, what);
    return new Layout(convert(def.shape, arg.shape, what) as T.IntTuple, convert(def.stride as Value, arg.stride as Value, what) as T.Stride);
  }
  if (arg instanceof ExtValue || arg.constructor !== def.constructor) throw cannot(def, arg, what);
  return arg;
}

/** `{a, b}` as the type of `def`: a tuple element by element, a layout from (shape, stride), a scalar from its one value */
function fromBraced(def: Value, items: EvalValue[], what: string): Value {
  if (items.length === 0) return def;
  if (Array.isArray(def)) {
    if (items.length !== def.length) throw new CuteError(what, `no matching constructor: ${items.length} values for a tuple of ${def.length}`, items.map(showArg));
    return def.map((d, i) => convert(d, items[i]!, what));
  }
  if (def instanceof Layout) return layoutFrom(def.shape, def.stride as Value, items, what);
  if (items.length === 1) return convert(def, items[0]!, what);
  throw new CuteError(what, `no matching constructor: ${items.length} values for one`, items.map(showArg));
}

function cannot(def: Value, arg: EvalValue, what: string): CuteError {
  return new CuteError(what, `no conversion from ${showArg(arg)} to the type whose value is ${show(def)}`, [showArg(arg)]);
}

/** Layout<Shape,Stride>{shape, stride}: each argument converted, the missing ones value-initialised */
function layoutFrom(shape: Value, stride: Value, args: EvalValue[], what: string): Layout {
  if (args.length > 2) throw new CuteError(what, `no matching constructor for ${args.length} arguments (a layout takes a shape and a stride)`, args.map(showArg));
  const s = args[0] === undefined ? shape : convert(shape, args[0], what);
  const d = args[1] === undefined ? stride : convert(stride, args[1], what);
  return make_layout(asIntTuple(s, `the shape of ${what}`), asStride(d, `the stride of ${what}`));
}

// ---------------------------------------------------------------- the types

/** CuTe's aliases of static integers (integral_constant.hpp): _0 ... _10, _12, _16, ..., _524288, _m1 ... _m32 */
const ALIASES = new Set([
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 384, 512, 768, 1024, 2048, 4096, 8192, 16384,
  32768, 65536, 131072, 262144, 524288, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -12, -16, -24, -32,
]);

function staticAlias(v: number, src: string, pos: number): Int {
  if (!ALIASES.has(v)) {
    const spelled = v < 0 ? `_m${-v}` : `_${v}`;
    throw new ParseError(src, pos, `CuTe defines no alias ${spelled} (its aliases are _0.._10, _12, _16, _24, the multiples of 16 up to _256, _384, _768, the powers of two up to _524288, and _m1.._m10, _m12, _m16, _m24, _m32); write Int<${v}>{}`);
  }
  return S(v);
}

/** built-in integral types: their value is a dynamic integer */
const INTEGRAL = new Set(["int", "unsigned", "long", "short", "char", "bool", "size_t", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t", "uint", "int_t"]);

const staticInt =
  (what: string, value: (u: TypeUse) => number): Ctor =>
  (u) => {
    noArgs(u, what);
    return S(value(u));
  };

const tuple: Ctor = (u) => {
  const def = (u.types ?? []).map((t) => typeValue(t, u.src));
  if (u.args.length === 0) return def;
  return fromBraced(def, u.args, `${u.name}<...>`);
};

const major =
  (name: "LayoutLeft" | "LayoutRight"): Ctor =>
  (u) => {
    noArgs(u, u.name);
    return new MajorTag(name);
  };

/** a basis element's mode index: a mode of a tuple, 0 to 1023 (as the notation's `v@i` reads it) */
function modeIndex(n: number, what: string): number {
  if (!(n >= 0 && n <= 1023)) throw new UsageError(`${what}: mode index ${n} ${n < 0 ? "is negative" : "is beyond 1023"} (a basis element names a mode of a tuple; cute-ts holds modes 0 to 1023)`);
  return n;
}

const TYPES: ReadonlyMap<string, Ctor> = new Map<string, Ctor>([
  ["Int", staticInt("Int<N>", (u) => constant(targsOf(u, 1, 1, "Int<N>")[0]!, u.src, "Int<N>"))],
  ["C", staticInt("C<v>", (u) => constant(targsOf(u, 1, 1, "C<v>")[0]!, u.src, "C<v>"))],
  ["bool_constant", staticInt("bool_constant<b>", (u) => +(constant(targsOf(u, 1, 1, "bool_constant<b>")[0]!, u.src, "bool_constant<b>") !== 0))],
  ["constant", staticInt("constant<T,v>", (u) => constant(targsOf(u, 2, 2, "constant<T,v>")[1]!, u.src, "constant<T,v>"))],
  ["integral_constant", staticInt("integral_constant<T,v>", (u) => constant(targsOf(u, 2, 2, "integral_constant<T,v>")[1]!, u.src, "integral_constant<T,v>"))],
  ["true_type", staticInt("true_type", () => 1)],
  ["is_static", staticInt("is_static<T>", (u) => +isStatic(typeValue(targsOf(u, 1, 1, "is_static<T>")[0]!, u.src)))],
  ["false_type", staticInt("false_type", () => 0)],
  ["tuple", tuple],
  ["Shape", tuple],
  ["Stride", tuple],
  ["Step", tuple],
  ["Coord", tuple],
  ["Tile", tuple],
  ["IntTuple", tuple],
  ["Underscore", (u) => (noArgs(u, u.name), UNDER)],
  ["X", (u) => (noArgs(u, u.name), UNDER)],
  [
    "E",
    (u) => {
      const modes = (u.types ?? []).map((t) => modeIndex(constant(t, u.src, "E<N...>"), "E<N...>"));
      const def = new ScaledBasis(S(1), modes);
      return u.args.length === 0 ? def : convert(def, u.args.length === 1 ? u.args[0]! : new Braced(u.args), "E<N...>");
    },
  ],
  [
    "ScaledBasis",
    (u) => {
      const [t, ...ns] = targsOf(u, 1, Infinity, "ScaledBasis<T,N...>");
      const v = typeValue(t!, u.src);
      if (!(v instanceof Int)) throw new CuteError("ScaledBasis<T,N...>", "cute-ts scales basis elements by integers", [show(v)]);
      const def = new ScaledBasis(v, ns.map((x) => modeIndex(constant(x, u.src, "ScaledBasis<T,N...>"), "ScaledBasis<T,N...>")));
      if (u.args.length === 0) return def;
      if (u.args.length > 1) throw new CuteError("ScaledBasis<T,N...>", "no matching constructor: a basis element holds one value", u.args.map(showArg));
      return new ScaledBasis(convert(v, u.args[0]!, "ScaledBasis<T,N...>") as Int, def.modes);
    },
  ],
  [
    "Layout",
    (u) => {
      const [st, dt] = targsOf(u, 1, 2, "Layout<Shape,Stride>");
      const shape = asIntTuple(typeValue(st!, u.src), "the Shape of Layout<Shape,Stride>");
      // Layout<Shape> strides as LayoutLeft does: compact column-major in the shape's type
      const stride = dt === undefined ? T.compact_col_major(shape) : typeValue(dt, u.src);
      return layoutFrom(shape, stride as Value, u.args.length === 1 && u.args[0] instanceof Braced ? u.args[0].items : u.args, "Layout<Shape,Stride>");
    },
  ],
  [
    "Swizzle",
    (u) => {
      noArgs(u, "Swizzle<B,M,S>");
      const [b, m, s] = targsOf(u, 3, 3, "Swizzle<B,M,S>").map((t) => constant(t, u.src, "Swizzle<B,M,S>")) as [number, number, number];
      return new Swizzle(b, m, s);
    },
  ],
  [
    "ComposedLayout",
    (u) => {
      const ts = targsOf(u, 3, 3, "ComposedLayout<A,Offset,B>").map((t) => typeValue(t, u.src));
      const parts = u.args.length === 0 ? ts : ts.map((d, i) => (u.args[i] === undefined ? d : convert(d, u.args[i]!, "ComposedLayout<A,Offset,B>")));
      const [a, off, b] = parts as [Value, Value, Value];
      if (!(a instanceof Swizzle || a instanceof Layout) || !(b instanceof Layout)) {
        throw new CuteError("ComposedLayout<A,Offset,B>", "cute-ts composes a swizzle or a layout, an offset and a layout", parts.map(showArg));
      }
      if (!(off instanceof Int || off instanceof SmemPtrFlag || Array.isArray(off))) throw new CuteError("ComposedLayout<A,Offset,B>", "the offset is an integer, a coordinate or smem_ptr_flag", [showArg(off)]);
      return off instanceof SmemPtrFlag ? new ComposedLayout(a, off, b) : make_composed(a, off as Int, b);
    },
  ],
  ["smem_ptr_flag", (u) => (noArgs(u, u.name), new SmemPtrFlag(1))],
  ["smem_ptr_flag_bits", (u) => (noArgs(u, u.name), new SmemPtrFlag(constant(targsOf(u, 1, 1, "smem_ptr_flag_bits<B>")[0]!, u.src, "smem_ptr_flag_bits<B>")))],
  ["LayoutLeft", major("LayoutLeft")],
  ["GenColMajor", major("LayoutLeft")],
  ["LayoutRight", major("LayoutRight")],
  ["GenRowMajor", major("LayoutRight")],
  [
    "counting_iterator",
    (u) => {
      const [t] = targsOf(u, 1, 1, "counting_iterator<T>");
      const def = typeValue(t!, u.src);
      if (u.args.length > 1) throw new CuteError("counting_iterator<T>", "no matching constructor: it starts at one value", u.args.map(showArg));
      return new CountingIter((u.args.length === 0 ? def : convert(def, u.args[0]!, "counting_iterator<T>")) as Int);
    },
  ],
]);

const SMEM_ATOM = /^(?:(?:SM90::)?(GMMA)::|(?:SM100::)?(UMMA)::)?Layout_(?:(MN|K)_)?(INTER|SW32|SW64|SW128|SW128_32B)_Atom(_Bits)?$/;

/** GMMA::Layout_K_SW128_Atom<T>, GMMA::Layout_SW128_Atom<T, GMMA::Major::K>, UMMA::Layout_MN_SW128_32B_Atom<T>, ..._Atom_Bits */
function smemAtomType(m: RegExpExecArray): Ctor {
  return (u) => {
    noArgs(u, u.name);
    const ns = m[1] ? "GMMA" : m[2] ? "UMMA" : ""; // unqualified: as under `using namespace GMMA` (or UMMA)
    const sw = m[4] as SmemAtomSwizzle;
    const bitsOnly = m[5] !== undefined;
    let maj = m[3] as SmemAtomMajor | undefined;
    // what CuTe declares: GMMA's eight atoms and their _Bits (UMMA re-exports the eight atoms only),
    // GMMA's Layout_<sw>_Atom<T, Major>, and UMMA's MN SW128_32B atom and its _Bits
    const declared =
      sw === "SW128_32B" ? ns !== "GMMA" && maj === "MN"
      : maj === undefined ? !bitsOnly && ns !== "UMMA"
      : !(bitsOnly && ns === "UMMA");
    if (!declared) throw new ParseError(u.src, u.pos, `CuTe declares no ${u.name}${sw === "SW128_32B" ? " (the 32-byte-base atom is UMMA::Layout_MN_SW128_32B_Atom)" : ""}`);
    const what = `${u.name}<...>`;
    if (bitsOnly) {
      targsOf(u, 0, 0, u.name);
      return smemAtomBits(maj!, sw);
    }
    const ts = targsOf(u, maj === undefined ? 2 : 1, maj === undefined ? 2 : 1, what);
    if (maj === undefined) {
      const e = /(?:^|::)Major::(MN|K)$/.exec(spellType(ts[1]!, u.src));
      if (!e) throw new ParseError(u.src, ts[1]!.pos, `expected GMMA::Major::K or GMMA::Major::MN as the second template argument of ${u.name}`);
      maj = e[1] as SmemAtomMajor;
    }
    const typeText = spellType(ts[0]!, u.src);
    const vt = findValueType(typeText);
    if (!vt) throw new ParseError(u.src, ts[0]!.pos, `unknown value type ${quote(typeText)} in ${u.name}<T>`);
    return smemAtom(maj, sw, vt.bits);
  };
}

/** the constructor of a type cute-ts knows without the atom catalogs, if it knows it */
export function coreType(name: string): Ctor | undefined {
  const c = TYPES.get(name);
  if (c) return c;
  if (INTEGRAL.has(name)) return integral;
  const a = /^_(m?)(\d+)$/.exec(name);
  if (a) {
    const v = a[1] ? -Number(a[2]) : Number(a[2]);
    return (u) => (noArgs(u, u.name), staticAlias(v, u.src, u.pos));
  }
  if (name.includes("Layout_")) {
    const m = SMEM_ATOM.exec(name);
    if (m) return smemAtomType(m);
  }
  return undefined;
}

const integral: Ctor = (u) => {
  if (u.types !== null) throw new ParseError(u.src, u.pos, `${u.name} takes no template arguments`);
  const arg = u.args.length === 1 && u.args[0] instanceof Braced ? u.args[0].items : u.args;
  if (arg.length === 0) return D(0);
  if (arg.length > 1 || !(arg[0] instanceof Int)) throw new CuteError(`${u.name}{...}`, "no matching conversion: an integer holds one integer", arg.map(showArg));
  const v = arg[0].v;
  return D(u.name === "bool" ? +(v !== 0) : v);
};

/** the value of a type: `name<types>{args}` */
export function construct(u: TypeUse): Value {
  const ctor = coreType(u.name);
  if (!ctor) throw unknownType(u.name, u.src, u.pos);
  return ctor(u);
}

/** every type name this module knows by name (for suggestions) */
export function coreTypeNames(): string[] {
  return [...TYPES.keys(), ...INTEGRAL, "GMMA::Layout_K_SW128_Atom", "GMMA::Layout_MN_SW128_Atom", "UMMA::Layout_MN_SW128_32B_Atom"];
}

export function unknownType(name: string, src: string, pos: number): ParseError {
  const near = nearest(name, coreTypeNames());
  return new ParseError(src, pos, `cute-ts does not know the C++ type ${quote(name)}${near.length ? ` (did you mean ${near.join(", ")}?)` : ""}`);
}
