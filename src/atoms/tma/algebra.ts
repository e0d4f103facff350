/**
 * The pieces of copy_traits_sm90_tma.hpp's algebra that are TMA's own, over strides that may be
 * integers or scaled basis elements (`_1@0`): `coalesce_256`, and the basis helpers
 * make_tma_copy reads its gmem basis with. Everything else it takes from the core
 * (src/core/layout.ts, src/core/int-tuple.ts) under CuTe's names.
 */
import { CuteError } from "../../core/errors.js";
import { Int, _0, _1, mul, isConst } from "../../core/integer.js";
import { ScaledBasis, type Idx } from "../../core/basis.js";
import { Layout } from "../../core/layout.js";
import { get, leaves } from "../../core/int-tuple.js";

/** the basis element E<modes...> scaled by v */
export function basis(modes: number[], v: Int = _1): ScaledBasis {
  return new ScaledBasis(v, modes);
}
/** stride * integer (an integer scale keeps the basis direction) */
export function scaleStride(d: Idx, k: Int): Idx {
  if (d instanceof Int) return mul(d, k);
  if (d instanceof ScaledBasis) return new ScaledBasis(mul(d.value, k), d.modes);
  return d.map((e) => scaleStride(e, k));
}
/** basis_value: the scale of a basis element, an integer itself */
export function basis_value(d: Idx): Int {
  if (d instanceof ScaledBasis) return d.value;
  if (d instanceof Int) return d;
  throw new CuteError("basis_value", "expected a stride element, got a tuple");
}
/** basis_get: the sub-element of t that a basis element points at (an integer points at t itself) */
export function basis_get<T>(e: Idx, t: T | T[]): T | T[] {
  if (e instanceof ScaledBasis) {
    let r: T | T[] = t;
    for (const m of e.modes) r = get(r as T, m) as T | T[];
    return r;
  }
  return t;
}
/** is `a == b` a static true (both sides compile-time and equal)? */
export function staticEq(a: Idx, b: Idx): boolean {
  if (a instanceof Int && b instanceof Int) return a.s && b.s && a.v === b.v;
  if (a instanceof ScaledBasis && b instanceof ScaledBasis) {
    return a.modes.length === b.modes.length && a.modes.every((m, i) => m === b.modes[i]) && staticEq(a.value, b.value);
  }
  if (a instanceof ScaledBasis && b instanceof Int) return a.modes.length === 0 && staticEq(a.value, b);
  if (b instanceof ScaledBasis && a instanceof Int) return b.modes.length === 0 && staticEq(a, b.value);
  return false;
}

/** TMA's coalesce_256: merge modes front to back while the merged extent stays <= 256 */
export function coalesce_256(l: Layout): Layout {
  const fs = leaves<Int>(l.shape);
  const fd = leaves<Idx>(l.stride as Idx);
  let ns: Int[] = [fs[0]!];
  let nd: Idx[] = [fd[0]!];
  let newIsTuple = false;
  for (let i = 1; i < fs.length; i++) {
    const s = fs[i]!;
    const d = fd[i]!;
    const bs = ns[ns.length - 1]!;
    const bd = nd[nd.length - 1]!;
    if (isConst(s, 1)) continue;
    if (!newIsTuple && isConst(ns[0]!, 1)) {
      ns = [s];
      nd = [d];
      continue;
    }
    const merged = mul(s, bs);
    if (staticEq(scaleStride(bd, bs), d) && merged.s && merged.v <= 256) {
      ns[ns.length - 1] = merged;
      continue;
    }
    ns.push(s);
    nd.push(d);
    newIsTuple = true;
  }
  if (!newIsTuple && isConst(ns[0]!, 1)) return new Layout(_1, _0);
  if (!newIsTuple) return new Layout(ns[0]!, nd[0]!);
  return new Layout(ns, nd);
}
