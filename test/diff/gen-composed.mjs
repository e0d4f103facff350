/**
 * Random functions for the composed-layout differential run: swizzles Sw<B,M,S>, plain layouts
 * (1 to 3 modes, sometimes nested, power-of-two and small odd sizes, compact strides in a random
 * order, now and then a gap, a _0 stride or a dynamic integer), and composed layouts A o k o B
 * nested up to `depth` levels on either side (A a swizzle, layout or composed layout; B a layout,
 * composed layout or, rarely, a swizzle; k mostly _0, else a static or dynamic integer).
 *
 * Each is a tree {k: "sw" | "L" | "C", ...}; `text` writes it in the notation with explicit
 * three-argument compositions, so the input is unambiguous whatever nests.
 */

const SIZES = [2, 2, 4, 4, 8, 2, 4, 3];

function genLayout(r) {
  for (;;) {
    const rank = r.int(1, 3);
    const modes = [];
    for (let i = 0; i < rank; i++) modes.push(r.chance(0.2) ? [r.pick(SIZES), r.pick(SIZES)] : r.pick(SIZES));
    const leaves = modes.flat();
    const total = leaves.reduce((a, b) => a * b, 1);
    if (total > 256) continue;
    const order = leaves.map((_x, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = r.int(0, i);
      [order[i], order[j]] = [order[j], order[i]];
    }
    const strides = new Array(leaves.length);
    let acc = 1;
    for (const i of order) {
      if (r.chance(0.08)) acc *= 2;
      strides[i] = r.chance(0.06) ? 0 : acc;
      acc *= leaves[i];
    }
    const dyn = r.chance(0.15);
    const int = (v) => (dyn && r.chance(0.3) ? `${v}` : `_${v}`);
    let k = 0;
    const tup = (f) => {
      const parts = modes.map((m) => (Array.isArray(m) ? `(${m.map(() => f(k++)).join(",")})` : f(k++)));
      return parts.length === 1 && !Array.isArray(modes[0]) ? parts[0] : `(${parts.join(",")})`;
    };
    const shape = tup((i) => int(leaves[i]));
    k = 0;
    const stride = tup((i) => int(strides[i]));
    return { k: "L", text: `${shape}:${stride}` };
  }
}

function genSwizzle(r) {
  const b = r.chance(0.08) ? 0 : r.int(1, 3);
  const m = r.int(0, 3);
  const s = (r.chance(0.5) ? 1 : -1) * r.int(Math.max(b, 1), b + 2);
  return { k: "sw", b, m, s };
}

function genOffset(r, zeroBias) {
  if (r.chance(zeroBias)) return "_0";
  return r.chance(0.5) ? `_${r.pick([1, 2, 4, 8, 16, 3, 32])}` : `${r.pick([0, 1, 2, 4, 8, 5, 64])}`;
}

export function genOuter(r, depth, zeroBias) {
  if (depth > 0 && r.chance(0.35)) return genComposed(r, depth - 1, zeroBias);
  return r.chance(0.55) ? genSwizzle(r) : genLayout(r);
}
export function genInner(r, depth, zeroBias) {
  if (depth > 0 && r.chance(0.35)) return genComposed(r, depth - 1, zeroBias);
  return genLayout(r);
}
export function genComposed(r, depth, zeroBias = 0.6) {
  const a = genOuter(r, depth, zeroBias);
  const o = genOffset(r, zeroBias);
  const b = r.chance(0.08) ? genSwizzle(r) : genInner(r, depth, zeroBias);
  return { k: "C", a, o, b };
}
/** any function: mostly a composed layout, else a plain layout or a swizzle */
export function genAny(r, depth, zeroBias = 0.6) {
  const x = r.next();
  if (x < 0.6) return genComposed(r, depth, zeroBias);
  if (x < 0.8) return genLayout(r);
  return genSwizzle(r);
}

/** the notation for a generated function (composition(A,k,B) for each composed level) */
export function text(x) {
  if (x.k === "sw") return `Sw<${x.b},${x.m},${x.s}>`;
  if (x.k === "L") return x.text;
  return `composition(${text(x.a)},${x.o},${text(x.b)})`;
}
/** how many composed levels the tree has, at most, along any path */
export function levels(x) {
  return x.k === "C" ? 1 + Math.max(levels(x.a), levels(x.b)) : 0;
}
