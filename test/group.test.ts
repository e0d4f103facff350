// group<B,E> as tuple_algorithms.hpp has it: B == E groups nothing (make_seq<(B < E)>), E = -1 is the rank;
// make_tma_copy's `group<min(rank,4),-1>` of its gmem basis reads it through the core's group
import { describe, expect, it } from "vitest";
import { evaluate } from "../src/eval/evaluate.js";
import { show } from "../src/print/print.js";
import { group } from "../src/core/int-tuple.js";
import { S } from "../src/core/integer.js";
import { tupText } from "../src/core/int-tuple.js";

describe("group<B,E>", () => {
  it("groups modes B..E-1 into one", () => {
    expect(show(evaluate("group<1,3>(make_shape(2,3,4))"))).toBe("(2,(3,4))");
  });
  it("B == E leaves the modes as they are (no empty mode)", () => {
    expect(show(evaluate("group<1,1>(make_layout(make_shape(2,3,4)))"))).toBe("(2,3,4):(_1,2,6)");
    expect(show(evaluate("group<0,0>(make_shape(2,3))"))).toBe("(2,3)");
  });
  it("E = -1 runs to the end", () => {
    expect(tupText(group([S(2), S(3), S(4), S(5)], 1, -1))).toBe("(_2,(_3,_4,_5))");
    expect(tupText(group([S(2), S(3)], 2, -1))).toBe("(_2,_3)");
  });
});
