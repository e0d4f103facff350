/**
 * printf's floating conversions %f %e %g as C formats them: the exact binary value rounded to
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
 * C's printf of a floating value for the conversion f, e or g (F, E, G in capitals), precision p
 * (printf's default 6 when the format gives none), and the flags '+', ' ', '#'; width and '0'/'-'
 * padding are the caller's
 */
export function formatFloat(conv: string, v: number, p: number, flags: string): string {
  const upper = conv === "F" || conv === "E" || conv === "G";
  const c = conv.toLowerCase();
  const neg = v < 0 || Object.is(v, -0);
  const sign = neg ? "-" : flags.includes("+") ? "+" : flags.includes(" ") ? " " : "";
  const a = Math.abs(v);
  let body: string;
  if (Number.isNaN(v)) body = "nan";
  else if (!Number.isFinite(v)) body = "inf";
  else if (c === "f") body = fixed(a, p, flags.includes("#"));
  else if (c === "e") body = expo(a, p, flags.includes("#"));
  else {
    // %g: %e's exponent at precision P decides between %f and %e; trailing zeros go unless '#'
    const P = p === 0 ? 1 : p;
    const x = a === 0 ? 0 : exponential(a, P - 1)[1];
    body = P > x && x >= -4 ? fixed(a, P - 1 - x, flags.includes("#")) : expo(a, P - 1, flags.includes("#"));
    if (!flags.includes("#")) {
      const e = body.indexOf("e");
      const mant = e < 0 ? body : body.slice(0, e), tail = e < 0 ? "" : body.slice(e);
      body = (mant.includes(".") ? mant.replace(/0+$/, "").replace(/\.$/, "") : mant) + tail;
    }
  }
  return sign + (upper ? body.toUpperCase() : body);
}

function fixed(a: number, p: number, point: boolean): string {
  const s = scaledRound(a, p).toString().padStart(p + 1, "0");
  const whole = s.slice(0, s.length - p), frac = s.slice(s.length - p);
  return p > 0 ? `${whole}.${frac}` : point ? `${whole}.` : whole;
}

function expo(a: number, p: number, point: boolean): string {
  const [d, x] = exponential(a, p);
  return (p > 0 ? `${d[0]}.${d.slice(1)}` : point ? `${d[0]}.` : d[0]!) + "e" + expText(x);
}
