/**
 * An op name as pasted from C++: `cute::SM90::GMMA::SPARSE::GMMA_64x8x32_F16F16F16_SS<GMMA::Major::K, GMMA::Major::K>`
 * -> namespaces, identifier, template arguments (null when there is no `<...>`).
 */
import { ParseError } from "../../core/errors.js";

export interface OpName {
  /** namespace qualifiers before the identifier, without a leading `cute` */
  namespaces: string[];
  /** written from the top: `cute::...` or `::cute::...` (the qualifiers are then the whole path) */
  fromCute: boolean;
  ident: string;
  /** template arguments as written (trimmed), or null without `<>` */
  args: string[] | null;
}

export function parseOpName(input: string): OpName {
  const text = input.trim();
  const lt = text.indexOf("<");
  // C++ allows spaces around `::`, not inside a name
  const head = (lt < 0 ? text : text.slice(0, lt)).replace(/\s*::\s*/g, "::").trim();
  let args: string[] | null = null;
  if (lt >= 0) {
    if (!text.endsWith(">")) throw new ParseError(input, input.length, "expected '>' closing the template arguments");
    args = splitArgs(input, text.slice(lt + 1, -1), lt + 1);
  }
  if (!/^(::)?([A-Za-z_][A-Za-z0-9_]*::)*[A-Za-z_][A-Za-z0-9_]*$/.test(head)) {
    throw new ParseError(input, 0, "expected an MMA operation name, e.g. SM80_16x8x16_F32F16F16F32_TN");
  }
  const rooted = head.startsWith("::");
  const parts = head.replace(/^::/, "").split("::");
  const ident = parts.pop()!;
  const fromCute = parts[0] === "cute";
  if (fromCute) parts.shift();
  else if (rooted) parts.unshift(""); // `::SM90::...`: the global namespace holds no op, no qualifier list matches it
  return { namespaces: parts, fromCute, ident, args };
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

/** enum arguments: `GMMA::Major::K`, `cute::UMMA::Major::MN`, `Major::K` -> {namespaces: ["GMMA"], scope: "Major", value: "K"} */
export function parseEnumArg(text: string): { namespaces: string[]; fromCute: boolean; scope: string; value: string } | null {
  const t = text.replace(/\s*::\s*/g, "::").trim();
  if (!/^(::)?([A-Za-z_][A-Za-z0-9_]*::)+[A-Za-z_][A-Za-z0-9_]*$/.test(t)) return null;
  const rooted = t.startsWith("::");
  const parts = t.replace(/^::/, "").split("::");
  if (parts.length < 2) return null;
  const value = parts.pop()!, scope = parts.pop()!;
  const fromCute = parts[0] === "cute";
  if (fromCute) parts.shift();
  else if (rooted) parts.unshift("");
  return { namespaces: parts, fromCute, scope, value };
}

/**
 * May a name declared in namespace `cute::<declared>` be written with these qualifiers? From
 * `cute::` the whole path; otherwise any tail of it (as from code inside an enclosing namespace),
 * the empty one included. `GMMA` stands for `SM90::GMMA` (CuTe's alias).
 */
export function namespaceAccepted(written: string[], fromCute: boolean, declared: string): boolean {
  const full = declared === "" ? [] : declared.split("::");
  const paths = [full];
  if (full[0] === "SM90" && full[1] === "GMMA") paths.push(full.slice(1));
  return paths.some((p) => {
    if (fromCute) return p.length === written.length && p.every((x, i) => x === written[i]);
    if (written.length > p.length) return false;
    const off = p.length - written.length;
    return written.every((x, i) => x === p[off + i]);
  });
}
