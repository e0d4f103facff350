/**
 * Evaluates parsed notation: literals become values, `NAME<targs>(args)` calls the CuTe
 * function of that name (functions.ts), `X(args)` applies or slices a layout or tensor.
 */
import { CuteError, ParseError, UsageError } from "../core/errors.js";
import { Int, S, D } from "../core/integer.js";
import { ScaledBasis } from "../core/basis.js";
import { _ as UNDER } from "../core/int-tuple.js";
import { Layout, make_layout } from "../core/layout.js";
import { Swizzle, SmemPtrFlag } from "../core/swizzle.js";
import { MajorTag, Value } from "../core/value.js";
import { Node, parse } from "./parse.js";
import { make_composed } from "../core/composed.js";
import { FUNCTIONS, apply, asIntTuple, asStride, nearestNames } from "./functions.js";

export function evaluate(src: string): Value {
  return evalNode(parse(src), src);
}

export function evalNode(n: Node, src: string): Value {
  switch (n.k) {
    case "int":
      return n.s ? S(n.v) : D(n.v);
    case "basis":
      return new ScaledBasis(n.s ? S(n.v) : D(n.v), n.modes);
    case "under":
      return UNDER;
    case "tuple":
      return n.items.map((x) => evalNode(x, src));
    case "layout": {
      const shape = evalNode(n.shape, src);
      const stride = evalNode(n.stride, src);
      return make_layout(asIntTuple(shape, "the shape of a layout"), asStride(stride, "the stride of a layout"));
    }
    case "swizzle":
      return new Swizzle(n.b, n.m, n.s);
    case "smem":
      return new SmemPtrFlag(n.bits);
    case "composed":
      return composedOf(n.parts.map((p) => evalNode(p, src)));
    case "name":
      return nameValue(n.name, src, n.pos);
    case "call": {
      const fn = FUNCTIONS[n.name];
      if (!fn) {
        const near = nearestNames(n.name);
        throw new ParseError(src, n.pos, `unknown function '${n.name}'${near.length ? ` (did you mean ${near.join(", ")}?)` : ""}`);
      }
      return fn(n.args.map((a) => evalNode(a, src)), n.targs, n.name);
    }
    case "apply": {
      const target = evalNode(n.target, src);
      return apply(target, n.args.map((a) => evalNode(a, src)));
    }
  }
}

function nameValue(name: string, src: string, pos: number): Value {
  if (name === "LayoutLeft" || name === "GenColMajor") return new MajorTag("LayoutLeft");
  if (name === "LayoutRight" || name === "GenRowMajor") return new MajorTag("LayoutRight");
  throw new ParseError(src, pos, `unknown name '${name}' (a value is an integer, a tuple, a layout, a swizzle, or a call such as size(L))`);
}

/** `A o offset o B`: a swizzle or layout, an offset, a layout */
export function composedOf(parts: Value[]): Value {
  const [a, off, b] = parts.length === 2 ? [parts[0], S(0), parts[1]] : parts;
  if (parts.length > 3 || !(a instanceof Swizzle || a instanceof Layout) || !(b instanceof Layout)) {
    throw new UsageError("a composed layout is written `Sw<B,M,S> o offset o layout` (or `layout o offset o layout`)");
  }
  if (!(off instanceof Int || off instanceof SmemPtrFlag || Array.isArray(off))) {
    throw new UsageError("the offset of a composed layout is an integer, a coordinate, or smem_ptr[Nb](unset)");
  }
  return make_composed(a, off as Int, b);
}

export { CuteError };

/** the layout a printed field denotes, if it is one (for --json of printed objects) */
export function parseLayoutText(text: string): Layout | undefined {
  try {
    const v = evaluate(text);
    return v instanceof Layout ? v : undefined;
  } catch {
    return undefined;
  }
}
