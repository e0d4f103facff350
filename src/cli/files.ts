/**
 * The files the CLI reads and writes (batch's input, check's transcripts), always ones the user
 * named on the command line: what kinds are accepted, how much is read, how bytes that are not
 * UTF-8 survive a rewrite, how a file is replaced (atomically, and only where that loses nothing),
 * and what an OS error says.
 */
import { accessSync, closeSync, constants, fchmodSync, fchownSync, fstatSync, fsyncSync, lstatSync, openSync, readSync, renameSync, statSync, unlinkSync, writeSync, type Stats } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { isUtf8 } from "node:buffer";
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

/** a file's bytes as read, and what it was when it was read (its identity, size, mode, owner) */
export interface FileSnapshot {
  bytes: Buffer;
  stat: Stats;
}

/**
 * The whole of a regular file of at most `limit` bytes. Anything else (a FIFO, a device, a
 * directory, a file too large) is refused with a message and nothing is read from it: a FIFO
 * is opened without blocking and never read, so it cannot hang the run.
 */
export function readRegularFileBytes(path: string, what: string, limit = FILE_LIMIT): FileSnapshot {
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
    return { bytes: readToEnd(fd, now.size, limit, path, what), stat: now };
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${what} cannot read ${quote(path)}: ${osReason(e)}`);
  } finally {
    closeSync(fd);
  }
}

/** the bytes of an open file, read to its end and never past `limit`: the file may be growing */
function readToEnd(fd: number, size: number, limit: number, path: string, what: string): Buffer {
  const buf = Buffer.allocUnsafe(Math.min(limit + 1, Math.max(size + 1, 65536)));
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
  return buf.subarray(0, n);
}

/** the whole text of a regular file of at most `limit` bytes (decoded as `decodeBytes` does) */
export function readRegularFile(path: string, what: string, limit = FILE_LIMIT): string {
  return decodeBytes(readRegularFileBytes(path, what, limit).bytes);
}

/**
 * How a program named `file` reads its `#include "name"`: from the including file's folder (nvcc's
 * rule), never outside the named file's folder tree; undefined when there is no such file.
 */
export function localIncludes(file: string, what: string): (from: string, name: string) => { file: string; text: string } | undefined {
  const named = dirname(resolve(file));
  return (from, name) => {
    const p = resolve(dirname(resolve(from)), name);
    if (!(p === named || p.startsWith(named + sep))) return undefined;
    try {
      statSync(p);
    } catch {
      return undefined;
    }
    return { file: relative(process.cwd(), p) || p, text: readRegularFile(p, what) };
  };
}

/**
 * A file's bytes as text that `encodeText` turns back into the very same bytes: UTF-8 is decoded,
 * and each byte that is not part of a valid UTF-8 sequence (a Latin-1 `©`, 0xA9) becomes the lone
 * surrogate U+DC80 + (byte - 0x80), as Python's "surrogateescape" does, never U+FFFD. A valid
 * UTF-8 file holds no such surrogate, so nothing else can be read back as a raw byte.
 */
export function decodeBytes(b: Buffer): string {
  if (isUtf8(b)) return b.toString("utf8");
  const parts: string[] = [];
  let start = 0, i = 0;
  const n = b.length;
  while (i < n) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    const len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    let ok = len > 0 && i + len <= n;
    if (ok) {
      // the second byte's range rules out overlong forms, surrogates and code points past U+10FFFF
      const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80, hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
      ok = b[i + 1]! >= lo && b[i + 1]! <= hi;
      for (let k = 2; ok && k < len; k++) ok = (b[i + k]! & 0xc0) === 0x80;
    }
    if (ok) {
      i += len;
      continue;
    }
    if (start < i) parts.push(b.toString("utf8", start, i));
    parts.push(String.fromCharCode(0xdc00 + c));
    start = ++i;
  }
  if (start < n) parts.push(b.toString("utf8", start, n));
  return parts.join("");
}

/** a lone surrogate U+DC80..U+DCFF: a byte `decodeBytes` could not decode */
const RAW_BYTE = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/g;

/** the bytes of a text `decodeBytes` made (with lines changed): UTF-8, and each raw byte as it was read */
export function encodeText(text: string): Buffer {
  RAW_BYTE.lastIndex = 0;
  if (!RAW_BYTE.test(text)) return Buffer.from(text, "utf8");
  const parts: Buffer[] = [];
  let start = 0;
  RAW_BYTE.lastIndex = 0;
  for (let m = RAW_BYTE.exec(text); m; m = RAW_BYTE.exec(text)) {
    if (start < m.index) parts.push(Buffer.from(text.slice(start, m.index), "utf8"));
    parts.push(Buffer.of(text.charCodeAt(m.index) - 0xdc00));
    start = m.index + 1;
  }
  if (start < text.length) parts.push(Buffer.from(text.slice(start), "utf8"));
  return Buffer.concat(parts);
}
// ----------------------------------------------------------------------------- replacing a file

