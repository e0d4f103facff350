/**
 * The files the CLI reads and writes (batch's input, check's transcripts), always ones the user
 * named on the command line: what kinds are accepted, how much is read, how a file is replaced
 * (atomically), and what an OS error says.
 */
import { closeSync, constants, fchmodSync, fstatSync, fsyncSync, openSync, readSync, renameSync, statSync, unlinkSync, writeSync, type Stats } from "node:fs";
import { basename, dirname, join } from "node:path";
import { UsageError, quote } from "../core/errors.js";

/** the largest file check reads as a transcript, and the largest line batch reads as a record */
export const FILE_LIMIT = 64 * 1024 * 1024;

const REASONS: Record<string, string> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "it is a directory",
  ENOTDIR: "a part of the path is not a directory",
  ELOOP: "too many levels of symbolic links (a symlink loop?)",
  ENAMETOOLONG: "file name too long",
  EFBIG: "file too large (a file size limit, such as ulimit -f)",
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  EROFS: "read-only file system",
  EMFILE: "too many open files",
  EIO: "input/output error",
  ETXTBSY: "text file busy",
  EXDEV: "not on the same file system",
};

/** an OS error as a message says it: the reason in words and its code, no stack, no syscall */
export function osReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === "string" && Object.hasOwn(REASONS, code)) return `${REASONS[code]} (${code})`;
  const msg = e instanceof Error ? e.message : String(e);
  return typeof code === "string" ? `${msg.replace(/^[A-Z]+: /, "").replace(/, \w+ '.*'$/s, "")} (${code})` : msg;
}

/** what kind of file this is, in words */
export function kindOf(st: Stats): string {
  if (st.isFile()) return "a regular file";
  if (st.isDirectory()) return "a directory";
  if (st.isFIFO()) return "a FIFO (named pipe)";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isSocket()) return "a socket";
  if (st.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}

/**
 * The whole text of a regular file of at most `limit` bytes. Anything else (a FIFO, a device, a
 * directory, a file too large) is refused with a message and nothing is read from it: a FIFO
 * is opened without blocking and never read, so it cannot hang the run.
 */
export function readRegularFile(path: string, what: string, limit = FILE_LIMIT): string {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    throw new UsageError(`${what} cannot read ${quote(path)}: ${osReason(e)}`);
  }
  if (!st.isFile()) throw new UsageError(`${what} reads regular files only; ${quote(path)} is ${kindOf(st)}`);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new UsageError(`${what} cannot read ${quote(path)}: ${osReason(e)}`);
  }
  try {
    const now = fstatSync(fd); // what was opened, not what the path named a moment before
    if (!now.isFile()) throw new UsageError(`${what} reads regular files only; ${quote(path)} is ${kindOf(now)}`);
    if (now.size > limit) throw new UsageError(`${what}: ${quote(path)} is ${now.size} bytes, more than the ${limit} (${limit / 1048576} MiB) cute-ts reads`);
    // read to the end, never past the limit: the file may be growing
    const buf = Buffer.allocUnsafe(Math.min(limit + 1, Math.max(now.size + 1, 65536)));
    let n = 0;
    for (;;) {
      if (n === buf.length) {
        if (n > limit) throw new UsageError(`${what}: ${quote(path)} is more than the ${limit} (${limit / 1048576} MiB) bytes cute-ts reads`);
        throw new UsageError(`${what}: ${quote(path)} grew while it was read`);
      }
      const k = readSync(fd, buf, n, buf.length - n, null);
      if (k === 0) break;
      n += k;
    }
    return buf.toString("utf8", 0, n);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${what} cannot read ${quote(path)}: ${osReason(e)}`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Replace the file at `path` with `text` atomically: write a temporary file in the same
 * directory (with the original's permissions), flush it to disk, and rename it over the
 * original. On any failure the temporary file is removed, the original is untouched, and a
 * UsageError gives the OS's reason.
 */
export function writeFileAtomic(path: string, text: string, what: string): void {
  let mode = 0o644;
  try {
    mode = statSync(path).mode & 0o7777;
  } catch {
    /* a new file: the default mode */
  }
  const dir = dirname(path);
  const base = basename(path).slice(0, 100);
  let tmp = "";
  let fd: number | undefined;
  try {
    for (let k = 0; fd === undefined; k++) {
      tmp = join(dir, `.${base}.cute-ts-${process.pid}-${k}.tmp`);
      try {
        fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST" || k >= 100) throw e;
      }
    }
    const bytes = Buffer.from(text, "utf8");
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off);
    fchmodSync(fd, mode);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (e) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        /* already failing */
      }
    }
    if (tmp) {
      try {
        unlinkSync(tmp);
      } catch {
        /* never created */
      }
    }
    throw new UsageError(`${what} cannot write ${quote(path)}: ${osReason(e)}; the file is unchanged`);
  }
}

/**
 * Lines of a file descriptor, read in chunks (memory stays bounded whatever the input's size).
 * A line longer than `limit` bytes is not held: it comes as { overlong: its length in bytes }.
 */
export function* readLines(fd: number, limit = FILE_LIMIT): Generator<string | { overlong: number }> {
  const chunk = Buffer.allocUnsafe(1 << 20);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let parts: Buffer[] = [];
  let held = 0;
  let overlong = -1; // bytes of a line past the limit, or -1
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") {
        Atomics.wait(pause, 0, 0, 1); // a non-blocking pipe with nothing yet: wait for the writer
        continue;
      }
      if (code === "EOF") n = 0;
      else throw e;
    }
    if (n === 0) break;
    let start = 0;
    while (start < n) {
      let nl = chunk.indexOf(10, start);
      if (nl >= n) nl = -1; // a newline left from an earlier, longer read
      const end = nl < 0 ? n : nl;
      const len = end - start;
      if (nl >= 0 && held === 0 && overlong < 0) {
        if (len <= limit) yield chunk.toString("utf8", start, end); // the usual case: a whole line inside the chunk
        else yield { overlong: len };
      } else {
        if (overlong >= 0) overlong += len;
        else if (held + len > limit) {
          overlong = held + len;
          parts = [];
          held = 0;
        } else if (len > 0) {
          parts.push(Buffer.from(chunk.subarray(start, end))); // a copy: the chunk is read into again
          held += len;
        }
        if (nl >= 0) {
          if (overlong >= 0) yield { overlong };
          else yield Buffer.concat(parts, held).toString("utf8");
          parts = [];
          held = 0;
          overlong = -1;
        }
      }
      if (nl < 0) break;
      start = nl + 1;
    }
  }
  if (overlong >= 0) yield { overlong };
  else if (held > 0) yield Buffer.concat(parts, held).toString("utf8");
}
