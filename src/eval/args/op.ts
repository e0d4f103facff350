/**
 * The OP argument of `cute-ts mma` and `cute-ts copy` as pasted from C++: the operation name
 * alone (`SM80_16x8x16_F32F16F16F32_TN`), its value (`SM80_16x8x16_F32F16F16F32_TN{}`), or the
 * atom type around it (`MMA_Atom<OP>{}`, `Copy_Atom<OP, T>{}`, which also names the value type),
 * with `cute::` prefixes, white space and a trailing `;`.
 */
import { UsageError } from "../../core/errors.js";

/** drop a trailing `;`, `{}` / `()` (the value of the type) and a leading cute:: */
function bare(text: string): string {
  return text
    .trim()
    .replace(/;\s*$/, "")
    .replace(/\s*(?:\{\s*\}|\(\s*\))\s*$/, "")
    .replace(/^(?:::)?cute::/, "")
    .trim();
}

/** `Wrapper<inner>` -> the template arguments split at top-level commas, or undefined */
function templateArgs(text: string, wrapper: string): string[] | undefined {
  const m = new RegExp(`^${wrapper}\\s*<([\\s\\S]*)>$`).exec(text);
  if (!m) return undefined;
  const out: string[] = [];
  let depth = 0, start = 0;
  const inner = m[1]!;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === "<") depth++;
    else if (c === ">") depth--;
    else if (c === "," && depth === 0) {
      out.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(inner.slice(start).trim());
  return out;
}

/** the MMA operation named by `OP`, `OP{}` or `MMA_Atom<OP>{}` */
export function mmaOpText(text: string): string {
  const t = bare(text);
  const args = templateArgs(t, "MMA_Atom");
  // the operation keeps its qualifiers, cute:: included: the catalog accepts only the namespaces
  // CuTe declares it in (cute::cute::OP or cute::SPARSE::OP name nothing)
  if (args === undefined) return text.trim().replace(/;\s*$/, "").replace(/\s*(?:\{\s*\}|\(\s*\))\s*$/, "").trim();
  if (args.length !== 1) throw new UsageError(`MMA_Atom<OP> takes one template argument, the MMA operation: ${text.trim()}`);
  return args[0]!;
}

/** the copy operation named by `OP`, `OP{}` or `Copy_Atom<OP, T>{}`, and the value type the last names */
export function copyOpText(text: string): { op: string; value?: string } {
  const t = bare(text);
  const args = templateArgs(t, "Copy_Atom");
  if (args === undefined) return { op: t };
  if (args.length !== 2) throw new UsageError(`Copy_Atom<OP, T> takes two template arguments, the copy operation and the value type: ${text.trim()}`);
  return { op: args[0]!.replace(/^(?:::)?cute::/, ""), value: args[1]! };
}