/** the temporary files being written now: a signal that ends the process removes them */
const temporaries = new Set<string>();
const SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Replace the file at `path`, read as `was`, with `bytes`: atomically (a temporary file beside it,
 * flushed, renamed over it), and only where that loses nothing. Refused with the file untouched
 * (a UsageError saying why):
 * - it changed since it was read (another program, or another check --update, wrote it): its
 *   bytes, identity, mode and owner are compared again just before the rename, so an edit made
 *   while the cases ran is never overwritten (another cute-ts's replacement is kept out of the
 *   moment between that last comparison and the rename by a lock file beside it,
 *   `.NAME.cute-ts-update.lock`, removed after the rename; an editor writing in that moment is not);
 * - it is read-only (no write permission for anyone: refused even to root) or the user may not
 *   write it;
 * - it has other hard links: a rename gives this name a new file and would leave the other names
 *   with the old text, and writing in place is not atomic, so a careful tool asks the user;
 * - its owner or group cannot be kept (the temporary file gets the original's owner, group and
 *   mode before the rename);
 * - it is, or has become, a symbolic link.
 * SIGINT, SIGTERM and SIGHUP during a replacement leave no temporary file: the replacement is
 * synchronous, so a signal is handled after it (the handler removes any temporary still listed,
 * then ends the process by the same signal).
 */
export async function replaceFile(path: string, bytes: Buffer, was: FileSnapshot, what: string): Promise<void> {
  const handler = (sig: NodeJS.Signals) => {
    removeTemporaries();
    for (const s of SIGNALS) process.removeListener(s, handler);
    process.kill(process.pid, sig); // the signal's own action now: the process ends as it would have
  };
  for (const s of SIGNALS) process.on(s, handler);
  try {
    replaceFileSync(path, bytes, was, what);
  } finally {
    // a signal that came during the replacement is delivered on a later turn of the event loop
    // (its poll phase): let two turns pass before the handler goes, or the signal would be lost
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    for (const s of SIGNALS) process.removeListener(s, handler);
  }
}

/** remove the temporary files being written now (a signal is ending the process) */
export function removeTemporaries(): void {
  for (const t of temporaries) {
    try {
      unlinkSync(t);
    } catch {
      /* already gone */
    }
  }
  temporaries.clear();
}

