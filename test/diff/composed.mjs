#!/usr/bin/env node
/**
 * Differential run of composed layouts that nest: cute-ts (dist build) against the reference in
 * ref-composed.mjs, on random pairs (X, Y) from gen-composed.mjs (seeded mulberry32; X and Y are
 * swizzles, layouts or composed layouts nested up to two levels on either side).
 *
 *   node test/diff/composed.mjs --n 20000 --seed 17
 *
 * For each pair it compares, print for print (or refusal for refusal):
 *   composition(X,Y); the printed result read back and printed again; the result applied to
 *   integer coordinates (and, by brute force, that it equals X(Y(c))); the result sliced at a
 *   random coordinate with _; right_inverse and left_inverse of X and of the result; X read back.
 * Exit 1 on any difference.
 */
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { rng, parseArgs } from "./rng.mjs";
import { genAny, text, levels } from "./gen-composed.mjs";
import { RefRefusal, makeRef } from "./ref-composed.mjs";

const DIST = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist");
const mod = (p) => import(pathToFileURL(join(DIST, p)).href);

async function library() {
  const [{ evaluate }, print, L, I, Cm, sw, errors, T, mb] = await Promise.all(
    ["eval/evaluate.js", "print/print.js", "core/layout.js", "core/integer.js", "core/composed.js", "core/swizzle.js", "core/errors.js", "core/int-tuple.js", "core/mixed-bits.js"].map(mod),
  );
  return { evaluate, show: print.show, L, I, Cm, Layout: L.Layout, ComposedLayout: sw.ComposedLayout, Swizzle: sw.Swizzle, UNDER: T._, MixedBits: mb.MixedBits, errors };
}

const REFUSED = "refused";

