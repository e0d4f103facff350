/**
 * The library layers name the caller's inputs as values (errors.ts's `input`, by parameter name);
 * the CLI spells each as the option that gives it (src/cli/spelling.ts), keeping its messages.
 */
import { describe, expect, it } from "vitest";
import { Input, LimitError, Unsupported, UsageError, input, spell, words } from "../src/core/errors.js";
import { S } from "../src/core/integer.js";
import { operandTile } from "../src/atoms/cta-tile.js";
import { formatError } from "../src/cli/run.js";
import { optionSpelling } from "../src/cli/spelling.js";

describe("words that name inputs", () => {
  it("keep each input apart from the text, and spell it as the caller names it", () => {
    const w = words`${input("ctaTile")} of an MMA is (M,N,K), got ${"(_16,_8)"}`;
    expect(spell(w)).toBe("ctaTile of an MMA is (M,N,K), got (_16,_8)");
    expect(spell(w, optionSpelling)).toBe("--cta-tile of an MMA is (M,N,K), got (_16,_8)");
    // a wording inside another keeps its inputs
    expect(spell(words`${w}; name one with ${input("thread")} T`, optionSpelling)).toBe("--cta-tile of an MMA is (M,N,K), got (_16,_8); name one with --thread T");
    expect(optionSpelling(new Input("allowBroadcast"))).toBe("--allow-broadcast");
  });
  it("a library error speaks of the value; the CLI's message names the option", () => {
    let e: unknown;
    try {
      operandTile([S(16), S(8)], "A");
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(UsageError);
    expect((e as Error).message).toBe("ctaTile of an MMA is (M,N,K), got (_16,_8)");
    expect(formatError(e).text).toBe("cute-ts: --cta-tile of an MMA is (M,N,K), got (_16,_8)\n");
  });
  it("what is put before a message later (a program's file:line) stays, for usage errors, limits and gaps", () => {
    const u = new UsageError(words`${input("tv")} must have two modes`);
    u.message = `k.cu:7: ${u.message}`;
    expect(formatError(u).text).toBe("cute-ts: k.cu:7: --tv must have two modes\n");
    const l = new LimitError(words`copy ${input("map")}: too many cells`, false, "print");
    expect(formatError(l).text).toBe("cute-ts: copy --map: too many cells; pass --force to print it anyway\n");
    const g = new Unsupported("this", words`: try ${input("descSmem")}`);
    expect(g.message).toBe("cute-ts does not support this yet: try descSmem");
    g.message = `k.cu:3: ${g.message}`;
    expect(formatError(g).text).toBe("k.cu:3: cute-ts does not support this yet: try --desc-smem\n");
  });
});
