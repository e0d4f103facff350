/**
 * C's printf, as glibc prints, for the conversions a kernel's host code writes: the flags
 * `- + space # 0 '`, a width and a precision (each a number or `*`, an int argument), the length
 * modifiers hh h l ll z j t (L with a floating conversion), and d i u o x X c s p f F e E g G a A %%.
 *
 * An argument is what the block evaluated: an integer (cute-ts knows its value, not its C type:
 * it is read as the type the conversion names, as C reads an argument of that type, the length
 * modifier's truncation and the unsigned conversions' wrap included), a float or double (promoted
 * to double, as C's varargs do), a string literal, or a pointer (%p). What C leaves undefined (an
 * int for %f, a string for %d, fewer arguments than conversions, an integer wider than the
 * conversion reads) is refused as a usage error; extra arguments are ignored, as C ignores them.
 *
 * The text is bounded before it is built: a width or a precision that alone passes `room` (what
 * the block may still print) is refused without formatting anything.
 */
import { Int } from "../core/integer.js";
import { PtrIter } from "../core/tensor.js";
import { Unsupported, UsageError } from "../core/errors.js";
import { FloatValue } from "./ext-value.js";
import { formatFloat } from "./float-format.js";

/** what a printf argument can be: a string literal's text, or an evaluated value */
export type PrintfArg = string | unknown;

/** one conversion specification, as read from the format */
interface Spec {
  flags: string;
  /** the width, or undefined; "*" reads it from the arguments */
  width: number | "*" | undefined;
  precision: number | "*" | undefined;
  length: string;
  conv: string;
}

