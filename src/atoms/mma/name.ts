/**
 * An op name as pasted from C++: `cute::SM90::GMMA::SPARSE::GMMA_64x8x32_F16F16F16_SS<GMMA::Major::K, GMMA::Major::K>`
 * -> namespaces, identifier, template arguments (null when there is no `<...>`).
 */
import { ParseError } from "../../core/errors.js";

export interface OpName {
  /** namespace qualifiers before the identifier, without a leading `cute` */
  namespaces: string[];
  ident: string;
  /** template arguments as written (trimmed), or null without `<>` */
  args: string[] | null;
}

export function parseOpName(input: string): OpName {
  const text = input.trim();
  const lt = text.indexOf("<");
  const head = (lt < 0 ? text : text.slice(0, lt)).replace(/\s+/g, "");
  let args: string[] | null = null;
  if (lt >= 0) {
    if (!text.endsWith(">")) throw new ParseError(input, input.length, "expected '>' closing the template arguments");
    args = splitArgs(input, text.slice(lt + 1, -1), lt + 1);
  }
  if (!/^(::)?([A-Za-z_][A-Za-z0-9_]*::)*[A-Za-z_][A-Za-z0-9_]*$/.test(head)) {
    throw new ParseError(input, 0, "expected an MMA operation name, e.g. SM80_16x8x16_F32F16F16F32_TN");
  }
  const parts = head.replace(/^::/, "").split("::");
  const ident = parts.pop()!;
  if (parts[0] === "cute") parts.shift();
  return { namespaces: parts, ident, args };
}

/** split on top-level commas (template arguments may nest: `complex<half_t>`) */
function splitArgs(input: string, inner: string, offset: number): string[] {
  if (inner.trim() === "") return [];
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === "<") depth++;
    else if (ch === ">") {
      depth--;
      if (depth < 0) throw new ParseError(input, offset + i, "unbalanced '>' in template arguments");
    } else if (ch === "," && depth === 0) {
      out.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (depth !== 0) throw new ParseError(input, offset + inner.length, "unbalanced '<' in template arguments");
  out.push(inner.slice(start).trim());
  if (out.some((a) => a === "")) throw new ParseError(input, offset, "empty template argument");
  return out;
}

/** enum arguments: `GMMA::Major::K`, `cute::UMMA::Major::MN`, `Major::K` -> {scope: "Major", value: "K"} */
export function parseEnumArg(text: string): { scope: string; value: string } | null {
  const parts = text.replace(/\s+/g, "").replace(/^::/, "").split("::");
  if (parts.length < 2) return null;
  return { scope: parts[parts.length - 2]!, value: parts[parts.length - 1]! };
}