function replaceFileSync(path: string, bytes: Buffer, was: FileSnapshot, what: string): void {
  const refuse = (why: string) => new UsageError(`${what}: ${quote(path)} ${why}; it is not updated`);
  let now: Stats;
  try {
    now = lstatSync(path);
  } catch (e) {
    throw refuse(`cannot be read again (${osReason(e)})`);
  }
  vetReplaceable(path, was.stat, now, refuse);
  const dir = dirname(path);
  const base = basename(path).slice(0, 100);
  let tmp = "";
  let lock = "";
  let fd: number | undefined;
  try {
    for (let k = 0; fd === undefined; k++) {
      tmp = join(dir, `.${base}.cute-ts-${process.pid}-${k}.tmp`);
      try {
        fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
        temporaries.add(tmp);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST" || k >= 100) throw e;
      }
    }
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off);
    const mine = fstatSync(fd);
    if (mine.uid !== was.stat.uid || mine.gid !== was.stat.gid) {
      try {
        fchownSync(fd, was.stat.uid, was.stat.gid);
      } catch (e) {
        throw refuse(`belongs to user ${was.stat.uid}, group ${was.stat.gid}, which cute-ts cannot give the updated file (${osReason(e)})`);
      }
    }
    fchmodSync(fd, was.stat.mode & 0o7777); // after the owner: a change of owner clears set-user-ID
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    // one replacement of a file at a time: another cute-ts between its last look and its rename
    // would otherwise rename over this one's (both would say they updated)
    lock = takeLock(join(dir, `.${base}.cute-ts-update.lock`), refuse);
    // the last look, as close to the rename as can be: the file still holds what was read
    const again = rereadUnchanged(path, was);
    if (again !== undefined) throw refuse(again);
    renameSync(tmp, path);
    temporaries.delete(tmp);
    tmp = "";
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
      temporaries.delete(tmp);
    }
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${what} cannot write ${quote(path)}: ${osReason(e)}; the file is unchanged`);
  } finally {
    if (lock) dropLock(lock);
  }
  try {
    // the rename itself made durable (best effort: not every file system lets a directory be flushed)
    const d = openSync(dir, constants.O_RDONLY);
    try {
      fsyncSync(d);
    } finally {
      closeSync(d);
    }
  } catch {
    /* the file is replaced either way */
  }
}

/**
 * Take the lock of a file's replacement: `lock` created exclusively, holding this process's id. A
 * lock whose process has ended (killed before it could remove it) is taken over; one held by a
 * running process refuses this replacement. Listed with the temporaries, so a signal removes it.
 */
function takeLock(lock: string, refuse: (why: string) => UsageError): string {
  for (let k = 0; ; k++) {
    try {
      const fd = openSync(lock, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
      temporaries.add(lock);
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      return lock;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST" || k >= 2) throw e;
    }
    const holder = lockHolder(lock);
    if (holder !== undefined && holder !== process.pid && alive(holder)) {
      throw refuse(`is being updated by another cute-ts (process ${holder}, which holds ${quote(lock)}): check it again when that one is done`);
    }
    try {
      unlinkSync(lock); // its process is gone: the lock is stale
    } catch {
      /* removed meanwhile */
    }
  }
}

/** the process id a lock file holds, if it can be read */
function lockHolder(lock: string): number | undefined {
  try {
    const fd = openSync(lock, constants.O_RDONLY);
    try {
      const b = Buffer.alloc(32);
      const n = readSync(fd, b, 0, b.length, 0);
      const pid = Number(b.subarray(0, n).toString("latin1"));
      return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function dropLock(lock: string): void {
  try {
    unlinkSync(lock);
  } catch {
    /* already gone */
  }
  temporaries.delete(lock);
}

/** refuse (throw) when the file at `path`, as `now` finds it, may not be replaced by what was read as `was` */
function vetReplaceable(path: string, was: Stats, now: Stats, refuse: (why: string) => UsageError): void {
  if (now.isSymbolicLink()) throw refuse("is a symbolic link; name the file it points to, which is the one rewritten");
  if (!now.isFile()) throw refuse(`is ${kindOf(now)} now`);
  if (now.dev !== was.dev || now.ino !== was.ino) throw refuse("was replaced by another file while check ran (another program, or another check --update, wrote it): check it again");
  if (now.nlink > 1) {
    throw refuse(`has ${now.nlink} hard links: replacing it would give this name a new file and leave the other ${now.nlink - 1} with the old text (copy it to a file of its own to update it)`);
  }
  if ((now.mode & 0o222) === 0) throw refuse(`is read-only (mode ${(now.mode & 0o7777).toString(8).padStart(4, "0")}); make it writable to update it`);
  try {
    accessSync(path, constants.W_OK);
  } catch (e) {
    throw refuse(`may not be written (${osReason(e)})`);
  }
}

/** undefined when the file at `path` still holds the bytes, identity, mode and owner `was` read; otherwise what changed */
function rereadUnchanged(path: string, was: FileSnapshot): string | undefined {
  const CHANGED = "changed while check ran (another program, or another check --update, wrote it): check it again";
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ELOOP" ? "became a symbolic link while check ran" : `cannot be read again (${osReason(e)})`;
  }
  try {
    const st = fstatSync(fd);
    const w = was.stat;
    if (!st.isFile() || st.dev !== w.dev || st.ino !== w.ino) return "was replaced by another file while check ran (another program, or another check --update, wrote it): check it again";
    if (st.nlink !== w.nlink || st.mode !== w.mode || st.uid !== w.uid || st.gid !== w.gid) return "had its links, mode or owner changed while check ran: check it again";
    if (st.size !== w.size) return CHANGED;
    const bytes = readToEnd(fd, st.size, w.size, path, "check");
    return bytes.equals(was.bytes) ? undefined : CHANGED;
  } catch (e) {
    return e instanceof UsageError ? CHANGED : `cannot be read again (${osReason(e)})`;
  } finally {
    closeSync(fd);
  }
}

/**
 * Lines of a file descriptor, read in chunks (memory stays bounded whatever the input's size).
 * A line longer than `limit` bytes is not held: it comes as { overlong: its length in bytes }.
 * Each line is decoded as `decodeBytes` decodes (a byte that is not UTF-8 a lone surrogate, never U+FFFD).
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
        if (len <= limit) yield decodeBytes(chunk.subarray(start, end)); // the usual case: a whole line inside the chunk
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
          else yield decodeBytes(Buffer.concat(parts, held));
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
  else if (held > 0) yield decodeBytes(Buffer.concat(parts, held));
}
