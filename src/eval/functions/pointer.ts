/**
 * Pointers and tensors over memory (pointer.hpp, pointer_swizzle.hpp, tensor_impl.hpp,
 * arithmetic_tuple.hpp): make_gmem_ptr / make_smem_ptr / make_rmem_ptr / make_tmem_ptr,
 * make_swizzle_ptr, recast_ptr, raw_pointer_cast, recast<T>(tensor), owning register tensors
 * (make_tensor_like, make_fragment_like), make_arithmetic_tuple.
 */
import { CuteError, UsageError } from "../../core/errors.js";
import { Int, D } from "../../core/integer.js";
import { Layout } from "../../core/layout.js";
import * as L from "../../core/layout.js";
import { ComposedLayout, Swizzle } from "../../core/swizzle.js";
import { Tensor, PtrIter, TmemIter, isIter, rawOf, rmemPtr, recastPtr, swizzlePtr, tagPtr } from "../../core/tensor.js";
import * as M from "../../tensor/memory.js";
import type { Value } from "../../core/value.js";
import { parseValueType, type ValueType } from "../../core/value-types.js";
import { show } from "../../print/print.js";
import type { TArg } from "../../notation/parse.js";
import { asIntTuple } from "../../notation/coerce.js";
import { type FunctionTable, nargs } from "./registry.js";

/** the value type named by a template argument (`half_t`, `float`, `uint_bit_t<4>`, `void`) */
export function typeArg(name: string, targs: TArg[], lo = 1): ValueType | undefined {
  if (targs.length < lo || targs.length > 1) throw new UsageError(`${name} takes ${lo === 1 ? "one" : "at most one"} value type as its template argument, e.g. ${name}<half_t>(...)`);
  if (targs.length === 0) return undefined;
  const t = String(targs[0]);
  return t === "void" ? { name: "void", bits: 0 } : parseValueType(t);
}

/** what a `void*` parameter takes: a raw pointer (a T* converts; nullptr too) */
function voidPtr(v: Value, name: string): PtrIter {
  if (v instanceof PtrIter && v.tags.length === 0 && v.sub < 0) return v;
  throw new CuteError(name, "no matching overload: make_*_ptr<T>(p) takes a raw pointer (void*), as (void*)0x1000 or (float*)0x1000", [show(v)]);
}
function pointer(v: Value, name: string): PtrIter {
  if (v instanceof PtrIter) {
    if (v.bits === 0) throw new CuteError(name, "a void pointer has no element type: name it, as make_gmem_ptr<float>(p), or cast it, as (float*)0x1000", [show(v)]);
    return v;
  }
  throw new CuteError(name, "cute-ts tags pointers: write the pointer as a cast, (float*)0x10000", [show(v)]);
}

/** make_gmem_ptr(p) / make_gmem_ptr<T>(void* p): the tag, idempotent; with T, recast_ptr<T> first */
const tagger =
  (tag: (p: PtrIter) => PtrIter) =>
  (args: Value[], targs: TArg[], name: string): Value => {
    const vt = typeArg(name, targs, 0);
    if (name === "make_smem_ptr" && args.length === 2) {
      const sw = args[1]!;
      if (!(sw instanceof Swizzle)) throw new CuteError(name, "make_smem_ptr(p, sw) takes a swizzle Swizzle<B,M,S>{}", [show(sw)]);
      if (vt !== undefined) throw new CuteError(name, "no matching overload: make_smem_ptr<T>(p) takes no swizzle");
      return swizzlePtr(tag(pointer(args[0]!, name)), sw);
    }
    nargs(name, args, 1);
    if (vt === undefined) return tag(pointer(args[0]!, name));
    return tag(recastPtr(voidPtr(args[0]!, name), vt.bits, vt.name));
  };

