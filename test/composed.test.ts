/**
 * CuTe's ComposedLayout overloads (layout_composed.hpp): most operations apply to the inner
 * layout B and keep A and the offset. Each case here is checked against the same operation on
 * B alone, through the notation, so the dispatch of every function is exercised.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { evaluate } from "../src/eval/evaluate.js";
import { show } from "../src/print/print.js";
import { CuteError } from "../src/core/errors.js";
import { run } from "./helpers.js";
import * as C from "../src/core/composed.js";
import { ComposedLayout } from "../src/core/swizzle.js";
import { D, Int } from "../src/core/integer.js";

const swizzles = ["Sw<3,4,3>", "Sw<2,1,3>", "Sw<1,0,-2>"];
const inners = ["(_8,_64):(_64,_1)", "((_2,_4),_16):((_1,_2),_8)", "(_4,(_2,_8)):(_16,(_8,_1))"];
const offsets = ["_0", "_32"];

/** operations written with `X` for the layout; each must act on B and keep `A o offset o` */
const onInner = [
  "get<0>(X)",
  "get<1>(X)",
  "layout<1>(X)",
  "take<0,1>(X)",
  "group<0,2>(X)",
  "zip(X)",
  "flatten(X)",
  "coalesce(X)",
  "coalesce(X,(_1,_1))",
  "filter(X,(_1,_1))",
  "append<3>(X,_2:_512)",
  "logical_divide(X,(_2,_4))",
  "zipped_divide(X,(_2,_4))",
  "logical_product(X,_2:_1)",
  "zipped_product(X,(_2,_2):(_1,_2))",
  "tiled_product(X,(_2,_2):(_1,_2))",
  "flat_product(X,(_2,_2):(_1,_2))",
  "blocked_product(X,(_2,_2):(_1,_2))",
  "raked_product(X,(_2,_2):(_1,_2))",
  "tile_to_shape(X,(_16,_128))",
];

