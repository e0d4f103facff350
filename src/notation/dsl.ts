/**
 * The CuTe DSL's spelling (CUTLASS 4's Python DSL, `import cutlass.cute as cute`) as input: the
 * Python expressions a kernel writes (`cute.make_layout((4, 8), stride=(8, 1))`,
 * `cute.logical_divide(L, tiler=T)`, `cutlass.Int32(8)`, Python tuples, `None`) and what the
 * DSL prints at trace time (`(?,2):(1,?)`, `S<3,4,3> o 0 o (8,8):(8,1)`, `(4,8):(1@0,1@1)`,
 * `tensor<(0,0) o L>`). It reads them into the nodes the evaluator takes (./parse.ts's `Node`):
 * the DSL is a front end over the engine, not a second one.
 *
 * The static/dynamic rule is the DSL's, the opposite of CuTe's C++ print notation: a plain
 * integer is static (a Python int is a compile-time constant), `cutlass.Int32(8)` (also
 * `Int32`, `Int64`, `cutlass.Int64`) is a dynamic 8, and `?` is a dynamic integer whose value is
 * not known (`?{div=16}`, `?{i64}`, `?{i64 div=16}` as the DSL prints what its types know).
 *
 * Each dynamic integer of the input is a *slot*: an integer node of the tree, with the value the
 * input gave it (none for `?`), the divisibility the DSL knows of it and its width. The
 * evaluator in src/eval/dsl.ts runs the tree with the given values, and again with other values
 * of the slots to find out what the DSL's types know of each dynamic integer of the result.
 *
 *   top      := composed EOF
 *   composed := layout ('o' layout)*
 *   layout   := sum (':' sum)?
 *   sum      := term (('+' | '-') term)*
 *   term     := unary (('*' | '/' | '//' | '%') unary)*
 *   unary    := ('-' | '+' | '~') unary | power
 *   power    := postfix ('**' unary)?
 *   postfix  := atom ('(' args ')' | '[' items ']' | '.' NAME)*
 *   atom     := INT ('@' INT)* | '?' ('{' ... '}')? ('@' INT)* | 'None' | '_' | 'True' | 'False'
 *             | '(' items ')' | '[' items ']' | 'S' '<' INT ',' INT ',' INT '>'
 *             | 'tensor' '<' composed '>' | NAME ('.' NAME)*
 *   args     := (arg (',' arg)* ','?)?      arg := (NAME '=')? composed
 */
import { ParseError, quote } from "../core/errors.js";
import { SAFE_LIMIT_TEXT } from "../core/integer.js";
import { nearest } from "../core/suggest.js";
import { dslNumeric, isDslFloatType } from "../core/dsl-types.js";
import { type Node, type TArg, MAX_INPUT, applyNode, basisNode, callNode, composedNode, intNode, layoutNode, swizzleNode, tupleNode, underNode } from "./parse.js";
import { type D, type DslProgram, type DslSlot, DSL_ARITH, DSL_ATTR, DSL_BOOL, DSL_COORD_TENSOR, DSL_FLOAT, DSL_FRAGMENT, DSL_GROUP_MODES, DSL_INDEX, DSL_MAKE_PTR, DSL_OP, DSL_PYFLOAT, DSL_TO, DSL_TYPE, DSL_TYPE_OF, lex } from "./dsl-lexer.js";
import { Parser } from "./dsl-parser.js";
export { type D, type DslProgram, type DslSlot, DSL_ARITH, DSL_ATTR, DSL_BOOL, DSL_COORD_TENSOR, DSL_FLOAT, DSL_FRAGMENT, DSL_GROUP_MODES, DSL_INDEX, DSL_MAKE_PTR, DSL_OP, DSL_PYFLOAT, DSL_TO, DSL_TYPE, DSL_TYPE_OF, lex } from "./dsl-lexer.js";
export { Parser, blanked, type Statement } from "./dsl-parser.js";

// ------------------------------------------------------------------------------ the DSL's functions

/** a call's arguments by the DSL's parameter names */
type Args = Record<string, D | undefined>;

