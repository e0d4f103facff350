/**
 * The CLI's output: synchronous writes to file descriptors 1 and 2. Touching process.stdout
 * builds a stream (and, for a pipe, the net machinery behind it), which costs more at start-up
 * than everything else a one-line answer needs; plain writes also keep stdout and stderr in
 * call order.
 */
import { writeSync } from "node:fs";

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * One buffer, reused for every write that fits it: a printer streaming hundreds of megabytes in
 * 64 KB chunks would otherwise leave a fresh buffer per chunk for the collector (outside the
 * JavaScript heap, so it comes late), and the process's memory would grow with the output.
 */
let scratch: Buffer | undefined;
const SCRATCH_BYTES = 1 << 18;

/** write all of `text` to `fd`; a reader that went away (EPIPE, e.g. `| head`) ends the process quietly */
export function writeAll(fd: number, text: string): void {
  if (text.length === 0) return;
  // at most 3 bytes per UTF-16 unit
  let bytes: Buffer, len: number;
  if (text.length * 3 <= SCRATCH_BYTES) {
    bytes = scratch ??= Buffer.allocUnsafe(SCRATCH_BYTES);
    len = bytes.write(text, 0, "utf8");
  } else {
    bytes = Buffer.from(text, "utf8");
    len = bytes.length;
  }
  writeBytes(fd, bytes, len);
}

/** write `len` bytes (all by default) to `fd`; EPIPE ends the process quietly, as for writeAll */
export function writeBytes(fd: number, bytes: Uint8Array, len = bytes.length): void {
  let off = 0;
  while (off < len) {
    try {
      off += writeSync(fd, bytes, off, len - off);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") {
        Atomics.wait(pause, 0, 0, 1); // a non-blocking pipe is full: let the reader catch up
        continue;
      }
      if (code === "EPIPE") process.exit(0);
      throw e;
    }
  }
}
