/**
 * Random layouts for the inverse differential run: nested shapes (depth up to 3, up to 4 modes a
 * level, singleton tuples included), static and dynamic shapes, size-1 modes (`_1` and `1`) at
 * every depth, and strides drawn around a compact permutation: some `_0`, some repeated (equal
 * strides, which CuTe's unstable sort orders its own way), some dynamic, some negative, some gapped.
 */
import { C, dyn } from "./ref-inverse.mjs";

const SIZES = [1, 2, 2, 3, 4, 4, 8, 2, 6, 16, 5];

/** a shape tree whose leaves are filled by `leaf()` */
function tree(r, depth, leaf) {
  if (depth === 0 || r.chance(0.55)) return leaf();
  const n = r.chance(0.15) ? 1 : r.int(2, 4);
  return Array.from({ length: n }, () => tree(r, depth - 1, leaf));
}

function mapLeaves(t, f) {
  return Array.isArray(t) ? t.map((x) => mapLeaves(x, f)) : f(t);
}

/** a random layout whose strides and size stay below 2^31 (CuTe's int) */
export function randomLayout(r) {
  for (;;) {
    const l = candidate(r);
    if (l) return l;
  }
}

function candidate(r) {
  const staticShapes = r.pick([0, 0.5, 0.8, 1]);
  const staticStrides = r.pick([0.6, 0.9, 1, 1]);
  const leaves = [];
  const shape = tree(r, 3, () => {
    const one = r.chance(0.15);
    const v = one ? 1 : r.pick(SIZES);
    const x = r.chance(staticShapes) ? C(v) : dyn(v);
    leaves.push(x);
    return x;
  });
  // compact strides in a random order of the modes, then disturbed
  const n = leaves.length;
  const order = Array.from({ length: n }, (_x, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = r.int(0, i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const strideVals = new Array(n);
  let acc = 1;
  for (const i of order) {
    if (r.chance(0.1)) acc *= r.pick([2, 3]);
    strideVals[i] = acc;
    acc *= leaves[i].v;
  }
  if (acc >= 2 ** 31) return undefined;
  for (let i = 0; i < n; i++) {
    if (r.chance(0.15)) strideVals[i] = 0;
    else if (r.chance(0.12)) strideVals[i] = strideVals[r.int(0, n - 1)];
    else if (r.chance(0.04)) strideVals[i] = -strideVals[i];
  }
  let k = 0;
  const stride = mapLeaves(shape, () => {
    const v = strideVals[k++];
    return r.chance(staticStrides) ? C(v) : dyn(v);
  });
  return { shape, stride };
}