export const POINTER_FUNCTIONS: FunctionTable = {
  make_gmem_ptr: tagger((p) => tagPtr(p, "gmem")),
  make_smem_ptr: tagger((p) => tagPtr(p, "smem")),
  make_rmem_ptr: tagger(rmemPtr),
  make_swizzle_ptr(args, _t, name) {
    nargs(name, args, 2);
    const sw = args[1]!;
    if (!(sw instanceof Swizzle)) throw new CuteError(name, "make_swizzle_ptr(p, sw) takes a swizzle Swizzle<B,M,S>{}", [show(sw)]);
    return swizzlePtr(pointer(args[0]!, name), sw);
  },
  // make_tmem_ptr<T>(addr = 0): a TMEM address, lane << 16 | column
  make_tmem_ptr(args, targs, name) {
    nargs(name, args, 0, 1);
    const vt = typeArg(name, targs)!;
    const a = args[0] ?? D(0);
    if (!(a instanceof Int)) throw new CuteError(name, "make_tmem_ptr<T>(addr) takes a uint32_t address", [show(a)]);
    return new TmemIter(vt.bits, Number(BigInt.asUintN(32, BigInt(a.v))), vt.name || undefined);
  },
  recast_ptr(args, targs, name) {
    nargs(name, args, 1);
    const vt = typeArg(name, targs)!;
    const p = args[0]!;
    if (p instanceof TmemIter) return new TmemIter(vt.bits, p.addr, vt.name || undefined);
    if (p instanceof PtrIter) return recastPtr(p, vt.bits, vt.name);
    throw new CuteError(name, "recast_ptr takes a pointer", [show(p)]);
  },
  // the raw pointer under every wrapper (a swizzle_ptr's address unswizzled); a tmem_ptr's uint32_t address
  raw_pointer_cast(args, _t, name) {
    nargs(name, args, 1);
    const p = args[0]!;
    if (p instanceof TmemIter) return D(p.addr);
    if (!(p instanceof PtrIter)) throw new CuteError(name, "raw_pointer_cast takes a pointer", [show(p)]);
    if (p.sub > 0) throw new CuteError(name, `raw_pointer_cast of a sub-byte iterator asserts its bit index is 0 (it is ${p.sub})`, [show(p)]);
    return rawOf(p);
  },
  recast(args, targs, name) {
    nargs(name, args, 1);
    const vt = typeArg(name, targs)!;
    const t = args[0]!;
    if (!(t instanceof Tensor)) throw new CuteError(name, "recast<T> takes a tensor (recast_layout<Old,New> recasts a layout)", [show(t)]);
    return M.recast(t, vt.bits, vt.name);
  },
  make_tensor_like(args, targs, name) {
    nargs(name, args, 1);
    const a = args[0]!;
    const vt = typeArg(name, targs, 0) ?? M.valueType(asTensorArg(a, name), name);
    return M.make_tensor_like(vt, a instanceof Tensor ? a.layout : layoutArg(a, name), name);
  },
  // of a layout (no type): the layout; of a tensor, or with a type: an owning register tensor
  make_fragment_like(args, targs, name) {
    nargs(name, args, 1);
    const a = args[0]!;
    const vt = typeArg(name, targs, 0);
    if (!(a instanceof Tensor) && vt === undefined) {
      if (a instanceof Layout) return L.make_fragment_like(a);
      if (a instanceof ComposedLayout) throw new CuteError(name, "no matching overload for a composed (swizzled) layout", [show(a)]);
      return L.make_layout(asIntTuple(a, "the shape"));
    }
    const layout = a instanceof Tensor ? a.layout : layoutArg(a, name);
    return M.make_fragment_like(vt ?? M.valueType(a as Tensor, name), layout, name);
  },
  as_position_independent_swizzle_tensor(args, _t, name) {
    nargs(name, args, 1);
    const t = args[0]!;
    if (!(t instanceof Tensor)) throw new CuteError(name, "no matching overload: it takes a tensor over shared memory", [show(t)]);
    return M.as_position_independent_swizzle_tensor(t);
  },
  // an ArithmeticTuple prints, adds and subtracts as cute-ts tuples do
  make_arithmetic_tuple: (args) => args,
};

function asTensorArg(v: Value, name: string): Tensor {
  if (v instanceof Tensor) return v;
  throw new CuteError(name, "no matching overload: without a value type it takes a tensor (make_tensor_like<T>(layout) names the type)", [show(v)]);
}
function layoutArg(v: Value, name: string): Layout | ComposedLayout {
  if (v instanceof ComposedLayout) return v;
  if (isIter(v)) throw new CuteError(name, "no matching overload for an iterator", [show(v)]);
  return v instanceof Layout ? v : L.make_layout(asIntTuple(v, "the shape"));
}
