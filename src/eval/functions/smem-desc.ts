/**
 * GMMA::make_gmma_desc<Major>(tensor) and UMMA::make_umma_desc<Major>(tensor) in expressions
 * (mma_traits_sm90_gmma.hpp, mma_traits_sm100.hpp), as a kernel's host code calls them on an smem
 * tensor: the descriptor the builders of src/atoms/mma/smem-desc.ts make (the same `mma --desc-smem`
 * prints). print(GmmaDescriptor) is CuTe's; a UMMA::SmemDescriptor, which CuTe does not print,
 * prints its bit-fields in cute-ts's documented format (as `mma --desc-smem --arch sm100` does).
 */
import { CuteError, UsageError } from "../../core/errors.js";
import { Tensor } from "../../core/tensor.js";
import { type Node, spellType } from "../../notation/parse.js";
import type { CallNode } from "../../notation/read.js";
import { make_desc_of_tensor } from "../../atoms/mma/fragment.js";
import { type SmemDescriptor, formatSmemDescriptor } from "../../atoms/mma/smem-desc.js";
import { AtomValue, describe, type EvalValue } from "../ext-value.js";
import { nargs } from "./registry.js";

/** the calls this module answers */
export const SMEM_DESC_CALL = /^(?:cute::)?(GMMA|UMMA)::make_(gmma|umma)_desc$/;

/** a GmmaDescriptor / UMMA::SmemDescriptor as a value */
export class SmemDescValue extends AtomValue {
  readonly what: string;
  constructor(readonly desc: SmemDescriptor) {
    super();
    this.what = desc.arch === "sm90" ? "a GmmaDescriptor" : "a UMMA::SmemDescriptor";
  }
  print(): string {
    return formatSmemDescriptor(this.desc);
  }
  picture(): string {
    throw new UsageError("CuTe draws layouts and atoms, not descriptors");
  }
}

/** `GMMA::make_gmma_desc<GMMA::Major::K>(tensor)`, `UMMA::make_umma_desc<UMMA::Major::MN>(tensor)` */
export function smemDescCall(n: CallNode, args: EvalValue[], src: string): EvalValue {
  const m = SMEM_DESC_CALL.exec(n.name)!;
  const ns = m[1] as "GMMA" | "UMMA";
  const name = `${ns}::make_${m[2]}_desc`;
  if (m[2] !== ns.toLowerCase()) throw new CuteError(name, `no such function: ${ns}:: has make_${ns.toLowerCase()}_desc`);
  const types: Node[] = n.types ?? [];
  const spelled = types.map((t) => spellType(t, src).replace(/^cute::/, ""));
  const major = spelled.length === 1 ? new RegExp(`^(?:${ns}::)?Major::(K|MN)$`).exec(spelled[0]!)?.[1] : undefined;
  if (major === undefined) throw new CuteError(name, `takes one template argument, the operand's major-ness: ${name}<${ns}::Major::K>(tensor) or <${ns}::Major::MN>`, spelled);
  nargs(name, args, 1, 1);
  const t = args[0]!;
  if (!(t instanceof Tensor)) throw new CuteError(name, "no matching function: it takes the smem tensor of one MMA's operand block", [describe(t)]);
  return new SmemDescValue(make_desc_of_tensor(ns, major as "K" | "MN", t));
}
