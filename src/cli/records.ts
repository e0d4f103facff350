/**
 * The output of one nested record (a batch line, a transcript case), collected with a ceiling:
 * past RECORD_OUTPUT_LIMIT characters the text is no longer kept, only counted, so one record's
 * answer cannot take the process's memory (or the other records' answers) with it.
 */
import type { Io } from "./spec.js";

/** the most characters of stdout and stderr together one record's answer may hold */
export const RECORD_OUTPUT_LIMIT = 64 * 1024 * 1024;

export interface RecordIo {
  io: Io;
  /** empty the buffers for the next record */
  reset(): void;
  /** the record's output, or with `over` the size it reached past the limit (its text dropped) */
  take(): { out: string; err: string; over?: number };
}

/** with `merged`, stderr goes into `out` in call order (a transcript's expected text holds both) */
export function recordIo(limit = RECORD_OUTPUT_LIMIT, merged = false, dialect?: string): RecordIo {
  let out = "", err = "", size = 0;
  const keep = (s: string): boolean => {
    size += s.length;
    if (size <= limit) return true;
    out = err = ""; // past the limit: nothing of this answer will be written, so none of it is kept
    return false;
  };
  const io: Io = {
    out: (s) => {
      if (keep(s)) out += s;
    },
    err: (s) => {
      if (keep(s)) {
        if (merged) out += s;
        else err += s;
      }
    },
    color: false,
    // a --dialect given to batch or check is every record's, unless the record gives its own
    ...(dialect === undefined ? {} : { dialect }),
  };
  return {
    io,
    reset() {
      out = err = "";
      size = 0;
    },
    take() {
      const r = size > limit ? { out: "", err: "", over: size } : { out, err };
      out = err = "";
      size = 0;
      return r;
    },
  };
}