describe("composed layouts: operations on the inner layout", () => {
  it("op(A o k o B) = A o k o op(B)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...swizzles), fc.constantFrom(...offsets), fc.constantFrom(...inners), fc.constantFrom(...onInner), (sw, off, b, op) => {
        let expected: string;
        try {
          expected = `${sw} o ${off} o ${show(evaluate(op.replace("X", b)))}`;
        } catch (e) {
          if (e instanceof CuteError) return; // CuTe refuses the operation on B itself
          throw e;
        }
        expect(show(evaluate(op.replace("X", `${sw} o ${off} o ${b}`)))).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("size, rank, depth, shape and cosize read the inner layout, by mode too", () => {
    for (const sw of swizzles) {
      for (const b of inners) {
        const c = `${sw} o _0 o ${b}`;
        for (const f of ["size", "rank", "depth", "shape", "cosize", "size<1>", "rank<1>", "shape<1>", "cosize<0>"]) {
          expect(show(evaluate(`${f}(${c})`))).toBe(show(evaluate(`${f}(${b})`)));
        }
      }
    }
  });

  it("complement of a composed layout is the complement of its inner layout", () => {
    for (const b of inners) {
      expect(show(evaluate(`complement(Sw<3,4,3> o _0 o ${b})`))).toBe(show(evaluate(`complement(${b})`)));
      expect(show(evaluate(`complement(Sw<3,4,3> o _0 o ${b},_4096)`))).toBe(show(evaluate(`complement(${b},_4096)`)));
    }
  });

  it("composition(L, Sw o _0 o B) = composition(composition(L, Sw), B)", () => {
    for (const b of inners) {
      for (const l of ["_1024:_1", "(_32,_32):(_1,_32)"]) {
        const direct = show(evaluate(`composition(${l},Sw<2,1,3> o _0 o ${b})`));
        expect(direct).toBe(show(evaluate(`composition(composition(${l},Sw<2,1,3>),${b})`)));
      }
    }
  });

  it("what CuTe has no ComposedLayout overload for is refused, naming the rule", () => {
    const c = "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)";
    const refusal = (expr: string) => {
      try {
        evaluate(expr);
      } catch (e) {
        if (e instanceof CuteError) return `${e.op}: ${e.rule}`;
        throw e;
      }
      return "accepted";
    };
    expect(refusal(`stride(${c})`)).toBe("stride: stride of a ComposedLayout is a deleted function (its strides do not describe it)");
    expect(refusal(`filter(${c})`)).toBe("filter: no matching overload: a composed layout takes filter(layout, profile)");
    expect(refusal(`append(${c},_2:_1)`)).toBe("append: no matching overload: a composed layout takes append<N>(layout, x)");
    expect(refusal(`composition(_512:_1,Sw<3,4,3> o _8 o (_8,_64):(_64,_1))`)).toBe("composition: Require offset == 0.");
    for (const f of ["reverse", "select<0>", "prepend"]) {
      expect(refusal(f === "prepend" ? `prepend(${c},_2:_1)` : `${f}(${c})`)).toContain("no matching overload for a composed layout");
    }
  });
});

describe("zip as CuTe's tuple algorithm", () => {
  it("a non-tuple stays itself, a tuple of non-tuples is wrapped, a tuple of tuples is transposed", () => {
    expect(show(evaluate("zip(_4)"))).toBe("_4");
    expect(show(evaluate("zip(_4:_1)"))).toBe("_4:_1");
    expect(show(evaluate("zip((_4,_2))"))).toBe("((_4,_2))");
    expect(show(evaluate("zip(((_4,_2),(_3,_5)))"))).toBe("((_4,_3),(_2,_5))");
    expect(show(evaluate("zip((_1,_2),(_3,_4))"))).toBe(show(evaluate("zip(((_1,_2),(_3,_4)))")));
    expect(() => evaluate("zip(((_4,_2),_3))")).toThrow(/Mismatched Ranks/);
  });
});

describe("tensors under CuTe's Tensor overloads (tensor_impl.hpp)", () => {
  const tensors = ["make_tensor(counting_iter(0),(_8,(_2,_4)):(_1,(_0,_16)))", "make_tensor(counting_iter(3),Sw<3,0,3> o _0 o (_8,_8):(_8,_1))", "make_identity_tensor((_4,(_2,_3)))"];
  const layoutOfTensor = (t: string) => show(evaluate(`layout(${t})`));

  it("take, coalesce, filter, filter_zeros and group_modes keep the iterator and act on the layout", () => {
    for (const t of tensors) {
      const it = show(evaluate(t)).split(" o ")[0]!;
      const l = layoutOfTensor(t);
      const swizzled = t.includes("Sw<");
      const cases: [string, string][] = [
        [`take<0,1>(${t})`, `take<0,1>(${l})`],
        [`coalesce(${t})`, `coalesce(${l})`],
        [`coalesce(${t},(_1,_1))`, `coalesce(${l},(_1,_1))`],
        [`group_modes<0,2>(${t})`, `group<0,2>(${l})`],
        [`flatten(${t})`, `flatten(${l})`],
        [`filter(${t},(_1,_1))`, `filter(${l},(_1,_1))`],
      ];
      if (!swizzled) cases.push([`filter(${t})`, `filter(${l})`], [`filter_zeros(${t})`, `filter_zeros(${l})`]);
      for (const [onTensor, onLayout] of cases) expect(show(evaluate(onTensor))).toBe(`${it} o ${show(evaluate(onLayout))}`);
    }
  });

  it("a tensor has no get, select, group or products; implicit iterators share no vector", () => {
    const t = tensors[0]!;
    for (const e of [`get<0>(${t})`, `select<0>(${t})`, `group<0,2>(${t})`, `logical_product(${t},_2:_1)`, `zipped_product(${t},_2:_1)`, `blocked_product(${t},_2:_1)`, `right_inverse(${t})`, `left_inverse(${t})`, `nullspace(${t})`]) {
      expect(() => evaluate(e)).toThrow(/no matching overload for a tensor/);
    }
    expect(show(evaluate(`max_common_vector(${t},${t})`))).toBe("_0");
    expect(show(evaluate(`max_common_layout(${t},${t})`))).toBe("_1:_0");
  });
});

describe("swizzles as functions", () => {
  it("a swizzle is its own inverse, and Sw(Sw(i)) = i", () => {
    for (const sw of ["Sw<3,4,3>", "Sw<2,0,-3>", "Sw<1,1,1>"]) {
      expect(show(evaluate(`right_inverse(${sw})`))).toBe(sw);
      expect(show(evaluate(`left_inverse(${sw})`))).toBe(sw);
      for (let i = 0; i < 1024; i += 37) expect(show(evaluate(`${sw}(${sw}(${i}))`))).toBe(String(i));
    }
  });
});

describe("pictures of composed layouts", () => {
  it("print --latex draws each cell (m,n) as the composed layout evaluates it", async () => {
    for (const c of ["Sw<1,0,1> o _0 o (_2,_4):(_4,_1)", "Sw<2,0,-2> o _16 o (_4,_8):(_8,_1)", "Sw<2,1,2> o _0 o _16:_1"]) {
      const r = await run(["print", c, "--latex"]);
      expect(r.exit).toBe(0);
      const nodes = [...r.stdout.matchAll(/\\node\[fill=[^\]]*\] at \((\d+),(\d+)\) \{(\d+)\};/g)];
      expect(nodes.length).toBe(Number(show(evaluate(`size(${c})`)).slice(1)));
      const layout = evaluate(c) as ComposedLayout;
      const rank1 = !Array.isArray(layout.b.shape); // drawn as append<2>(layout, _1:_0)
      for (const [, m, n, idx] of nodes) expect(show(C.evalAt(layout, rank1 ? D(Number(m)) : [D(Number(m)), D(Number(n))]) as Int)).toBe(idx);
    }
  });

  it("a layout over a shared-memory pointer flag is drawn position independent, its swizzle recast to the element bits", async () => {
    const r = await run(["print", "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)", "--latex"]);
    expect(r.stdout.split("\n")[0]).toBe(`% Layout: ${show(evaluate("recast_layout<uint8_t,uint16_t>(Sw<3,4,3>)"))} o _0 o (_8,_64):(_64,_1)`);
  });
});

