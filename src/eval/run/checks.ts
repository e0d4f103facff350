/**
 * What CuTe's data-movement and math algorithms check at compile time (cute/algorithm/gemm.hpp,
 * copy.hpp, cooperative_copy.hpp), checked as they check it when a kernel calls them on the host,
 * where no data moves: gemm's dispatch by the operands' ranks and memory spaces and its mode
 * agreements, copy with a Copy_Atom / TiledCopy's rank and rest-mode agreement, cooperative_copy's
 * static shapes and equal sizes. axpby, clear, fill and the plain copy(src, dst) assert nothing
 * there (they loop over size(dst) or size(x)), so nothing is checked for them.
 */
import { type Int } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { Layout } from "../../core/layout.js";
import { ComposedLayout } from "../../core/swizzle.js";
import { PtrIter, Tensor } from "../../core/tensor.js";
import { show } from "../../print/print.js";
import type { EvalValue } from "../ext-value.js";

/** a failed static assertion of a CuTe header: the header, the assertion as written there, its message, the operands */
export interface StaticFailure {
  header: string;
  cond: string;
  message: string | null;
  /** the operands as they print, made only for a failure's report */
  operands: () => string[];
}

function shapeOf(t: Tensor): T.IntTuple {
  let l: Layout | ComposedLayout = t.layout;
  while (l instanceof ComposedLayout) l = l.b as Layout | ComposedLayout;
  return l.shape;
}
const rankOf = (t: Tensor): number => T.rank(shapeOf(t) as T.Tup<unknown>);
const sizeOf = (t: Tensor, i?: number): Int => T.size(i === undefined ? shapeOf(t) : T.get(shapeOf(t), i, `size<${i}>`));
const space = (t: Tensor): "gmem" | "smem" | "rmem" => (t.iter instanceof PtrIter ? (t.iter.tags.includes("gmem") ? "gmem" : t.iter.tags.includes("smem") ? "smem" : "rmem") : "rmem");
const described = (names: string[], ts: Tensor[]) => (): string[] => ts.map((t, i) => `${names[i]}: ${show(t)}`);

/** CUTE_STATIC_ASSERT_V(a == b) on static sizes: false when both are static and differ; dynamic sizes are not a compile-time question here */
const differ = (a: Int, b: Int): boolean => a.s && b.s && a.v !== b.v;

/**
 * gemm(mma?, D?, A, B, C?): gemm(A, B, C) and gemm(mma, A, B, C) accumulate into C (D = C); the
 * thread-level dispatch by ranks and memory spaces, then its static assertions
 */
export function gemmCheck(args: EvalValue[]): StaticFailure | undefined {
  const ts = args.filter((a): a is Tensor => a instanceof Tensor);
  const hasMma = !(args[0] instanceof Tensor);
  const [D, A, B, C] = ts.length === 3 ? [ts[2]!, ts[0]!, ts[1]!, ts[2]!] : ts.length === 4 ? ts : [];
  if (D === undefined || A === undefined || B === undefined || C === undefined || ts.length + (hasMma ? 1 : 0) !== args.length) return undefined;
  const header = "cute/algorithm/gemm.hpp";
  const r = [D, A, B, C].map(rankOf);
  const sp = [D, A, B, C].map(space);
  const rmem = sp.every((s) => s === "rmem");
  const smemAB = sp[0] === "rmem" && sp[1] === "smem" && sp[2] === "smem" && sp[3] === "rmem";
  const operands = described(["D", "A", "B", "C"], [D, A, B, C]);
  const key = r.join("");
  const dispatch = key === "1111" && rmem ? 1 : key === "2112" && rmem ? 2 : key === "2222" && (rmem || smemAB) ? 3 : key === "3223" && rmem ? 4 : key === "3333" && (rmem || smemAB) ? 5 : 0;
  if (dispatch === 0) {
    return { header, cond: `gemm(mma, D, A, B, C) with D, A, B, C of ranks ${r.join(", ")} in ${sp.join(", ")}`, message: "no matching function: the thread-level gemm takes (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N) or (V,M,K)x(V,N,K)=>(V,M,N), in registers (A and B of the last two may be in shared memory)", operands };
  }
  const checks: [string, Int, Int][] = [];
  const sameCD = (n: number): void => {
    for (let i = 0; i < n; i++) checks.push([`size<${i}>(C) == size<${i}>(D)`, sizeOf(C, i), sizeOf(D, i)]);
  };
  if (dispatch === 2 || dispatch === 3) {
    checks.push(["size<0>(A) == size<0>(C)", sizeOf(A, 0), sizeOf(C, 0)], ["size<0>(B) == size<1>(C)", sizeOf(B, 0), sizeOf(C, 1)]);
    if (dispatch === 3) checks.push(["size<1>(A) == size<1>(B)", sizeOf(A, 1), sizeOf(B, 1)]);
    sameCD(2);
  } else if (dispatch === 4 || dispatch === 5) {
    checks.push(["size<1>(A) == size<1>(C)", sizeOf(A, 1), sizeOf(C, 1)], ["size<1>(B) == size<2>(C)", sizeOf(B, 1), sizeOf(C, 2)]);
    if (dispatch === 5) checks.push(["size<2>(A) == size<2>(B)", sizeOf(A, 2), sizeOf(B, 2)]);
    sameCD(3);
  }
  for (const [cond, a, b] of checks) if (differ(a, b)) return { header, cond: `CUTE_STATIC_ASSERT_V(${cond})`, message: `${show(a)} != ${show(b)}`, operands };
  return undefined;
}

