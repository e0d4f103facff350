/**
 * A test-side reference for composed layouts that nest, written from CuTe's layout_composed.hpp
 * and swizzle_layout.hpp: which overload each operation takes for each kind of operand, how it
 * nests, prints, evaluates, slices and inverts. It is independent of src/composed.ts and of the
 * notation; for the plain-layout steps (composition of two layouts, a layout's value, slicing a
 * plain layout or one swizzled level Sw o k o L, the inverse of a plain layout) it calls the
 * library's layout algebra, which the goldens and the other differential runs check.
 *
 * A function is {k: "sw", b, m, s} (Swizzle<B,M,S>), {k: "L", l} (a Layout of the library), or
 * {k: "C", a, o, b} (ComposedLayout<A,O,B>, o an integer of the library, b anything including a
 * swizzle). A refusal (no overload, or a static_assert) is thrown as RefRefusal.
 */

export class RefRefusal extends Error {}

export function makeRef(lib) {
  const { L, I, Cm, Layout, ComposedLayout, Swizzle } = lib;
  const S = (v) => I.S(v), D = (v) => I.D(v);
  const isStaticZero = (o) => o instanceof I.Int && o.s && o.v === 0;

  // ---------------------------------------------------------------- swizzles (swizzle.hpp)
  const yyy = (sw) => ((1 << sw.b) - 1) * 2 ** (sw.m + Math.max(0, sw.s));
  const zzz = (sw) => ((1 << sw.b) - 1) * 2 ** (sw.m - Math.min(0, sw.s));
  function swizzle(b, m, s) {
    if (Math.abs(s) < b) throw new RefRefusal("abs(SShift) must be more than BBits.");
    return { k: "sw", b, m, s };
  }
  /** offset ^ shiftr(offset & yyy_msk, S) on a non-negative integer */
  function applySw(sw, x) {
    if (!(x instanceof I.Int)) throw new RefRefusal("a swizzle takes an integer");
    const y = BigInt(x.v) & BigInt(yyy(sw));
    const sh = sw.s >= 0 ? y >> BigInt(sw.s) : y << BigInt(-sw.s);
    const v = Number(BigInt(x.v) ^ sh);
    return x.s ? S(v) : D(v);
  }
  const popcount = (x) => {
    let n = 0;
    for (let v = x >>> 0; v; v &= v - 1) n++;
    return n;
  };
  const ctz = (x) => (x === 0 ? 32 : 31 - Math.clz32(x & -x));
  /** make_swizzle<Y,Z>: B from the bit counts, M from the lower trailing zeros, S from their difference */
  function makeSwizzle(y, z) {
    if (y < 0 || z < 0 || y > 0xffffffff || z > 0xffffffff) throw new RefRefusal("masks are uint32_t");
    const bz = popcount(y), by = popcount(z);
    if (bz !== by) throw new RefRefusal("Number of bits in Y and Z don't match");
    const m = Math.min(ctz(y), ctz(z)) % 32;
    const s = ctz(y) - ctz(z);
    const sw = swizzle(bz, m, s);
    if (((y | z) >>> 0) !== ((yyy(sw) | zzz(sw)) >>> 0)) throw new RefRefusal("Something went wrong.");
    return sw;
  }

  // ---------------------------------------------------------------- composition
  const lay = (l) => ({ k: "L", l });
  /** composition(A, O, B) with three arguments; only Swizzle<0,M,S>, Int<0>, Layout is the layout itself */
  function comp3(a, o, b) {
    if (a.k === "sw" && a.b === 0 && isStaticZero(o) && b.k === "L") return b;
    return { k: "C", a, o, b };
  }
  /** composition(Layout, Swizzle): the swizzle of the layout's images of the masks, over the layout */
  function layoutSwizzle(l, sw) {
    const y = L.crd2idx(S(yyy(sw)), l), z = L.crd2idx(S(zzz(sw)), l);
    if (!(y instanceof I.Int && z instanceof I.Int && y.s && z.s)) throw new RefRefusal("make_swizzle takes static masks");
    return comp3(makeSwizzle(y.v, z.v), S(0), lay(l));
  }
  function compose(x, y) {
    // composition(ComposedLayout a, Tiler b): composition(a.A, a.O, composition(a.B, b))
    if (x.k === "C") return comp3(x.a, x.o, compose(x.b, y));
    if (x.k === "L") {
      if (y.k === "L") return lay(L.composition(x.l, y.l));
      if (y.k === "sw") return layoutSwizzle(x.l, y);
      // composition(Layout a, ComposedLayout b): Require offset == 0, then composition(composition(a, b.A), b.B)
      if (!isStaticZero(y.o)) throw new RefRefusal("Require offset == 0.");
      return compose(compose(x, y.a), y.b);
    }
    // composition(Swizzle, Layout) = composition(sw, Int<0>, layout)
    if (y.k === "L") return comp3(x, S(0), y);
    // composition(Swizzle, Swizzle) of one shift: make_swizzle of the XORed masks
    if (y.k === "sw") {
      if (x.s !== y.s) throw new RefRefusal("Can only merge swizzles of the same shift.");
      return makeSwizzle((yyy(x) ^ yyy(y)) >>> 0, (zzz(x) ^ zzz(y)) >>> 0);
    }
    throw new RefRefusal("no matching overload for composition(Swizzle, not a layout)");
  }

  // ---------------------------------------------------------------- print, evaluate
  function show(x) {
    if (x.k === "sw") return `Sw<${x.b},${x.m},${x.s}>`;
    if (x.k === "L") return L.showLayout(x.l);
    return `${show(x.a)} o ${lib.show(x.o)} o ${show(x.b)}`;
  }
  /** x(c): a layout's crd2idx, a swizzle on an integer, A(O + B(c)) */
  function evalF(x, c) {
    if (x.k === "L") return L.crd2idx(c, x.l);
    if (x.k === "sw") return applySw(x, c);
    const inner = evalF(x.b, c);
    if (!(inner instanceof I.Int)) throw new RefRefusal("offset + a coordinate");
    // a mixed-bits offset (a slice leaves one) adds as its value, a dynamic integer
    const v = I.add(x.o instanceof lib.MixedBits ? D(x.o.value) : x.o, inner);
    if (x.a.k === "L" && !(v instanceof I.Int)) throw new RefRefusal("an integer into the outer layout");
    return evalF(x.a, v);
  }
  /** the plain layout that gives a function's domain (B, all the way down) */
  function domain(x) {
    if (x.k === "L") return x.l;
    if (x.k === "C" && x.b.k !== "sw") return domain(x.b);
    return undefined;
  }

  // ---------------------------------------------------------------- slicing
  const allUnderscore = (c) => (Array.isArray(c) ? c.every(allUnderscore) : c === lib.UNDER);
  function sliceAndOffset(c, x) {
    if (x.k === "L") return L.slice_and_offset(c, x.l).map((v, i) => (i === 0 ? lay(v) : v));
    if (x.k !== "C" || x.b.k === "sw") throw new RefRefusal("no slice of a swizzle");
    if (x.a.k === "sw") {
      if (allUnderscore(c)) return [comp3(x.a, x.o, slice(c, x.b)), S(0)];
      // the decay path dices B, which takes a plain layout only
      if (x.b.k !== "L") throw new RefRefusal("dice of a composed layout");
      const [r, off] = Cm.slice_and_offset(c, new ComposedLayout(new Swizzle(x.a.b, x.a.m, x.a.s), x.o, x.b.l));
      return [fromLib(r), off];
    }
    const [sl, off] = sliceAndOffset(c, x.b);
    // ComposedLayout{A, O + offset, slice}: constructed, never reduced
    return [{ k: "C", a: x.a, o: I.add(x.o, off), b: sl }, S(0)];
  }
  const slice = (c, x) => sliceAndOffset(c, x)[0];
  function fromLib(v) {
    if (v instanceof Layout) return lay(v);
    return { k: "C", a: { k: "sw", b: v.a.b, m: v.a.m, s: v.a.s }, o: v.offset, b: lay(v.b) };
  }

  // ---------------------------------------------------------------- inverses
  function inverse(x, which) {
    if (x.k === "sw") return x;
    if (x.k === "L") return lay(which === "right" ? L.right_inverse(x.l) : L.left_inverse(x.l));
    // swizzle_layout.hpp: Sw o 0 o B passes the swizzle to the left
    if (x.a.k === "sw" && isStaticZero(x.o)) return compose(inverse(x.b, which), x.a);
    // otherwise composition(inv(B), inv(O), inv(A)), an integral offset inverting to -O
    if (!(x.o instanceof I.Int)) throw new RefRefusal("right_inverse of a non-integral offset");
    return comp3(inverse(x.b, which), I.neg(x.o), inverse(x.a, which));
  }

  return { swizzle, makeSwizzle, lay, comp3, compose, show, evalF, domain, slice, sliceAndOffset, inverse };
}
