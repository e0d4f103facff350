#!/usr/bin/env node
/**
 * Differential run of right_inverse and left_inverse: cute-ts (dist build) against the reference
 * port in ref-inverse.mjs, on random layouts from gen-layout.mjs (seeded; see that file).
 *
 *   node test/diff/inverse.mjs --n 20000 --seed 17
 *
 * Each layout is printed in CuTe's notation, evaluated by cute-ts as right_inverse(L) and
 * left_inverse(L), and compared with the reference's print, or with its static_assert text
 * when CuTe refuses. Exit 1 on any difference.
 */
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { rng, parseArgs } from "./rng.mjs";
import { randomLayout } from "./gen-layout.mjs";
import { RefRefusal, leftInverse, rightInverse, showLayout } from "./ref-inverse.mjs";

const DIST = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist");

async function library() {
  const { evaluate } = await import(pathToFileURL(join(DIST, "eval", "evaluate.js")).href);
  const { show } = await import(pathToFileURL(join(DIST, "print", "print.js")).href);
  const { CuteError } = await import(pathToFileURL(join(DIST, "core", "errors.js")).href);
  return { evaluate, show, CuteError };
}

/** what cute-ts says: the printed value, or `refused: <rule>` */
function ours(lib, text) {
  try {
    return lib.show(lib.evaluate(text));
  } catch (e) {
    if (e instanceof lib.CuteError) return `refused: ${e.rule}`;
    return `error: ${e instanceof Error ? e.message : String(e)}`;
  }
}
function theirs(f, l) {
  try {
    return showLayout(f(l));
  } catch (e) {
    if (e instanceof RefRefusal) return `refused: ${e.message}`;
    throw e;
  }
}

export async function runInverseDiff({ n, seed }) {
  const lib = await library();
  const r = rng(seed);
  const diffs = [];
  const counts = { inputs: 0, compared: 0, refused: 0, nontrivial: 0, dynamicShape: 0, zeroStride: 0, sizeOne: 0 };
  for (let k = 0; k < n; k++) {
    const l = randomLayout(r);
    const text = showLayout(l);
    counts.inputs++;
    if (/(^|[(,])\d/.test(text.split(":")[0])) counts.dynamicShape++;
    if (/_0\b/.test(text.split(":")[1])) counts.zeroStride++;
    if (/(^|[(,])_?1\b(?!\d)/.test(text.split(":")[0])) counts.sizeOne++;
    for (const [name, f] of [
      ["right_inverse", rightInverse],
      ["left_inverse", leftInverse],
    ]) {
      const want = theirs(f, l);
      // a reference refusal is matched on CuTe's assert text; cute-ts may add context after it
      const got = ours(lib, `${name}(${text})`);
      counts.compared++;
      if (want.startsWith("refused: ")) counts.refused++;
      else if (want !== "_1:_0") counts.nontrivial++;
      const same = want.startsWith("refused: ") ? got.startsWith("refused: ") && got.includes(want.slice(9)) : got === want;
      if (!same) diffs.push({ input: `${name}(${text})`, cute: want, ours: got });
    }
  }
  return { counts, diffs };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const o = parseArgs(process.argv.slice(2), { n: 20000, seed: 17, show: 10 });
  const t0 = Date.now();
  const { counts, diffs } = await runInverseDiff(o);
  for (const d of diffs.slice(0, o.show)) console.log(`${d.input}\n  reference: ${d.cute}\n  cute-ts:   ${d.ours}`);
  console.log(
    `inverse diff (seed ${o.seed}): ${counts.inputs} layouts, ${counts.compared} comparisons (${counts.refused} refusals, ${counts.nontrivial} inverses other than _1:_0), ` +
      `${counts.dynamicShape} with dynamic shapes, ${counts.zeroStride} with _0 strides, ${counts.sizeOne} with size-1 modes; ` +
      `${diffs.length} differences; ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  process.exit(diffs.length ? 1 : 0);
}