describe("tensor utilities", () => {
  it("make_identity_tensor(s) is make_counting_tensor(make_identity_layout(s))", () => {
    for (const s of ["(_4,_8)", "(_4,(_2,_3))", "((2,3),_4,5)"]) {
      expect(show(evaluate(`make_counting_tensor(make_identity_layout(${s}))`))).toBe(show(evaluate(`make_identity_tensor(${s})`)));
    }
  });

  it("tensor<I...>(t) keeps the iterator and takes layout<I...>", () => {
    for (const t of ["make_tensor(counting_iter(5),(_4,(_2,_8)):(_8,(_1,_2)))", "make_tensor(counting_iter(0),Sw<3,0,3> o _0 o (_8,(_2,_4)):(_8,(_1,_2)))"]) {
      const it = show(evaluate(t)).split(" o ")[0]!;
      for (const path of ["1", "0", "1,0", "1,1"]) {
        expect(show(evaluate(`tensor<${path}>(${t})`))).toBe(`${it} o ${show(evaluate(`layout<${path}>(${t})`))}`);
      }
    }
  });
});

describe("upcast/downcast of composed layouts: offsets and smem_ptr flags (swizzle.hpp, pointer_flagged.hpp)", () => {
  const ev = (e: string) => show(evaluate(e));
  it("a layout over an smem_ptr flag keeps its swizzle (it acts on bytes) and scales the flag's bits", () => {
    expect(ev("upcast<4>(Sw<2,4,-3> o smem_ptr[16b](unset) o (_64,_8):(_8,_1))")).toBe("Sw<2,4,-3> o smem_ptr[64b](unset) o (_64,_2):(_2,_1)");
    expect(ev("downcast<2>(Sw<1,2,-3> o smem_ptr[16b](unset) o (_4,_8):(_1,_4))")).toBe("Sw<1,2,-3> o smem_ptr[8b](unset) o (_8,_8):(_1,_8)");
    // no power-of-two rule on this path; the bits divide as C++ integers do
    expect(ev("downcast<3>(Sw<1,2,-3> o smem_ptr[16b](unset) o (_4,_8):(_1,_4))")).toBe("Sw<1,2,-3> o smem_ptr[5b](unset) o (_12,_8):(_1,_12)");
  });
  it("a static offset upcasts by safe_div, which needs N to divide it", () => {
    expect(() => evaluate("upcast<2>(Sw<1,4,2> o _3 o (_2,_128):(128,_1))")).toThrow(/Static safe_div requires t % u == 0/);
    expect(ev("upcast<2>(Sw<3,4,3> o _32 o (_8,_64):(_64,_1))")).toBe("Sw<3,3,3> o _16 o (_8,_32):(_32,_1)");
  });
  it("mixed-bits offsets divide part by part (static bits, flags, run-time value)", () => {
    expect(ev("upcast<2>(composition(Sw<3,1,3>,(_8,_64):(_1,_8))(4,_))")).toBe("Sw<3,0,3> o M_0|(2&3)=2 o (_64):(_4)");
    expect(() => evaluate("upcast<4>(composition(Sw<3,1,3>,(_8,_64):(_1,_8))(4,_))")).toThrow(CuteError);
  });
  it("the zero offset an upcast leaves is C<0u>, not Int<0>: a swizzle left with no bits does not decay later", () => {
    expect(ev("flatten(upcast<2>(Sw<1,0,1> o _0 o (_8,_64):(_1,_8)))")).toBe("Sw<0,0,1> o _0 o (_4,_64):(_1,_4)");
    // written by hand, Int<0> with Sw<0,..> is CuTe's identity overload
    expect(ev("flatten(Sw<0,0,1> o _0 o (_4,_64):(_1,_4))")).toBe("(_4,_64):(_1,_4)");
  });
});