interface DslFunction {
  /** the DSL's parameters, in order; `name?` is optional */
  readonly params: readonly string[];
  /** the node of the call */
  readonly to: (a: Args, c: Translator, pos: number) => Node;
}

/** a CuTe function taking the DSL's parameters in the same order (absent trailing optional ones omitted) */
const cxx = (name: string, ...params: string[]): DslFunction => ({
  params,
  to: (a, c, pos) => c.call(name, [], trimmed(params.map((p) => a[bare(p)]), c), pos),
});
/** a CuTe function whose modes (`mode=[0, 1]`) are template arguments: size<0,1>(x) */
const cxxMode = (name: string, ...params: string[]): DslFunction => ({
  params,
  to: (a, c, pos) => c.call(name, c.modes(a["mode"]), trimmed(params.filter((p) => bare(p) !== "mode").map((p) => a[bare(p)]), c), pos),
});
/** append / prepend(input, elem, up_to_rank=None): append<N> / prepend<N> when up_to_rank is given */
const extend = (name: string): DslFunction => ({
  params: ["input", "elem", "up_to_rank?"],
  to: (a, c, pos) => {
    const n = a["up_to_rank"];
    return c.call(name, n === undefined ? [] : [c.staticInt(n, `cute.${name}'s up_to_rank`)], [c.value(a["input"]!), c.value(a["elem"]!)], pos);
  },
});
const bare = (p: string) => p.replace(/\?$/, "");
function trimmed(ds: (D | undefined)[], c: Translator): Node[] {
  let n = ds.length;
  while (n > 0 && ds[n - 1] === undefined) n--;
  return ds.slice(0, n).map((d, i) => (d === undefined ? c.fail(`argument ${i + 1} is needed before the ones after it`) : c.value(d)));
}

/**
 * The DSL's functions (cutlass/cute/core.py, tensor.py, atom.py) and the CuTe function each one
 * is (src/eval/functions/): one table, keyed by the name after `cute.` (`cutlass.cute.` and a
 * bare name are the same). Where the DSL orders or names arguments differently from C++ the
 * entry says so (`slice_(src, coord)` is `slice(coord, src)`; `mode=[0, 1]` is `<0,1>`).
 */
