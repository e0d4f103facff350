/**
 * The CLI's output: synchronous writes to file descriptors 1 and 2. Touching process.stdout
 * builds a stream (and, for a pipe, the net machinery behind it), which costs more at start-up
 * than everything else a one-line answer needs; plain writes also keep stdout and stderr in
 * call order.
 */
import { writeSync } from "node:fs";

const pause = new Int32Array(new SharedArrayBuffer(4));

/** write all of `text` to `fd`; a reader that went away (EPIPE, e.g. `| head`) ends the process quietly */
export function writeAll(fd: number, text: string): void {
  if (text.length === 0) return;
  const bytes = Buffer.from(text, "utf8");
  let off = 0;
  while (off < bytes.length) {
    try {
      off += writeSync(fd, bytes, off);
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