const SPEC = /^%([-+ #0']*)(\*|\d+)?(?:\.(\*|\d*))?(hh|h|ll|l|L|z|j|t)?([diouxXcspfFeEgGaAnmCS%])?/;

/** the bits an integer conversion reads, by length modifier */
const LENGTH_BITS: Readonly<Record<string, number>> = { hh: 8, h: 16, "": 32, l: 64, ll: 64, z: 64, j: 64, t: 64 };

/** the characters of printf's output that are bytes of UTF-8 (a string's width and precision count bytes) */
function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/** printf("%s", s): the characters before the first NUL */
export function cString(s: string): string {
  const z = s.indexOf("\0");
  return z < 0 ? s : s.slice(0, z);
}

/**
 * the text printf(fmt, args...) writes; `fn` names the call (printf, or CuTe's print with a
 * format), `describe` says what an argument is, `tooLong(n)` refuses a text of n characters or
 * more than `room`
 */
export function cPrintf(fmt: string, args: readonly PrintfArg[], fn: string, room: number, describe: (a: unknown) => string, tooLong: () => never): string {
  const f = cString(fmt);
  let out = "";
  let k = 0;
  const what = (a: unknown): string => (typeof a === "string" ? `the string ${JSON.stringify(a)}` : describe(a));
  const next = (spec: string): unknown => {
    if (k >= args.length) throw new UsageError(`${fn}: the format's ${spec} has no argument (${args.length} given): C reads one that is not there (undefined behaviour)`);
    return args[k++];
  };
  /** an int argument (a `*` width or precision, %c): its value, refused unless an int holds it */
  const intArg = (spec: string, role: string): number => {
    const a = next(spec);
    if (!(a instanceof Int)) throw new UsageError(`${fn}: ${role} of ${spec} is an int; the argument is ${what(a)}`);
    if (a.v < -(2 ** 31) || a.v >= 2 ** 31) throw new UsageError(`${fn}: ${role} of ${spec} is an int; the argument ${a.v} does not fit in one`);
    return a.v;
  };
  for (let i = 0; i < f.length; ) {
    const pct = f.indexOf("%", i);
    if (pct < 0) {
      out += f.slice(i);
      break;
    }
    out += f.slice(i, pct);
    const m = SPEC.exec(f.slice(pct, pct + 64));
    if (/^%\d+\$/.test(f.slice(pct, pct + 12))) throw new Unsupported("printf's numbered arguments (%1$d)", ` (in ${JSON.stringify(f.slice(pct, pct + 12))})`);
    if (!m || m[5] === undefined) throw new UsageError(`${fn}: '${f.slice(pct, pct + 6)}' is not a conversion C's printf knows (it formats %d %i %u %o %x %X %c %s %p %f %e %g %a and %%)`);
    i = pct + m[0].length;
    const spec: Spec = { flags: m[1]!, width: m[2] === "*" ? "*" : m[2] === undefined ? undefined : Number(m[2]), precision: m[3] === "*" ? "*" : m[3] === undefined ? undefined : Number(m[3]), length: m[4] ?? "", conv: m[5] };
    const shown = m[0];
    if (spec.conv === "%") {
      // glibc writes one '%' whatever the flags and width
      out += "%";
      continue;
    }
    if ("nmCS".includes(spec.conv)) throw new Unsupported(`printf's ${shown}`, spec.conv === "n" ? " (it writes to memory)" : "");
    let flags = spec.flags;
    let width = 0;
    if (spec.width === "*") {
      const w = intArg(shown, "the width");
      if (w < 0) flags += "-";
      width = Math.abs(w);
    } else if (spec.width !== undefined) width = spec.width;
    let precision: number | undefined;
    if (spec.precision === "*") {
      const p = intArg(shown, "the precision");
      precision = p < 0 ? undefined : p;
    } else precision = spec.precision;
    // nothing is formatted that would pass the bound: the width is the least the conversion writes, and the precision too where digits fill it
    const left = room - out.length;
    const grows = !"sc p".includes(spec.conv) && !("gG".includes(spec.conv) && !flags.includes("#"));
    if (width > left || (grows && precision !== undefined && precision > left)) tooLong();
    const text = convert({ ...spec, flags, precision: precision ?? undefined }, shown, precision, next, fn, what);
    out += pad(text, width, flags, spec.conv);
    if (out.length > room) tooLong();
  }
  return out;
}

/** a conversion's text before its width: `head` (sign and prefix), `body`; `zeros`: whether the '0' flag pads between them */
interface Converted {
  head: string;
  body: string;
  zeros: boolean;
}

function convert(spec: Spec, shown: string, precision: number | undefined, next: (s: string) => unknown, fn: string, what: (a: unknown) => string): Converted {
  const { conv, length, flags } = spec;
  const modifierRefused = (kind: string): never => {
    throw new UsageError(`${fn}: ${shown}: the length modifier '${length}' does not go with %${conv} (${kind}): C leaves it undefined`);
  };
  if (conv === "s") {
    if (length !== "") modifierRefused(length === "l" ? "%ls reads a wide string, which cute-ts does not hold" : "a string");
    const a = next(shown);
    if (typeof a !== "string") throw new UsageError(`${fn}: ${shown} prints a string; the argument is ${what(a)} (write it as a string literal)`);
    const s = cString(a);
    if (precision === undefined || utf8Length(s) <= precision) return { head: "", body: s, zeros: false };
    // the precision counts bytes: the longest prefix of whole characters within it
    let bytes = 0, end = 0;
    for (const ch of s) {
      const n = utf8Length(ch);
      if (bytes + n > precision) break;
      bytes += n;
      end += ch.length;
    }
    if (bytes < precision) throw new Unsupported(`${shown} cutting a character of several bytes`, ` (in ${JSON.stringify(s)}: C would print part of its bytes)`);
    return { head: "", body: s.slice(0, end), zeros: false };
  }
  if (conv === "c") {
    if (length !== "") modifierRefused(length === "l" ? "%lc prints a wide character, which cute-ts does not hold" : "a character");
    const a = next(shown);
    if (!(a instanceof Int)) throw new UsageError(`${fn}: ${shown} prints a character (an int); the argument is ${what(a)}`);
    if (a.v < -(2 ** 31) || a.v >= 2 ** 32) throw new UsageError(`${fn}: ${shown} reads an int; the argument ${a.v} needs a wider type (undefined behaviour in C)`);
    const byte = ((a.v % 256) + 256) % 256;
    // C writes the byte itself; a byte past 0x7F is no character of the UTF-8 text cute-ts prints
    if (byte > 0x7f) throw new Unsupported(`${shown} of the byte 0x${byte.toString(16).toUpperCase()}`, " (C writes a single byte that is not UTF-8 text)");
    return { head: "", body: String.fromCharCode(byte), zeros: false };
  }
  if (conv === "p") {
    if (length !== "") modifierRefused("a pointer");
    const a = next(shown);
    if (!(a instanceof PtrIter)) throw new UsageError(`${fn}: ${shown} prints a pointer; the argument is ${what(a)}`);
    // a sub-byte iterator (a pointer and a bit index) is no pointer to print
    if (a.sub >= 0) throw new UsageError(`${fn}: ${shown} prints a pointer; the argument is a sub-byte iterator (${what(a)}), which C passes as a struct: print raw_pointer_cast of it`);
    // glibc: (nil) for the null pointer, else %#lx with the '+' and ' ' flags' sign
    if (a.addr === 0) return { head: "", body: "(nil)", zeros: false };
    return { head: (flags.includes("+") ? "+" : flags.includes(" ") ? " " : "") + "0x", body: a.addr.toString(16), zeros: false };
  }
  if ("fFeEgGaA".includes(conv)) {
    if (length !== "" && length !== "l" && !(length === "L" && !"aA".includes(conv))) {
      if (length === "L") throw new Unsupported(`${shown}: a long double's hexadecimal digits`, " (cute-ts holds a long double as a double)");
      modifierRefused("a floating-point value");
    }
    const a = next(shown);
    if (!(a instanceof FloatValue)) throw new UsageError(`${fn}: ${shown} prints a floating-point value (a float or a double); the argument is ${what(a)} (C reads a double that is not there: write it as 3.0 or double(x))`);
    const text = formatFloat(conv, a.v, precision ?? ("aA".includes(conv) ? -1 : 6), flags);
    const signed = /^[-+ ]/.test(text) ? 1 : 0;
    // no zeros inside inf and nan: glibc pads them with spaces
    const prefix = "aA".includes(conv) && Number.isFinite(a.v) ? signed + 2 : signed;
    return { head: text.slice(0, prefix), body: text.slice(prefix), zeros: Number.isFinite(a.v) };
  }
  // an integer conversion: d i u o x X
  if (length === "L") modifierRefused("an integer");
  const a = next(shown);
  if (!(a instanceof Int)) throw new UsageError(`${fn}: ${shown} prints an integer; the argument is ${what(a)}${a instanceof FloatValue ? " (C reads an int that is not there: write int(x))" : ""}`);
  const bits = LENGTH_BITS[length]!;
  if (bits <= 32 && (a.v < -(2 ** 31) || a.v >= 2 ** 32)) {
    throw new UsageError(`${fn}: ${shown} reads an int (32 bits); the argument ${a.v} needs a 64-bit type, which C leaves undefined here: write %${"l"}${conv}, %ll${conv} or %z${conv}`);
  }
  const big = BigInt(a.v);
  const signedConv = conv === "d" || conv === "i";
  const v = signedConv ? BigInt.asIntN(bits, big) : BigInt.asUintN(bits, big);
  const neg = v < 0n;
  const mag = neg ? -v : v;
  let digits = mag.toString(conv === "o" ? 8 : conv === "x" || conv === "X" ? 16 : 10);
  if (conv === "X") digits = digits.toUpperCase();
  if (precision !== undefined) digits = mag === 0n && precision === 0 ? "" : digits.padStart(precision, "0");
  let prefix = "";
  if (signedConv) prefix = neg ? "-" : flags.includes("+") ? "+" : flags.includes(" ") ? " " : "";
  else if (conv === "o" && flags.includes("#") && !digits.startsWith("0")) digits = "0" + digits;
  else if ((conv === "x" || conv === "X") && flags.includes("#") && mag !== 0n) prefix = conv === "x" ? "0x" : "0X";
  // '0' pads integers only without a precision
  return { head: prefix, body: digits, zeros: precision === undefined };
}

/** the conversion's text padded to the width: spaces on the left, on the right with '-', or the '0' flag's zeros after the sign and prefix where they apply */
function pad(c: Converted, width: number, flags: string, conv: string): string {
  const text = c.head + c.body;
  const shown = conv === "s" ? utf8Length(text) : text.length;
  if (shown >= width) return text;
  const fill = width - shown;
  if (flags.includes("-")) return text + " ".repeat(fill);
  return c.zeros && flags.includes("0") ? c.head + "0".repeat(fill) + c.body : " ".repeat(fill) + text;
}