const FUNCTIONS: Readonly<Record<string, DslFunction>> = {
  make_layout: cxx("make_layout", "shape", "stride?"),
  make_ordered_layout: cxx("make_ordered_layout", "shape", "order"),
  make_identity_layout: cxx("make_identity_layout", "shape"),
  make_identity_tensor: cxx("make_identity_tensor", "shape"),
  make_layout_tv: cxx("make_layout_tv", "thr_layout", "val_layout"),
  make_composed_layout: {
    params: ["inner", "offset", "outer"],
    to: (a, c, pos) => composedNode(pos, [c.value(a["inner"]!), c.literal(a["offset"]!), c.value(a["outer"]!)]),
  },
  make_swizzle: {
    params: ["b", "m", "s"],
    to: (a, c, pos) => {
      const [b, m, s] = ["b", "m", "s"].map((p) => c.staticInt(a[p]!, `cute.make_swizzle's ${p}`)) as [number, number, number];
      // the DSL writes the identity swizzle as S<0,4,3> whatever M and S (core.py's make_swizzle)
      return b === 0 ? swizzleNode(pos, 0, 4, 3) : swizzleNode(pos, b, m, s);
    },
  },
  make_ptr: {
    params: ["dtype", "value", "mem_space?", "assumed_align?"],
    to: (a, c, pos) => c.call(DSL_MAKE_PTR, [], trimmed([a["dtype"], a["value"], a["mem_space"], a["assumed_align"]], c), pos),
  },
  make_fragment: { params: ["layout_or_shape", "dtype"], to: (a, c, pos) => c.call(DSL_FRAGMENT, [], [c.value(a["layout_or_shape"]!), c.value(a["dtype"]!)], pos) },
  make_rmem_tensor: { params: ["layout_or_shape", "dtype"], to: (a, c, pos) => c.call(DSL_FRAGMENT, [], [c.value(a["layout_or_shape"]!), c.value(a["dtype"]!)], pos) },
  make_tensor: {
    params: ["iterator", "layout"],
    to: (a, c, pos) => c.call(DSL_COORD_TENSOR, [], [c.literal(a["iterator"]!), c.value(a["layout"]!)], pos),
  },
  E: {
    params: ["mode"],
    to: (a, c, pos) => {
      const m = a["mode"]!;
      const modes = m.t === "list" ? m.items.map((x) => c.staticInt(x, "a mode of cute.E")) : [c.staticInt(m, "the mode of cute.E")];
      return modes.length === 0 ? intNode(pos, 1, true) : basisNode(pos, 1, true, modes);
    },
  },
  // the algebra
  coalesce: cxx("coalesce", "input", "target_profile?"),
  composition: cxx("composition", "lhs", "rhs"),
  complement: cxx("complement", "input", "cotarget?"),
  right_inverse: cxx("right_inverse", "input"),
  left_inverse: cxx("left_inverse", "input"),
  logical_divide: cxx("logical_divide", "target", "tiler"),
  zipped_divide: cxx("zipped_divide", "target", "tiler"),
  tiled_divide: cxx("tiled_divide", "target", "tiler"),
  flat_divide: cxx("flat_divide", "target", "tiler"),
  logical_product: cxx("logical_product", "block", "tiler"),
  zipped_product: cxx("zipped_product", "block", "tiler"),
  tiled_product: cxx("tiled_product", "block", "tiler"),
  flat_product: cxx("flat_product", "block", "tiler"),
  raked_product: cxx("raked_product", "block", "tiler"),
  blocked_product: cxx("blocked_product", "block", "tiler"),
  tile_to_shape: cxx("tile_to_shape", "atom", "trg_shape", "order?"),
  // recast_layout(new_type_bits, old_type_bits, src_layout) is recast_layout<uint_bit_t<old>, uint_bit_t<new>>(src_layout)
  recast_layout: {
    params: ["new_type_bits", "old_type_bits", "src_layout"],
    to: (a, c, pos) => {
      const bits = (p: string) => `uint_bit_t<${c.staticInt(a[p]!, `cute.recast_layout's ${p}`)}>`;
      return c.call("recast_layout", [bits("old_type_bits"), bits("new_type_bits")], [c.value(a["src_layout"]!)], pos);
    },
  },
  max_common_layout: cxx("max_common_layout", "a", "b"),
  max_common_vector: cxx("max_common_vector", "a", "b"),
  nullspace: cxx("nullspace", "layout"),
  // reading and rearranging modes
  size: cxxMode("size", "a", "mode?"),
  cosize: cxxMode("cosize", "a", "mode?"),
  rank: cxxMode("rank", "a", "mode?"),
  depth: cxx("depth", "a"),
  shape: cxxMode("shape", "input", "mode?"),
  get: cxxMode("get", "input", "mode"),
  select: cxxMode("select", "input", "mode"),
  group_modes: {
    params: ["input", "begin", "end?"],
    to: (a, c, pos) => {
      const b = c.staticInt(a["begin"]!, "cute.group_modes's begin");
      const e = a["end"] === undefined ? -1 : c.staticInt(a["end"], "cute.group_modes's end");
      return c.call(DSL_GROUP_MODES, [b, e], [c.value(a["input"]!)], pos);
    },
  },
  flatten: cxx("flatten", "a"),
  // Python's type(x) of an integer: a Python int's class, or the DSL's Int32 / Int64 (print.ipynb prints `<class 'int'>` and `Int32`)
  type: { params: ["object"], to: (a, c, pos) => c.call(DSL_TYPE_OF, [c.integerType(a["object"]!)], [], pos) },
  append: extend("append"),
  prepend: extend("prepend"),
  filter: cxx("filter", "input"),
  filter_zeros: cxx("filter_zeros", "input", "target_profile?"),
  slice_: { params: ["src", "coord"], to: (a, c, pos) => c.call("slice", [], [c.value(a["coord"]!), c.value(a["src"]!)], pos) },
  dice: { params: ["src", "dicer"], to: (a, c, pos) => c.call("dice", [], [c.value(a["dicer"]!), c.value(a["src"]!)], pos) },
  crd2idx: cxx("crd2idx", "coord", "layout"),
  idx2crd: cxx("idx2crd", "idx", "shape"),
  // integer tuples
  shape_div: cxx("shape_div", "lhs", "rhs"),
  ceil_div: cxx("ceil_div", "input", "tiler"),
  round_up: cxx("round_up", "a", "b"),
  product_each: cxx("product_each", "a"),
  // repeat_like(x, target): x in the profile of target (CuTe's repeat_like(target, x))
  repeat_like: { params: ["x", "target"], to: (a, c, pos) => c.call("repeat_like", [], [c.value(a["target"]!), c.value(a["x"]!)], pos) },
  product: cxx("product", "a"),
  // tensors
  local_tile: cxx("local_tile", "input", "tiler", "coord", "proj?"),
  local_partition: cxx("local_partition", "target", "tiler", "index", "proj?"),
};
/** cute.runtime.make_ptr is the same function */
const ALIAS_FUNCTIONS: Readonly<Record<string, string>> = { "runtime.make_ptr": "make_ptr" };

