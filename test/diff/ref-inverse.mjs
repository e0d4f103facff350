/**
 * A test-side reference for right_inverse and left_inverse, written step by step from CuTe's
 * layout.hpp (and the integral_constant / int_tuple helpers they use), independent of src/.
 * Integers are {v, s}: a value and whether it is static (C<v>) or dynamic (int). Tuples are
 * arrays. A refusal is thrown as RefRefusal carrying CuTe's static_assert text.
 */

export class RefRefusal extends Error {}

export const C = (v) => ({ v, s: true });
export const dyn = (v) => ({ v, s: false });
const isC = (x, n) => x.s && x.v === n;

// integral_constant.hpp: C<0> times anything (static or not) is C<0>; otherwise static iff both are
function mul(a, b) {
  if (isC(a, 0) || isC(b, 0)) return C(0);
  return { v: a.v * b.v, s: a.s && b.s };
}
// operator== : a static bool only when both sides are static
const eqStatic = (a, b) => a.s && b.s && a.v === b.v;

const isTuple = Array.isArray;
function flatten(t) {
  if (!isTuple(t)) return t;
  const out = [];
  const walk = (x) => (isTuple(x) ? x.forEach(walk) : out.push(x));
  t.forEach(walk);
  return out;
}
const wrap = (t) => (isTuple(t) ? t : [t]);
const get = (t, i) => (isTuple(t) ? t[i] : t); // get<0> of a non-tuple is itself

/**
 * detail::bw_coalesce, from mode I down to 0, with the stack (newShape, newStride) that is a
 * plain integer until the first prepend
 */
function bwCoalesce(I, oldShape, oldStride, newShape, newStride) {
  for (; I >= 0; I--) {
    const s = oldShape[I], d = oldStride[I];
    if (isC(s, 1)) continue; // skip a static size-1 mode
    if (!isTuple(newShape) && isC(newShape, 1)) {
      newShape = s; // replace the initial shape-1
      newStride = d;
      continue;
    }
    const front = get(newShape, 0);
    const frontStride = get(newStride, 0);
    if (front.s && eqStatic(mul(s, d), frontStride)) {
      const merged = mul(s, front);
      newShape = isTuple(newShape) ? [merged, ...newShape.slice(1)] : merged;
      newStride = isTuple(newStride) ? [d, ...newStride.slice(1)] : d;
    } else {
      newShape = [s, ...wrap(newShape)];
      newStride = [d, ...wrap(newStride)];
    }
  }
  if (!isTuple(newShape) && isC(newShape, 1)) return { shape: C(1), stride: C(0) };
  return { shape: newShape, stride: newStride };
}

export function coalesce(l) {
  const fs = flatten(l.shape), fd = flatten(l.stride);
  if (!isTuple(fs)) return bwCoalesce(-1, [fs], [fd], fs, fd);
  const R = fs.length;
  if (R === 0) return l; // rank 0: not reached by the generator
  return bwCoalesce(R - 2, fs, fd, fs[R - 1], fd[R - 1]);
}

/** cute::fold(lshape, tuple<_1>, (c, vi) -> append(c, vi * back(c))) */
function prefixProduct(lshape) {
  const out = [C(1)];
  for (const x of lshape) out.push(mul(x, out[out.length - 1]));
  return out;
}

/** detail::SortByKey over int keys: the values reordered by cute's exchange_sort of (key, value) pairs */
function sortByKey(keys, vals) {
  const a = keys.map((k, i) => ({ key: k, val: vals[i] }));
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j < a.length; j++) {
      if (a[j].key < a[i].key) [a[i], a[j]] = [a[j], a[i]];
    }
  }
  return a.map((p) => p.val);
}

export function rightInverse(layout) {
  const clayout = coalesce(layout);
  const lstride = wrap(clayout.stride);
  const lshape = wrap(clayout.shape);
  const preprod = prefixProduct(lshape);
  // keep the modes whose stride is static
  const filteredSeq = [];
  lstride.forEach((d, i) => {
    if (d.s) filteredSeq.push(i);
  });
  const filteredStride = filteredSeq.map((i) => lstride[i]);
  const sortedSeq = sortByKey(
    filteredStride.map((d) => d.v),
    filteredSeq,
  );
  let resultShape = [C(1)], resultStride = [C(0)], curr = C(1);
  for (const i of sortedSeq) {
    const ishape = lshape[i], istride = lstride[i];
    // is_constant<istride::value, decltype(curr)>
    if (curr.s && curr.v === istride.v) {
      resultShape = [...resultShape, ishape];
      resultStride = [...resultStride, preprod[i]];
      curr = mul(ishape, istride);
    }
  }
  return coalesce({ shape: resultShape, stride: resultStride });
}

export function leftInverse(layout) {
  const clayout = coalesce(layout);
  const lstride = wrap(clayout.stride);
  const lshape = wrap(clayout.shape);
  const preprod = prefixProduct(lshape);
  if (!lstride.every((d) => d.s)) throw new RefRefusal("Left inverse requires static strides.");
  const sortedSeq = sortByKey(
    lstride.map((d) => d.v),
    lstride.map((_d, i) => i),
  );
  let resultShape = [], resultStride = [C(0)];
  for (const i of sortedSeq) {
    const istride = lstride[i];
    if (isC(istride, 0)) continue;
    // size(result_shape): a product of static integers, _1 when empty
    const sz = resultShape.reduce((p, x) => p * x.v, 1);
    if (istride.v % sz !== 0) throw new RefRefusal("Left inverse divisibility condition");
    resultShape = [...resultShape, C(Math.trunc(istride.v / sz))];
    resultStride = [...resultStride, preprod[i]];
  }
  const last = sortedSeq[sortedSeq.length - 1];
  return coalesce({ shape: [...resultShape, lshape[last]], stride: resultStride });
}

/** CuTe's print of an integer tuple and of a layout */
export function showTuple(t) {
  if (isTuple(t)) return `(${t.map(showTuple).join(",")})`;
  return t.s ? `_${t.v}` : `${t.v}`;
}
export const showLayout = (l) => `${showTuple(l.shape)}:${showTuple(l.stride)}`;