/** copy(copy_atom, src, dst) with a Copy_Atom or TiledCopy (a TMA one included): equal ranks, then (static shapes) the rest modes' sizes */
export function copyAtomCheck(args: EvalValue[]): StaticFailure | undefined {
  const [atom, src, dst] = args;
  if (args.length !== 3 || atom instanceof Tensor || !(src instanceof Tensor) || !(dst instanceof Tensor)) return undefined;
  const header = "cute/algorithm/copy.hpp";
  const operands = described(["src", "dst"], [src, dst]);
  const rs = rankOf(src), rd = rankOf(dst);
  if (rs !== rd) return { header, cond: "static_assert(SrcLayout::rank == DstLayout::rank)", message: `CopyAtom rank-mismatch. (${rs} != ${rd})`, operands };
  if (rs === 1) return undefined;
  const rest = (t: Tensor): T.IntTuple => (shapeOf(t) as T.IntTuple[]).slice(1) as T.IntTuple;
  const [a, b] = [rest(src), rest(dst)];
  if (!T.isStaticTuple(shapeOf(src) as T.Tup<unknown>) || !T.isStaticTuple(shapeOf(dst) as T.Tup<unknown>)) return undefined;
  const [na, nb] = [T.size(a), T.size(b)];
  if (na.v !== nb.v) return { header, cond: "CUTE_STATIC_ASSERT_V(size<1>(src_v) == size<1>(dst_v))", message: `the modes after the first hold ${na.v} and ${nb.v} elements (src_v, dst_v = group_modes<1,R>(src), (dst))`, operands };
  return undefined;
}

/** cooperative_copy<NumThreads[, MaxVecBits]>(tid, src, dst): static shapes and equal sizes */
export function cooperativeCopyCheck(args: EvalValue[]): StaticFailure | undefined {
  const [, src, dst] = args;
  if (!(src instanceof Tensor) || !(dst instanceof Tensor)) return undefined;
  const header = "cute/algorithm/cooperative_copy.hpp";
  const operands = described(["src", "dst"], [src, dst]);
  if (!T.isStaticTuple(shapeOf(src) as T.Tup<unknown>) || !T.isStaticTuple(shapeOf(dst) as T.Tup<unknown>)) return { header, cond: "CUTE_STATIC_ASSERT_V(is_static<decltype(shape(src))>{} && is_static<decltype(shape(dst))>{})", message: null, operands };
  const [a, b] = [sizeOf(src), sizeOf(dst)];
  if (a.v !== b.v) return { header, cond: "CUTE_STATIC_ASSERT_V(size(src) == size(dst))", message: `${show(a)} != ${show(b)}`, operands };
  return undefined;
}