/** the DSL's integer types that make a dynamic integer: cutlass.Int32(8) */
const INT_TYPES: Readonly<Record<string, 32 | 64>> = { Int32: 32, Int64: 64 };

/** the DSL's name without its module: cutlass.cute.make_layout, cute.make_layout and make_layout are make_layout */
export function dslName(name: string): string {
  const n = name.replace(/^cutlass\./, "").replace(/^cute\./, "");
  return Object.hasOwn(ALIAS_FUNCTIONS, n) ? ALIAS_FUNCTIONS[n]! : n;
}

/** the DSL names cute-ts reads, for messages and tests */
export function dslFunctionNames(): string[] {
  return Object.keys(FUNCTIONS);
}

// ------------------------------------------------------------------------------ the translation

/** the nodes the evaluator takes, built from the syntax tree */
export class Translator {
  /** a program's variables: the node each name was assigned */
  readonly env = new Map<string, Node>();
  constructor(
    readonly src: string,
    readonly slots: DslSlot[],
  ) {}

  /** a dotted name whose head is a variable: its node, then an attribute for each part after it */
  variable(name: string, pos: number): Node | undefined {
    const parts = name.split(".");
    const v = this.env.get(parts[0]!);
    if (v === undefined) return undefined;
    let n = v;
    for (const a of parts.slice(1)) n = this.call(DSL_ATTR, [a], [n], pos);
    return n;
  }


  fail(message: string, pos = 0): never {
    throw new ParseError(this.src, pos, message);
  }

  call(name: string, targs: TArg[], args: Node[], pos: number): Node {
    return callNode(pos, name, targs, null, args);
  }

  /** a static Python integer (folded from literals and + - * // %), or a refusal naming `what` */
  staticInt(d: D, what: string): number {
    const v = this.fold(d);
    if (v === undefined) this.fail(`${what} is a Python int (a static integer)`, d.pos);
    return v;
  }
  private fold(d: D): number | undefined {
    if (d.t === "int") return d.v;
    if (d.t === "tuple" && d.one) return this.fold(d.items[0]!);
    if (d.t !== "op") return undefined;
    const a = this.fold(d.a);
    if (a === undefined) return undefined;
    if (d.b === undefined) return d.op === "u~" ? -a - 1 : -a || 0;
    // a comparison is Python's bool, true division Python's float: neither folds to an int
    if (COMPARISONS.has(d.op) || d.op === "/") return undefined;
    const b = this.fold(d.b);
    if (b === undefined) return undefined;
    // an int to a negative power is a float
    if (d.op === "**" && b < 0) return undefined;
    return pythonInt(d.op, a, b, this, d.pos);
  }

  /** `mode=[0, 1]` as template arguments */
  modes(d: D | undefined): TArg[] {
    if (d === undefined) return [];
    if (d.t !== "list" && d.t !== "tuple") this.fail("mode is a list of mode numbers, as in mode=[0, 1]", d.pos);
    return d.items.map((x) => this.staticInt(x, "a mode number"));
  }