describe("print_layout of a layout over an smem_ptr flag draws it position independent", () => {
  it("the swizzle recast from bytes to the flag's element bits, at offset _0", async () => {
    const r = await run(["print", "Sw<2,1,-2> o smem_ptr[16b](unset) o (_32,_2):(_1,_32)"]);
    expect(r.exit).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("Sw<2,0,-2> o _0 o (_32,_2):(_1,_32)");
    expect(lines[5]).toBe(" 1  |  5 | 37 |");
  });
});

describe("as_position_independent_swizzle_layout (pointer_flagged.hpp)", () => {
  const ev = (s: string) => show(evaluate(s));
  it("recasts the swizzle from bytes to the flag's element width, at offset _0", () => {
    // 16-bit elements: the swizzle's base moves down one bit, as upcast<2> of the swizzle
    expect(ev("as_position_independent_swizzle_layout(Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1))")).toBe(
      `${ev("upcast<2>(Sw<3,4,3>)")} o _0 o (_8,_64):(_64,_1)`,
    );
    // 4-bit elements: down by downcast<2>
    expect(ev("as_position_independent_swizzle_layout(Sw<2,4,3> o smem_ptr[4b](unset) o (_8,_64):(_64,_1))")).toBe(
      `${ev("downcast<2>(Sw<2,4,3>)")} o _0 o (_8,_64):(_64,_1)`,
    );
  });
  it("is what print_layout draws for the flagged layout", async () => {
    const flagged = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)";
    const a = (await run(["print", flagged])).stdout.split("\n").slice(1).join("\n");
    const b = (await run(["print", `as_position_independent_swizzle_layout(${flagged})`])).stdout.split("\n").slice(1).join("\n");
    expect(a.length).toBeGreaterThan(100);
    expect(a).toBe(b);
  });
  it("has no overload for other layouts", () => {
    expect(() => evaluate("as_position_independent_swizzle_layout(Sw<3,4,3> o _0 o (_8,_64):(_64,_1))")).toThrow(CuteError);
    expect(() => evaluate("as_position_independent_swizzle_layout((_8,_64):(_64,_1))")).toThrow(/no matching overload/);
  });
  it("composition(Sw, smem_ptr[Nb](unset), L) builds the flagged layout the literal denotes", () => {
    expect(ev("composition(Sw<3,4,3>,smem_ptr[16b](unset),(_8,_64):(_64,_1))")).toBe("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
  });
});
