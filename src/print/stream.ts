/**
 * Text written as it is made: a printer hands its text to a `Write` piece by piece, and a
 * `Chunks` gathers the pieces into chunks of about CHUNK characters, so that a table of a
 * hundred million cells goes out in constant memory (and a reader that stops early, `| head`,
 * stops the work). The string-returning printers collect the same chunks.
 *
 * ASCII text and numbers are gathered as bytes (a cell's number is written digit by digit, with
 * no string made for it), and each chunk becomes one string when it is handed on: the collector
 * then has almost nothing to do, and the young generation stays small.
 */

export type Write = (text: string) => void;
/** where text can go as bytes (the command line's stdout): written before the call returns, the bytes are reused after */
export type WriteBytes = (bytes: Uint8Array) => void;

/** characters gathered before a write: large enough that a write costs little, small enough to hold many of */
export const CHUNK = 1 << 16;

const SPACE = 32, MINUS = 45, ZERO = 48;
const decoder = new TextDecoder();

/** room kept past the gathered bytes, for one number or short piece */
const SLACK = 64;
/** a buffer a finished Chunks handed back (printers run one after another: one spare is enough) */
let spare: Uint8Array | undefined;

export class Chunks {
  /** grown as needed up to size (most prints are a few hundred bytes) */
  private bytes: Uint8Array;
  private pos = 0;
  /** text gathered before the bytes (what was not ASCII, or long) */
  private text = "";
  constructor(
    private readonly write: Write,
    /** with it, gathered bytes go out as they are: no string is made for them */
    private readonly writeBytes?: WriteBytes,
    private readonly size = CHUNK,
  ) {
    const reuse = spare !== undefined && spare.length <= size + SLACK ? spare : undefined;
    if (reuse) spare = undefined;
    this.bytes = reuse ?? new Uint8Array(Math.min(size, 1024) + SLACK);
  }
  /** flush, and hand the buffer back for the next printer: nothing may be put after */
  end(): void {
    this.flush();
    spare = this.bytes;
    this.bytes = new Uint8Array(0);
  }
  /** room for n more bytes: a larger buffer while under size, else the bytes go on */
  private room(n: number): void {
    if (this.pos + n <= this.bytes.length - SLACK) return;
    if (this.bytes.length - SLACK < this.size) {
      const b = new Uint8Array(Math.min(this.size, Math.max(4 * (this.bytes.length - SLACK), this.pos + n)) + SLACK);
      b.set(this.bytes.subarray(0, this.pos));
      this.bytes = b;
      if (this.pos + n <= this.bytes.length - SLACK) return;
    }
    this.spill();
  }
  put(s: string): void {
    const n = s.length;
    if (n > 64) return this.putText(s);
    this.room(n);
    const b = this.bytes;
    let p = this.pos;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 0x7f) return this.putText(s);
      b[p++] = c;
    }
    this.pos = p;
  }
  /** the integer v (|v| < 2^53), right-aligned in `width` characters as %*d */
  putInt(v: number, width = 0): void {
    this.room(24 + Math.min(width, 40));
    if (v > -2147483648 && v < 2147483648 && width <= 40) return this.putInt32(v, width);
    let a = v < 0 ? -v : v;
    let digits = 1;
    for (let t = a; t >= 10; t = Math.floor(t / 10)) digits++;
    const len = digits + (v < 0 ? 1 : 0);
    const b = this.bytes;
    let p = this.pos;
    if (width > 40) {
      this.pos = p;
      this.put(" ".repeat(Math.max(0, width - len)));
      this.room(24);
      p = this.pos;
    } else {
      for (let k = len; k < width; k++) b[p++] = SPACE;
    }
    if (v < 0) b[p++] = MINUS;
    let q = p + digits;
    p = q;
    do {
      const d = a % 10;
      b[--q] = ZERO + d;
      a = (a - d) / 10;
    } while (a > 0);
    this.pos = p;
  }
  /** putInt for |v| < 2^31 and width <= 40, the usual case, in 32-bit integer arithmetic (room already made) */
  private putInt32(v: number, width: number): void {
    let a = (v < 0 ? -v : v) | 0;
    const digits = a < 10 ? 1 : a < 100 ? 2 : a < 1000 ? 3 : a < 10000 ? 4 : a < 100000 ? 5 : a < 1000000 ? 6 : a < 10000000 ? 7 : a < 100000000 ? 8 : a < 1000000000 ? 9 : 10;
    const b = this.bytes;
    let p = this.pos;
    for (let k = digits + (v < 0 ? 1 : 0); k < width; k++) b[p++] = SPACE;
    if (v < 0) b[p++] = MINUS;
    let q = p + digits;
    p = q;
    do {
      const t = (a / 10) | 0;
      b[--q] = ZERO + a - t * 10;
      a = t;
    } while (a > 0);
    this.pos = p;
  }
  /** `s` n times, without building the whole run when it is long */
  repeat(s: string, n: number): void {
    if (n <= 0) return;
    if (s.length * n <= 64) {
      this.put(s.repeat(n));
      return;
    }
    const per = Math.max(1, Math.floor(this.size / Math.max(1, s.length)));
    const block = s.repeat(per);
    let left = n;
    for (; left >= per; left -= per) this.putText(block);
    if (left > 0) this.putText(s.repeat(left));
  }
  /** hand on everything gathered */
  flush(): void {
    this.spill();
    if (this.text.length > 0) {
      const t = this.text;
      this.text = "";
      this.write(t);
    }
  }
  /** the bytes gathered, as text */
  private spill(): void {
    if (this.pos > 0 && this.writeBytes !== undefined) {
      if (this.text.length > 0) {
        const t = this.text;
        this.text = "";
        this.write(t);
      }
      this.writeBytes(this.bytes.subarray(0, this.pos));
      this.pos = 0;
      return;
    }
    if (this.pos > 0) {
      this.text += decoder.decode(this.bytes.subarray(0, this.pos));
      this.pos = 0;
    }
    if (this.text.length >= this.size) {
      const t = this.text;
      this.text = "";
      this.write(t);
    }
  }
  private putText(s: string): void {
    this.spill();
    this.text += s;
    if (this.text.length >= this.size) {
      const t = this.text;
      this.text = "";
      this.write(t);
    }
  }
}

/** what `run` writes, as one string */
export function collect(run: (write: Write) => void): string {
  const parts: string[] = [];
  run((s) => parts.push(s));
  return parts.join("");
}