  /** a Python value */
  value(d: D): Node {
    switch (d.t) {
      case "int":
        return intNode(d.pos, d.v, true);
      case "float":
        return this.call(DSL_PYFLOAT, [d.v], [], d.pos);
      case "dyn":
        return d.slot.node;
      case "basis":
        return this.basis(d);
      case "none":
        return underNode(d.pos);
      case "bool":
        return this.call(DSL_BOOL, [d.v ? 1 : 0], [], d.pos);
      case "tuple":
        if (d.one) return this.value(d.items[0]!);
        return tupleNode(d.pos, d.items.map((x) => this.value(x)));
      case "list":
        return tupleNode(d.pos, d.items.map((x) => this.value(x)));
      case "layout":
        return layoutNode(d.pos, this.literal(d.shape), this.literal(d.stride));
      case "composed":
        return this.composed(d.parts, d.pos);
      case "swizzle":
        return swizzleNode(d.pos, d.b, d.m, d.s);
      case "ptr":
        return this.call(DSL_MAKE_PTR, [d.dtype, d.space, d.align ?? 0], [], d.pos);
      case "tensor": {
        const parts = d.body.t === "composed" ? d.body.parts : [d.body];
        if (parts.length < 2) this.fail("a tensor is printed tensor<iterator o layout>", d.pos);
        return this.call(DSL_COORD_TENSOR, [], [this.literal(parts[0]!), this.composed(parts.slice(1), parts[1]!.pos)], d.pos);
      }
      case "name":
        return this.name(d);
      case "call":
        return this.callOf(d);
      case "index":
        return this.call(DSL_INDEX, [], [this.value(d.target), this.value(d.index)], d.pos);
      case "attr":
        return this.call(DSL_ATTR, [d.name], [this.value(d.target)], d.pos);
      case "op":
        return this.op(d);
      case "str":
      case "fstr":
        this.fail("a string is printed (print, cute.printf), not computed with", d.pos);
    }
  }

  /** a value as the DSL prints it inside a layout: `(4)` is a rank-1 tuple there, as in `(4):(3)` */
  literal(d: D): Node {
    if (d.t === "tuple") return tupleNode(d.pos, d.items.map((x) => this.literal(x)));
    return this.value(d);
  }

  private composed(parts: D[], pos: number): Node {
    if (parts.length === 1) return this.value(parts[0]!);
    // the offset of a printed composed layout is a coordinate: (0,0) there is a tuple even with one item
    return composedNode(pos, parts.map((p, i) => (i % 2 === 1 ? this.literal(p) : this.value(p))));
  }

  private basis(d: D & { t: "basis" }): Node {
    const v = d.value;
    if (v.t === "int") return basisNode(d.pos, v.v, true, d.modes);
    if (v.t === "dyn") {
      // the slot's node is this basis node: the evaluator sets its value
      const was = v.slot.node;
      if (was.k === "basis") return was;
      const n = basisNode(was.pos, was.v, was.s, d.modes);
      v.slot.node = n;
      return n;
    }
    this.fail("a basis element is an integer times E(i), written 1@0 (or ?@0)", d.pos);
  }

  private name(d: D & { t: "name" }): Node {
    const v = this.variable(d.name, d.pos);
    if (v !== undefined) return v;
    const n = dslName(d.name);
    if (Object.hasOwn(INT_TYPES, n) || /^(?:Float|BFloat|TFloat|Uint|Int|Boolean)\w*$/.test(n)) return this.call(DSL_TYPE, [n], [], d.pos);
    // a member of one of the DSL's enums, such as nvgpu.cpasync.LoadCacheMode.GLOBAL: a name the operations read
    if (/\.[A-Z][A-Za-z0-9]*\.[A-Z][A-Z0-9_]*$/.test(n)) return this.call(DSL_TYPE, [n], [], d.pos);
    // an address space: cute.AddressSpace.gmem
    if (/^AddressSpace\.(?:generic|gmem|smem|rmem|tmem)$/.test(n)) return this.call(DSL_TYPE, [n], [], d.pos);
    if (Object.hasOwn(FUNCTIONS, n)) this.fail(`${quote(d.name)} is a function: call it, as in ${d.name}(...)`, d.pos);
    if (/^nvgpu\./.test(n) || /Op$/.test(n)) this.fail(`${quote(d.name)} is an operation: make one with ${d.name}(...)`, d.pos);
    this.unknown(d);
  }

