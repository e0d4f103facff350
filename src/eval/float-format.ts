/**
 * printf's floating conversions %f %e %g %a as C formats them: the exact binary value rounded to
 * the precision (a tie to even, as glibc does), at least two exponent digits, %g's choice
 * between the two and its dropped trailing zeros. Pure functions of numbers (src/eval/float.ts
 * holds the values they format).
 */
/** v = mant * 2^exp exactly (v finite, >= 0) */
function decompose(v: number): [bigint, number] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  const hi = view.getUint32(0), lo = view.getUint32(4);
  const e = (hi >>> 20) & 0x7ff;
  const frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  return e === 0 ? [frac, -1074] : [frac | (1n << 52n), e - 1075];
}

/** round(v * 10^p) for v >= 0, exactly, a tie to even (as glibc's printf rounds the exact binary value) */
function scaledRound(v: number, p: number): bigint {
  const [mant, exp] = decompose(v);
  let num = mant, den = 1n;
  if (exp >= 0) num <<= BigInt(exp);
  else den <<= BigInt(-exp);
  if (p >= 0) num *= 10n ** BigInt(p);
  else den *= 10n ** BigInt(-p);
  const q = num / den, r2 = (num % den) * 2n;
  return r2 > den || (r2 === den && q % 2n === 1n) ? q + 1n : q;
}

/** %e's digits of v >= 0 with p decimals: the digits (p + 1 of them) and the decimal exponent */
function exponential(v: number, p: number): [string, number] {
  if (v === 0) return ["0".repeat(p + 1), 0];
  let x = Math.floor(Math.log10(v));
  for (let tries = 0; tries < 3; tries++) {
    const q = scaledRound(v, p - x);
    const s = q.toString();
    if (s.length === p + 2) x++;
    else if (s.length < p + 1) x--;
    else return [s, x];
  }
  const s = scaledRound(v, p - x).toString();
  return [s.slice(0, p + 1), x];
}

const expText = (x: number) => (x < 0 ? "-" : "+") + String(Math.abs(x)).padStart(2, "0");

/**
 * C's printf of a floating value for the conversion f, e, g or a (F, E, G, A in capitals), precision p
 * (printf's default 6 when the format gives none; for a, -1: the exact digits), and the flags '+', ' ', '#'; width and '0'/'-'
 * padding are the caller's
 */
export function formatFloat(conv: string, v: number, p: number, flags: string): string {
  const upper = conv === "F" || conv === "E" || conv === "G" || conv === "A";
  const c = conv.toLowerCase();
  const neg = v < 0 || Object.is(v, -0);
  const sign = neg ? "-" : flags.includes("+") ? "+" : flags.includes(" ") ? " " : "";
  const a = Math.abs(v);
  let body: string;
  if (Number.isNaN(v)) body = "nan";
  else if (!Number.isFinite(v)) body = "inf";
  else if (c === "a") body = hexFloat(a, p, flags.includes("#"));
  else if (c === "f") body = fixed(a, p, flags.includes("#"));
  else if (c === "e") body = expo(a, p, flags.includes("#"));
  else {
    // %g: %e's exponent at precision P decides between %f and %e; trailing zeros go unless '#'
    // past EXACT_DIGITS the digits are exact: trailing zeros, which go unless '#'
    const P = p === 0 ? 1 : Math.min(p, EXACT_DIGITS);
    const x = a === 0 ? 0 : exponential(a, P - 1)[1];
    body = P > x && x >= -4 ? fixed(a, P - 1 - x, flags.includes("#")) : expo(a, P - 1, flags.includes("#"));
    if (!flags.includes("#")) {
      const e = body.indexOf("e");
      const mant = e < 0 ? body : body.slice(0, e), tail = e < 0 ? "" : body.slice(e);
      body = (mant.includes(".") ? mant.replace(/0+$/, "").replace(/\.$/, "") : mant) + tail;
    } else if (p > EXACT_DIGITS) {
      const e = body.indexOf("e");
      body = e < 0 ? body + zerosPast(p) : body.slice(0, e) + zerosPast(p) + body.slice(e);
    }
  }
  return sign + (upper ? body.toUpperCase() : body);
}

function fixed(a: number, p: number, point: boolean): string {
  if (p > EXACT_DIGITS) return fixed(a, EXACT_DIGITS, point) + zerosPast(p);
  const s = scaledRound(a, p).toString().padStart(p + 1, "0");
  const whole = s.slice(0, s.length - p), frac = s.slice(s.length - p);
  return p > 0 ? `${whole}.${frac}` : point ? `${whole}.` : whole;
}

function expo(a: number, p: number, point: boolean): string {
  if (p > EXACT_DIGITS) {
    const s = expo(a, EXACT_DIGITS, point), e = s.indexOf("e");
    return s.slice(0, e) + zerosPast(p) + s.slice(e);
  }
  const [d, x] = exponential(a, p);
  return (p > 0 ? `${d[0]}.${d.slice(1)}` : point ? `${d[0]}.` : d[0]!) + "e" + expText(x);
}

/** exact digits beyond which %f and %e only add zeros: a double's exact decimal expansion has fewer (at most 1074 after the point, 767 significant) */
const EXACT_DIGITS = 1100;

/** p zeros past EXACT_DIGITS: what a precision larger than any double needs adds to the digits computed at EXACT_DIGITS */
const zerosPast = (p: number): string => (p > EXACT_DIGITS ? "0".repeat(p - EXACT_DIGITS) : "");

/**
 * C's %a of a finite v >= 0 (glibc's spelling): 0x1.hhhp+E for a normal value, 0x0.hhhp-1022 for a
 * subnormal one, the hexadecimal digits of the mantissa without trailing zeros when p < 0 (no
 * precision given), else rounded to p digits, a tie to even (the leading digit may become 2, as
 * glibc's does); '#' keeps the point of a precision of 0
 */
export function hexFloat(a: number, p: number, point: boolean): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, a);
  const hi = view.getUint32(0), lo = view.getUint32(4);
  const e = (hi >>> 20) & 0x7ff;
  let frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo); // 52 bits: 13 hexadecimal digits
  let lead = e === 0 ? 0n : 1n;
  const exp = a === 0 ? 0 : e === 0 ? -1022 : e - 1023;
  let digits: string;
  if (p < 0) digits = frac.toString(16).padStart(13, "0").replace(/0+$/, "");
  else if (p >= 13) digits = frac.toString(16).padStart(13, "0") + "0".repeat(p - 13);
  else {
    const drop = BigInt(4 * (13 - p));
    const whole = (lead << 52n) | frac;
    let q = whole >> drop;
    const r = whole & ((1n << drop) - 1n), half = 1n << (drop - 1n);
    if (r > half || (r === half && (q & 1n) === 1n)) q++;
    lead = q >> BigInt(4 * p);
    frac = q & ((1n << BigInt(4 * p)) - 1n);
    digits = p === 0 ? "" : frac.toString(16).padStart(p, "0");
  }
  return `0x${lead}${digits !== "" || point ? "." : ""}${digits}p${exp < 0 ? "-" : "+"}${Math.abs(exp)}`;
}
