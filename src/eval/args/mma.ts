/** Command-line values for a TiledMMA: `--atoms` and `--tile` written in the notation, `--thread` a thread index. */
import { UsageError, quote } from "../../core/errors.js";
import { Int } from "../../core/integer.js";
import { Underscore } from "../../core/int-tuple.js";
import { Layout, type Tiler } from "../../core/layout.js";
import type { Value } from "../../core/value.js";
import { show } from "../../print/print.js";
import type { MmaTraits } from "../../atoms/mma/family.js";
import { make_tiled_mma, threadIndices, type TiledMma } from "../../atoms/mma/tiled-mma.js";
import { isIntTuple } from "../../notation/coerce.js";
import { make_layout } from "../../core/layout.js";
import { evaluate } from "../evaluate.js";

function atomLayoutArg(text: string): Layout {
  const v = evaluate(text);
  if (v instanceof Layout) return v;
  if (isIntTuple(v)) return make_layout(v);
  throw new UsageError(`--atoms must be a layout or a shape, got ${show(v)}`);
}

function asTiler(v: Value): Tiler {
  if (v instanceof Layout || v instanceof Int || v instanceof Underscore) return v;
  if (Array.isArray(v)) return v.map((x) => asTiler(x as Value));
  throw new UsageError(`--tile must be a tuple of sizes, layouts or _, got ${show(v)}`);
}

/** make_tiled_mma(OP{}, atoms, tile) with `atoms` and `tile` as written on the command line */
export function makeTiledMma(traits: MmaTraits, atoms?: string, tile?: string): TiledMma {
  return make_tiled_mma(traits, atoms === undefined ? undefined : atomLayoutArg(atoms), tile === undefined ? undefined : asTiler(evaluate(tile)));
}

/** --thread T of a TiledMMA: one of its threads */
export function parseThread(mma: TiledMma, text: string): number {
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`--thread expects a thread index, got ${quote(text)}`);
  const t = Number(text);
  const threads = threadIndices(mma);
  if (!threads.includes(t)) {
    const last = threads[threads.length - 1]!;
    const range = threads.length === last + 1 ? `0..${last}` : describeRanges(threads);
    const digits = text.trim();
    throw new UsageError(`--thread ${digits.length > 40 ? quote(digits) : digits} is not a thread of this TiledMMA (threads ${range})`);
  }
  return t;
}

/** 0,1,2,3,16,17,18,19 -> "0..3, 16..19" */
function describeRanges(xs: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < xs.length; ) {
    let j = i;
    while (j + 1 < xs.length && xs[j + 1] === xs[j]! + 1) j++;
    parts.push(i === j ? `${xs[i]}` : `${xs[i]}..${xs[j]}`);
    i = j + 1;
  }
  return parts.join(", ");
}