  private unknown(d: D & { t: "name" }): never {
    const n = dslName(d.name);
    const near = nearest(n, [...Object.keys(FUNCTIONS), ...Object.keys(INT_TYPES)]);
    this.fail(`cute-ts does not know the DSL name ${quote(d.name)}${near.length ? ` (did you mean ${near.map((x) => "cute." + x).join(", ")}?)` : ""}`, d.pos);
  }

  private callOf(d: D & { t: "call" }): Node {
    const fn = d.fn;
    // t.load(): a method of the DSL's tensor
    if (fn.t === "attr" && fn.name === "load") {
      if (d.args.length > 0 || d.kwargs.length > 0) this.fail("t.load() takes no arguments here", d.pos);
      return this.call(DSL_ATTR, ["load()"], [this.value(fn.target)], d.pos);
    }
    // x.to(T): a Numeric's conversion (data_types.ipynb)
    const toTarget = fn.t === "attr" && fn.name === "to" ? this.value(fn.target) : fn.t === "name" && /\.to$/.test(fn.name) && this.env.has(fn.name.split(".")[0]!) ? this.variable(fn.name.slice(0, -3), fn.pos) : undefined;
    if (toTarget !== undefined) {
      if (d.args.length !== 1 || d.kwargs.length > 0) this.fail("x.to(T) takes one numeric type, as in x.to(cutlass.Float32)", d.pos);
      return this.call(DSL_TO, [], [toTarget, this.value(d.args[0]!)], d.pos);
    }
    if (fn.t === "name" && this.env.has(fn.name.split(".")[0]!)) {
      const parts = fn.name.split(".");
      if (parts.length > 1 && parts[parts.length - 1] === "load") {
        if (d.args.length > 0 || d.kwargs.length > 0) this.fail("t.load() takes no arguments here", d.pos);
        return this.call(DSL_ATTR, ["load()"], [this.variable(parts.slice(0, -1).join("."), fn.pos)!], d.pos);
      }
      if (d.kwargs.length > 0) this.fail("a layout is called with a coordinate only, as in L((1, 2))", d.kwargs[0]!.pos);
      const args = d.args.map((x) => this.value(x));
      return applyNode(d.pos, this.variable(fn.name, fn.pos)!, args.length === 1 ? args : [tupleNode(d.pos, args)]);
    }
    if (fn.t !== "name") {
      // an application: L(coord) is crd2idx (or a slice, with None in the coordinate)
      if (d.kwargs.length > 0) this.fail("a layout is called with a coordinate only, as in L((1, 2))", d.kwargs[0]!.pos);
      const args = d.args.map((x) => this.value(x));
      return applyNode(d.pos, this.value(fn), args.length === 1 ? args : [tupleNode(d.pos, args)]);
    }
    const n = dslName(fn.name);
    if (Object.hasOwn(INT_TYPES, n)) return this.dynamic(d, INT_TYPES[n]!);
    // a float type's constructor makes a dynamic float: cutlass.Float32(3.14) (cutlass.Float is Float32)
    const floatType = dslNumeric(n)?.name;
    if (floatType !== undefined && isDslFloatType(floatType)) {
      if (d.args.length !== 1 || d.kwargs.length > 0) this.fail(`${fn.name}(...) takes one number`, d.pos);
      return this.call(DSL_FLOAT, [floatType], [this.value(d.args[0]!)], d.pos);
    }
    if (n === "assume") return this.assume(d);
    if (/^nvgpu\.|^make_(?:mma_atom|tiled_mma|copy_atom|tiled_copy\w*)$/.test(n) || /Op$/.test(n)) return this.atomCall(d, n);
    const f = Object.hasOwn(FUNCTIONS, n) ? FUNCTIONS[n]! : this.unknown(fn);
    return f.to(this.bind(d, fn.name, f.params), this, d.pos);
  }