export async function runComposedDiff({ n, seed }) {
  const lib = await library();
  const ref = makeRef(lib);
  const { CuteError, UsageError, ParseError } = lib.errors;
  const r = rng(seed);
  const diffs = [];
  const counts = { pairs: 0, comparisons: 0, composed: 0, nestedResults: 0, deepInputs: 0, evaluated: 0, bruteForce: 0, sliced: 0, inverted: 0 };

  const ours = (expr) => {
    try {
      return lib.show(lib.evaluate(expr));
    } catch (e) {
      if (e instanceof CuteError || e instanceof UsageError || e instanceof ParseError) return REFUSED;
      return `error: ${e instanceof Error ? e.message : String(e)}`;
    }
  };
  const theirs = (f) => {
    try {
      return f();
    } catch (e) {
      if (e instanceof RefRefusal || e instanceof CuteError) return REFUSED;
      throw e;
    }
  };
  const compare = (what, expr, want, got = ours(expr)) => {
    counts.comparisons++;
    if (want !== got) diffs.push({ what, input: expr, cute: want, ours: got });
    return got;
  };
  const intOf = (t) => (t.startsWith("_") ? lib.I.S(Number(t.slice(1))) : lib.I.D(Number(t)));
  const build = (x) => {
    if (x.k === "sw") return ref.swizzle(x.b, x.m, x.s);
    if (x.k === "L") return ref.lay(lib.evaluate(x.text));
    return ref.comp3(build(x.a), intOf(x.o), build(x.b));
  };

  for (let k = 0; k < n; k++) {
    const gx = genAny(r, 2, 0.5), gy = genAny(r, 2, 0.75);
    const tx = text(gx), ty = text(gy);
    counts.pairs++;
    if (levels(gx) >= 2 || levels(gy) >= 2) counts.deepInputs++;
    const X = theirs(() => build(gx)), Y = theirs(() => build(gy));
    if (X === REFUSED || Y === REFUSED) continue;

    // X itself: printed, read back
    const px = compare("print", tx, ref.show(X));
    if (px !== REFUSED) compare("read back", px, px);
    for (const which of ["right", "left"]) {
      compare(`${which}_inverse`, `${which}_inverse(${tx})`, theirs(() => ref.show(ref.inverse(X, which))));
    }

    // composition(X, Y)
    const expr = `composition(${tx},${ty})`;
    const R = theirs(() => ref.compose(X, Y));
    const want = R === REFUSED ? REFUSED : ref.show(R);
    const got = compare("composition", expr, want);
    if (R === REFUSED || got !== want) continue;
    counts.composed++;
    if (want.split(" o ").length > 3) counts.nestedResults++;
    compare("read back", want, want);

    // evaluation at integer coordinates, and R(c) = X(Y(c)) by brute force
    const powersOfTwo = ((tx + ty).replace(/Sw<[^>]*>/g, "").match(/\d+/g) ?? []).every((d) => (Number(d) & (Number(d) - 1)) === 0);
    const dom = ref.domain(R);
    const size = dom ? lib.L.size(dom).v : 16;
    for (let j = 0; j < 3; j++) {
      const i = r.int(0, Math.max(0, size - 1));
      const c = r.chance(0.5) ? lib.I.D(i) : lib.I.S(i);
      const w = theirs(() => lib.show(ref.evalF(R, c)));
      compare("apply", `${expr}(${lib.show(c)})`, w);
      if (w === REFUSED) continue;
      counts.evaluated++;
      // composition agrees with applying one after the other where Y is a plain layout (a composed
      // Y applies its outer layout beyond its domain, where composition truncates it)
      // and CuTe's weak divisibility lets some compositions of layouts through that are not the
      // function composition (_8:_4 o _4:_6): checked where every integer is 0 or a power of two
      const direct = Y.k === "L" && powersOfTwo ? theirs(() => ref.evalF(X, ref.evalF(Y, c))) : REFUSED;
      if (direct !== REFUSED) counts.bruteForce++;
      if (direct !== REFUSED && direct.v !== ref.evalF(R, c).v) diffs.push({ what: "R(c) = X(Y(c))", input: `${expr}(${lib.show(c)})`, cute: String(direct.v), ours: w });
    }

    // a slice with at least one _
    if (dom) {
      const sh = dom.shape;
      let coord, ctext;
      if (Array.isArray(sh)) {
        const modes = sh.map((m) => (r.chance(0.5) ? lib.UNDER : lib.I.D(r.int(0, Math.max(0, lib.L.size(new lib.Layout(m, m)).v - 1)))));
        if (!modes.includes(lib.UNDER)) modes[r.int(0, modes.length - 1)] = lib.UNDER;
        coord = modes;
        ctext = modes.map((m) => lib.show(m)).join(",");
      } else {
        coord = lib.UNDER;
        ctext = "_";
      }
      const ws = theirs(() => ref.show(ref.slice(coord, R)));
      compare("slice", `${expr}(${ctext})`, ws);
      if (ws !== REFUSED) counts.sliced++;
    }

    // inverses of the result
    for (const which of ["right", "left"]) {
      const wi = theirs(() => ref.show(ref.inverse(R, which)));
      compare(`${which}_inverse`, `${which}_inverse(${expr})`, wi);
      if (wi !== REFUSED) counts.inverted++;
    }
  }
  return { counts, diffs };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const o = parseArgs(process.argv.slice(2), { n: 20000, seed: 17, show: 10 });
  const t0 = Date.now();
  const { counts, diffs } = await runComposedDiff(o);
  for (const d of diffs.slice(0, o.show)) console.log(`[${d.what}] ${d.input}\n  reference: ${d.cute}\n  cute-ts:   ${d.ours}`);
  console.log(
    `composed diff (seed ${o.seed}): ${counts.pairs} pairs (${counts.deepInputs} nesting two levels), ${counts.comparisons} comparisons; ` +
      `${counts.composed} compositions composed (${counts.nestedResults} nested), ${counts.evaluated} evaluations (${counts.bruteForce} checked against X(Y(c))), ${counts.sliced} slices, ${counts.inverted} inverses of results; ` +
      `${diffs.length} differences; ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  process.exit(diffs.length ? 1 : 0);
}
