// pycute's benchmark workload, ported: 256 random compact layouts (rank 1 to 3, extents 1, 2, 4
// or 8, strides the column-major products in a random order) from a seeded linear congruential
// generator, and each op run over pairs (pool[i & 255], pool[(i*7 + 3) & 255]) for i < N.
// test/bench/pycute_workload.py is the same generator and ops for pycute (not needed by the bench).
export const SEED = 12345;
export const POOL = 256;

/** the generator: seed = (seed * 1103515245 + 12345) mod 2^31, exactly (Math.imul keeps the low 32 bits) */
export function rng(seed = SEED) {
  let s = seed;
  return (n) => (s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff) % n;
}

/** the pool as plain numbers: [shape, stride] pairs of arrays */
export function poolSpecs(seed = SEED) {
  const rnd = rng(seed);
  const out = [];
  for (let k = 0; k < POOL; k++) {
    const r = 1 + rnd(3);
    const shape = Array.from({ length: r }, () => [1, 2, 4, 8][rnd(4)]);
    const perm = shape.map((_, i) => i);
    for (let i = r - 1; i > 0; i--) {
      const j = rnd(i + 1);
      [perm[i], perm[j]] = [perm[j], perm[i]];
    }
    const stride = new Array(r);
    let cur = 1;
    for (const i of perm) {
      stride[i] = cur;
      cur *= shape[i];
    }
    out.push([shape, stride]);
  }
  return out;
}

export const OPS = ["composition", "complement", "right_inverse", "logical_divide", "logical_product"];

/** the ops on cute-ts's library (L: core/layout.js, S: the static integer) as pycute's run them */
export function opsOf(L, S) {
  return {
    composition: (a, b) => L.composition(a, b),
    complement: (a) => L.complement(a, S(256)),
    right_inverse: (a) => L.right_inverse(a),
    logical_divide: (a, b) => L.logical_divide(L.make_layout(S(512)), b),
    logical_product: (a, b) => L.logical_product(a, b),
  };
}

/** pycute / cute-ts single cold pass ratios the issue measured before this work (side by side, 2 cores) */
export const ISSUE_RATIOS = { composition: 1.3, complement: 2.2, right_inverse: 6.0, logical_divide: 7.8, logical_product: 9.9 };