  /** the call's arguments by parameter name, as Python binds them */
  private bind(d: D & { t: "call" }, shown: string, params: readonly string[]): Args {
    const a: Args = {};
    const names = params.map(bare);
    if (d.args.length > params.length) this.fail(`${shown} takes at most ${params.length} argument${params.length === 1 ? "" : "s"} (${names.join(", ")})`, d.args[params.length]!.pos);
    d.args.forEach((x, i) => (a[names[i]!] = x));
    for (const k of d.kwargs) {
      if (!names.includes(k.name)) this.fail(`${shown} has no parameter ${quote(k.name)} (parameters: ${names.join(", ")})`, k.pos);
      if (a[k.name] !== undefined) this.fail(`${shown} got ${quote(k.name)} twice`, k.pos);
      a[k.name] = k.value;
    }
    params.forEach((p, i) => {
      if (!p.endsWith("?") && a[p] === undefined) this.fail(`${shown} needs its argument '${names[i]}'`, d.pos);
    });
    return a;
  }

  /** `cutlass.Int32(8)`: a dynamic integer with a value */
  private dynamic(d: D & { t: "call" }, width: 32 | 64): Node {
    const shown = (d.fn as D & { t: "name" }).name;
    if (d.args.length !== 1 || d.kwargs.length > 0) this.fail(`${shown}(...) takes one integer`, d.pos);
    const given = this.staticInt(d.args[0]!, `the value of ${shown}(...)`);
    const limit = 2 ** (width - 1);
    if (given < -limit || given >= limit) this.fail(`${given} does not fit ${shown} (${width} bits)`, d.args[0]!.pos);
    const node = intNode(d.pos, given, false);
    const slot: DslSlot = { node, given, div: 1, width, pos: d.pos, text: this.src.slice(d.pos, this.endOf(d)) };
    this.slots.push(slot);
    return node;
  }

  /** the type of an integer the text gives, a literal or a variable: `int` (a Python int), `Int32` or `Int64` */
  integerType(d: D): string {
    const node = this.value(d);
    const slot = d.t === "dyn" ? d.slot : this.slots.find((x) => x.node === node);
    if (slot !== undefined) return `Int${slot.width}`;
    if (node.k === "int" && node.s === true) return "int";
    this.fail("cute-ts reads type(x) of an integer written in the program (a Python int, or a cutlass.Int32 / Int64)", d.pos);
  }

  /** `cute.assume(x, divby=N)`: the DSL may take N to divide the dynamic x */
  private assume(d: D & { t: "call" }): Node {
    const a = this.bind(d, "cute.assume", ["src", "divby?"]);
    const src = a["src"]!;
    const inner = src.t === "call" && src.fn.t === "name" && Object.hasOwn(INT_TYPES, dslName(src.fn.name)) ? src : undefined;
    const node = this.value(src);
    const slot = inner ? this.slots.find((s) => s.node === node) : src.t === "dyn" ? src.slot : undefined;
    if (slot === undefined) this.fail("cute.assume takes a dynamic integer, as in cute.assume(cutlass.Int32(8), divby=4)", src.pos);
    if (a["divby"] === undefined) return node;
    const n = this.staticInt(a["divby"], "cute.assume's divby");
    if (n < 1) this.fail("cute.assume's divby is a positive integer", a["divby"].pos);
    if (slot.given !== undefined && slot.given % n !== 0) this.fail(`cute.assume: ${slot.given} is not divisible by ${n}`, src.pos);
    slot.div = lcmNum(slot.div, n);
    return node;
  }

  /** an MMA or copy operation, or an atom function: its arguments as nodes, keyword arguments named */
  private atomCall(d: D & { t: "call" }, n: string): Node {
    const args = d.args.map((x) => this.value(x));
    const kw = d.kwargs.map((k) => this.call(DSL_ATTR, ["=" + k.name], [this.value(k.value)], k.pos));
    return this.call(DSL_OP, [n], [...args, ...kw], d.pos);
  }

