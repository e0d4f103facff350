/**
 * The partitioners behind print_latex(TiledCopy): the `% Layout S TV:` / `% Layout D TV:`
 * header lines of the golden copy pictures are tidfrg_S/D of the identity tensor over the tile.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { layoutD_TV_coords, layoutS_TV_coords, make_copy_atom, make_tiled_copy } from "../src/atoms/copy/index.js";
import { layoutArg, make_tiled_copy_for_mma, parseOperand } from "../src/eval/args/copy.js";
import { show } from "../src/print/print.js";

interface Rec {
  id: string;
  cmd: string[];
  out?: string;
}
const recs: Rec[] = readFileSync(new URL("../fixtures/golden/pictures.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Rec)
  .filter((r) => r.cmd[0] === "copy" && r.cmd.includes("--latex") && r.out);

function opt(cmd: string[], name: string): string | undefined {
  const i = cmd.indexOf(`--${name}`);
  return i < 0 ? undefined : cmd[i + 1];
}

describe("S/D TV coordinate layouts (print_latex headers)", () => {
  for (const r of recs) {
    it(`${r.id} ${r.cmd.slice(1).join(" ")}`, async () => {
      const atom = make_copy_atom(r.cmd[1]!, opt(r.cmd, "value")!);
      const mma = opt(r.cmd, "for-mma");
      const tc = mma
        ? await make_tiled_copy_for_mma(atom, mma, parseOperand(opt(r.cmd, "operand")!), opt(r.cmd, "atoms"), opt(r.cmd, "tile"))
        : make_tiled_copy(atom, layoutArg(opt(r.cmd, "thr")!, "--thr"), opt(r.cmd, "val") ? layoutArg(opt(r.cmd, "val")!, "--val") : undefined);
      const lines = r.out!.split("\n");
      expect(`% Layout S TV: ArithTuple(_0,_0) o ${show(layoutS_TV_coords(tc))}`).toBe(lines[0]);
      expect(`% Layout D TV: ArithTuple(_0,_0) o ${show(layoutD_TV_coords(tc))}`).toBe(lines[1]);
    });
  }
});
