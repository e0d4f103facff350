/**
 * Member functions of core values as kernels call them (layout.hpp, layout_composed.hpp,
 * tensor_impl.hpp): `L.shape()`, `L.stride<0>()`, `T.layout()`, `T.data()`, `T.size()`,
 * `L.compose(B, ...)`, `L.with_shape(...)`, `L.tile(...)`, and a composed layout's `layout_a()`,
 * `offset()`, `layout_b()`. Each is the free function CuTe's member forwards to.
 */
import { CuteError, ParseError } from "../core/errors.js";
import { Int } from "../core/integer.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout } from "../core/swizzle.js";
import { Tensor } from "../core/tensor.js";
import type { Value } from "../core/value.js";
import { show } from "../print/print.js";
import type { MemberNode } from "../notation/read.js";
import { lookupFunction } from "./functions/index.js";

type Kind = "Layout" | "ComposedLayout" | "Tensor";

const fn = (name: string) => lookupFunction(name)!;

/** the tiler of compose(...) / tile(...): one argument as it is, several as a tuple (make_tile) */
const tileOf = (args: Value[]): Value => (args.length === 1 ? args[0]! : args);

function noArgs(n: MemberNode, args: Value[]): void {
  if (args.length > 0) throw new CuteError(`.${n.name}()`, `no matching member function for ${args.length} argument${args.length === 1 ? "" : "s"} (it takes none)`);
}

const MEMBERS: Readonly<Record<string, { on: readonly Kind[]; run(self: Value, args: Value[], n: MemberNode): Value }>> = {
  layout: { on: ["Layout", "ComposedLayout", "Tensor"], run: (x, args, n) => (noArgs(n, args), x instanceof Tensor ? x.layout : x) },
  shape: { on: ["Layout", "ComposedLayout", "Tensor"], run: (x, args, n) => (noArgs(n, args), fn("shape")([x], n.targs, "shape")) },
  stride: { on: ["Layout", "Tensor"], run: (x, args, n) => (noArgs(n, args), fn("stride")([x], n.targs, "stride")) },
  size: { on: ["Tensor"], run: (x, args, n) => (noArgs(n, args), fn("size")([x], n.targs, "size")) },
  data: { on: ["Tensor"], run: (x, args, n) => (noArgs(n, args), (x as Tensor).iter) },
  compose: { on: ["Layout", "ComposedLayout", "Tensor"], run: (x, args, n) => fn("composition")([x, tileOf(atLeastOne(n, args))], [], "composition") },
  with_shape: { on: ["Layout", "ComposedLayout"], run: (x, args, n) => fn("composition")([x, fn("make_layout")([tileOf(atLeastOne(n, args))], [], "make_layout")], [], "composition") },
  tile: { on: ["Layout", "ComposedLayout", "Tensor"], run: (x, args, n) => fn("tiled_divide")([x, tileOf(atLeastOne(n, args))], [], "tiled_divide") },
  // Layout::get_hier_coord(idx): idx2crd(idx, shape, stride); get_flat_coord(idx): each top mode's coordinate flattened (crd2crd to all-_1 modes)
  // get_1d_coord(idx): crd2idx(get_hier_coord(idx), shape), the index again in the shape's own type; a tensor forwards all three to its layout
  get_hier_coord: { on: ["Layout", "Tensor"], run: (x, args, n) => hierCoord(layoutOf(x, n), args, n) },
  get_flat_coord: { on: ["Layout", "Tensor"], run: (x, args, n) => ((l) => flatCoord(l, hierCoord(l, args, n)))(layoutOf(x, n)) },
  get_1d_coord: { on: ["Layout", "Tensor"], run: (x, args, n) => ((l) => fn("crd2idx")([hierCoord(l, args, n), l.shape as Value], [], n.name))(layoutOf(x, n)) },
  layout_a: { on: ["ComposedLayout"], run: (x, args, n) => (noArgs(n, args), (x as ComposedLayout).a as Value) },
  offset: { on: ["ComposedLayout"], run: (x, args, n) => (noArgs(n, args), (x as ComposedLayout).offset as Value) },
  layout_b: { on: ["ComposedLayout"], run: (x, args, n) => (noArgs(n, args), (x as ComposedLayout).b as Value) },
};

/** the layout a coordinate member reads: a tensor's own (a plain layout; a composed one has no such members) */
function layoutOf(x: Value, n: MemberNode): Layout {
  const l = x instanceof Tensor ? x.layout : x;
  if (!(l instanceof Layout)) throw new CuteError(`.${n.name}(...)`, `no member ${n.name} of a tensor over a composed layout`, [show(l as Value)]);
  return l;
}

function hierCoord(l: Layout, args: Value[], n: MemberNode): Value {
  if (args.length !== 1) throw new CuteError(`.${n.name}(...)`, "takes one index");
  // CuTe's members take an integral index only (__CUTE_REQUIRES(is_integral<IInt>))
  if (!(args[0] instanceof Int)) throw new CuteError(`.${n.name}(...)`, "no matching member function: it takes a linear index (an integer)", [show(args[0]!)]);
  return fn("idx2crd")([args[0]!, l], [], n.name);
}

/** crd2crd(coord, shape, repeat<rank>(_1)): a mode whose coordinate is a tuple becomes its colexicographic index */
function flatCoord(l: Layout, c: Value): Value {
  if (!Array.isArray(l.shape) || !Array.isArray(c)) return c;
  const shape = l.shape;
  return (c as Value[]).map((ci, i) => (Array.isArray(ci) ? fn("crd2idx")([ci, shape[i]!], [], "crd2idx") : ci)) as Value;
}

function atLeastOne(n: MemberNode, args: Value[]): Value[] {
  if (args.length === 0) throw new CuteError(`.${n.name}(...)`, "no matching member function for no arguments");
  return args;
}

function kindOf(v: Value): Kind | undefined {
  return v instanceof Tensor ? "Tensor" : v instanceof ComposedLayout ? "ComposedLayout" : v instanceof Layout ? "Layout" : undefined;
}

/** `target.name(args)` on a layout, composed layout or tensor */
export function coreMember(n: MemberNode, target: Value, args: Value[], src: string): Value {
  const kind = kindOf(target);
  const m = Object.hasOwn(MEMBERS, n.name) ? MEMBERS[n.name]! : undefined;
  if (kind !== undefined && m !== undefined && m.on.includes(kind)) return m.run(target, args, n);
  if (kind === undefined) throw new ParseError(src, n.pos, `.${n.name}(...) calls a member function of ${show(target)}, which has none (member functions belong to layouts, tensors, TiledMMAs and TiledCopies)`);
  const known = Object.keys(MEMBERS).filter((k) => MEMBERS[k]!.on.includes(kind));
  return unknown(n, src, `a ${kind} has no member function '${n.name}' that cute-ts knows (it knows ${known.join(", ")})`);
}

function unknown(n: MemberNode, src: string, why: string): never {
  throw new ParseError(src, n.pos, why);
}