  private op(d: D & { t: "op" }): Node {
    const folded = this.fold(d);
    if (folded !== undefined) return intNode(d.pos, folded, true);
    if (d.b === undefined) return this.call(DSL_ARITH, [d.op === "u~" ? "u~" : "u-"], [this.value(d.a)], d.pos);
    if (COMPARISONS.has(d.op)) {
      // two Python ints compare to a Python bool; a dynamic operand makes the DSL's Boolean, 0 or 1 at run time
      const a = this.fold(d.a), b = this.fold(d.b);
      if (a !== undefined && b !== undefined) this.fail(`${a} ${d.op} ${b} compares two Python ints: Python answers ${compare(d.op, a, b) ? "True" : "False"} itself, the DSL is not involved`, d.pos);
    }
    // on dynamic integers the DSL emits the arithmetic (C++'s / and % agree with Python's // and %
    // on non-negative operands); on floats, and for Python's true division, src/eval/dsl-numeric.ts
    return this.call(DSL_ARITH, [d.op], [this.value(d.a), this.value(d.b)], d.pos);
  }

  /** one past the end of a call, for quoting it */
  private endOf(d: D & { t: "call" }): number {
    let depth = 0;
    for (let i = d.pos; i < this.src.length; i++) {
      const c = this.src[i];
      if (c === "(") depth++;
      else if (c === ")" && --depth === 0) return i + 1;
    }
    return this.src.length;
  }
}

function lcmNum(a: number, b: number): number {
  let x = a, y = b;
  while (y) [x, y] = [y, x % y];
  return (a / x) * b;
}

/** Python's comparison operators (a bool, not an int; the evaluator's DSL arithmetic reads them too) */
export const COMPARISONS: ReadonlySet<string> = new Set(["<", "<=", ">", ">=", "==", "!="]);
function compare(op: string, a: number, b: number): boolean {
  return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : op === ">=" ? a >= b : op === "==" ? a === b : a !== b;
}

/** Python's integer arithmetic on static ints: // floors, % takes the divisor's sign */
function pythonInt(op: string, a: number, b: number, c: Translator, pos: number): number {
  let r: number;
  switch (op) {
    case "+":
      r = a + b;
      break;
    case "-":
      r = a - b;
      break;
    case "*":
      r = a * b;
      break;
    case "//":
    case "%": {
      if (b === 0) c.fail("integer division by zero (Python raises ZeroDivisionError)", pos);
      const q = Math.floor(a / b);
      r = op === "//" ? q : a - q * b;
      break;
    }
    case "**":
      // b >= 0 here (a negative exponent gives a float); past 2^53 the check below refuses
      r = b > 64 && Math.abs(a) > 1 ? Number.NaN : a ** b;
      break;
    case "&":
    case "|":
    case "^":
    case "<<":
    case ">>": {
      const x = BigInt(a), y = BigInt(b);
      if ((op === "<<" || op === ">>") && b < 0) c.fail("negative shift count (Python raises ValueError)", pos);
      const big = op === "&" ? x & y : op === "|" ? x | y : op === "^" ? x ^ y : op === "<<" ? (b > 64 ? 2n ** 64n : x << y) : x >> y;
      r = big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER) ? Number.NaN : Number(big);
      break;
    }
    default:
      c.fail(`cute-ts does not know the operator ${op}`, pos);
  }
  if (!Number.isSafeInteger(r)) c.fail(`integer overflow: the result is beyond ${SAFE_LIMIT_TEXT} (cute-ts refuses rather than round)`, pos);
  return r || 0;
}

/** Reads an expression in the CuTe DSL's spelling into the evaluator's nodes and its dynamic integers. */
export function parseDsl(src: string): DslProgram {
  if (src.length > MAX_INPUT) throw new ParseError(src.slice(0, 40), 0, `input longer than ${MAX_INPUT} characters`);
  const p = new Parser(src, lex(src));
  const d = p.top();
  const slots = p.slots;
  const tree = new Translator(src, slots).value(d);
  return { tree, slots };
}

/** does this text look like the DSL's Python spelling (`cute.`, `cutlass.`)? For the hint given without --dialect */
export function looksLikeDsl(src: string): boolean {
  return /^\s*(?:cute|cutlass)\./.test(src);
}
