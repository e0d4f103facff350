/**
 * The C preprocessor as nvcc runs it for the host, before the lexer: `#include` (CuTe, CUTLASS,
 * thrust, CUDA and standard headers are known and not read; `#include "local.hpp"` is read from
 * the including file's folder through the caller's `readLocal`), `#if` / `#ifdef` / `#ifndef` /
 * `#elif` / `#else` / `#endif` with `defined(...)`, `#define` (object-like and function-like
 * macros) / `#undef`, `#pragma` (skipped), `#error`. `__CUDA_ARCH__` is not defined (the host
 * pass); CUTLASS's `*_SUPPORTED` macros are defined as its config.h defines them under nvcc 13.
 *
 * The output keeps one line for each line read: a directive or a line of a group that is not
 * taken becomes an empty line, so a position in the output is a line of some file
 * (`Preprocessed.origin`). Macros expand within a line.
 */
import { ParseError } from "../../core/errors.js";
import { blockCommentEnd, isDigitCode, isDigitSeparator, isIdCode, isIdStartCode, isRawString, lineCommentEnd, numberEnd, quotedEnd, rawStringEnd } from "./scan.js";

export interface PreprocessOptions {
  /** the name of the file the user named (for messages) */
  file: string;
  /** -D NAME[=VALUE] from the command line */
  defines?: ReadonlyArray<readonly [string, string]>;
  /** reads `name` relative to the folder of `from`: its text and its name for messages, or undefined if there is none */
  readLocal?: (from: string, name: string) => { file: string; text: string } | undefined;
}

export interface Preprocessed {
  text: string;
  /** for each output line (0-based), the file and the 1-based line it comes from */
  origin: { file: string; line: number }[];
}

/** headers cute-ts knows without reading them (quoted or bracketed) */
const KNOWN_HEADER = /^(?:cute|cutlass|thrust|cub|cuda|cuda_runtime|cuda_runtime_api|cuda_fp16|cuda_bf16|cuda_fp8|mma|nvrtc|cooperative_groups)(?:[/.]|$)|^[a-z_0-9]+(?:\.h)?$/;
/** how deep local includes may nest, and how much text they may bring in all */
export const MAX_INCLUDE_DEPTH = 16;
export const MAX_INCLUDED_BYTES = 4 << 20;
/** how many macro expansions one line may take (a bound on time) */
const MAX_EXPANSIONS = 10_000;

const ALTERNATIVE = new Map([
  ["not", "!  "],
  ["and", "&& "],
  ["or", "||"],
  ["not_eq", "!=    "],
]);

interface Macro {
  params: string[] | null;
  body: string;
}

/** macros CuTe's and CUDA's headers define that a host read needs: qualifiers and loop pragmas expand to nothing */
const EMPTY = [
  "CUTE_HOST_DEVICE", "CUTE_DEVICE", "CUTE_HOST", "CUTE_HOST_RTC", "CUTE_UNROLL", "CUTE_NO_UNROLL", "CUTE_INLINE_CONSTANT", "CUTE_STL_NAMESPACE_IS_CUDA_STD",
  "CUTLASS_HOST_DEVICE", "CUTLASS_DEVICE", "CUTLASS_HOST", "CUTLASS_GLOBAL", "CUTLASS_PRAGMA_UNROLL", "CUTLASS_PRAGMA_NO_UNROLL",
  "__global__", "__device__", "__host__", "__forceinline__", "__noinline__", "__restrict__", "__grid_constant__", "__align__",
];

function predefined(): Map<string, Macro> {
  const m = new Map<string, Macro>();
  const def = (name: string, body = "1", params: string[] | null = null) => m.set(name, { params, body });
  for (const e of EMPTY) def(e, "");
  def("__launch_bounds__", "", ["..."]);
  def("__cluster_dims__", "", ["..."]);
  def("__CUDACC__");
  def("__NVCC__");
  def("__CUDACC_VER_MAJOR__", "13");
  def("__CUDACC_VER_MINOR__", "0");
  def("__cplusplus", "201703L");
  def("CUTLASS_ARCH_MMA_SM90_SUPPORTED");
  def("CUTLASS_ARCH_MMA_SPARSE_SM90_SUPPORTED", "");
  def("CUTLASS_ARCH_MMA_MODIFIABLE_TMA_SM90_SUPPORTED");
  for (const sm of ["100", "101", "103", "110", "120", "121"]) def(`CUTLASS_ARCH_MMA_SM${sm}_SUPPORTED`);
  def("CUTE_ARCH_TMA_SM90_ENABLED_HOST", "");
  return m;
}

/** the text with its comments replaced by spaces (newlines kept), string and character literals untouched (./scan.ts says where each ends) */
function stripComments(text: string): string {
  let out = "";
  let i = 0;
  const n = text.length;
  let from = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 39 && isDigitSeparator(text, i)) {
      i++;
      continue;
    }
    const raw = c === 34 && isRawString(text, i) ? rawStringEnd(text, i) : -1;
    if (raw >= 0 || c === 34 || c === 39) {
      i = raw >= 0 ? raw : quotedEnd(text, i);
      continue;
    }
    if (c === 47 && (text.charCodeAt(i + 1) === 47 || text.charCodeAt(i + 1) === 42)) {
      const end = text.charCodeAt(i + 1) === 47 ? lineCommentEnd(text, i) : blockCommentEnd(text, i);
      const j = end < 0 ? n : end;
      out += text.slice(from, i) + text.slice(i, j).replace(/[^\n]/g, " ");
      i = from = j;
      continue;
    }
    i++;
  }
  return out + text.slice(from);
}

class Preprocessor {
  readonly macros = predefined();
  readonly out: string[] = [];
  readonly origin: { file: string; line: number }[] = [];
  private included = 0;
  constructor(private readonly opts: PreprocessOptions) {
    for (const [k, v] of opts.defines ?? []) this.macros.set(k, { params: null, body: v });
  }

  run(file: string, text: string, depth: number): void {
    const lines = stripComments(text).split("\n");
    /** each open #if: whether its group is taken, whether one of its groups was, whether #else came */
    const stack: { on: boolean; done: boolean; sawElse: boolean; line: number }[] = [];
    const active = () => stack.every((s) => s.on);
    for (let i = 0; i < lines.length; i++) {
      let line = lines[i]!;
      const first = i;
      // a backslash at a line's end joins the next line (the output keeps one empty line for it)
      while (line.endsWith("\\") && i + 1 < lines.length) {
        line = line.slice(0, -1) + " " + lines[++i]!;
      }
      const emit = (s: string) => {
        this.out.push(s);
        this.origin.push({ file, line: first + 1 });
        for (let k = first + 1; k <= i; k++) {
          this.out.push("");
          this.origin.push({ file, line: k + 1 });
        }
      };
      const d = /^\s*#\s*(\w*)\s*(.*)$/.exec(line);
      if (d === null) {
        emit(active() ? this.expand(line, file, first + 1) : "");
        continue;
      }
      const word = d[1]!, rest = d[2]!;
      const where = (msg: string): never => {
        throw new ParseError(line, Math.max(0, line.indexOf(word)), `${file}:${first + 1}: ${msg}`);
      };
      switch (word) {
        case "if":
        case "ifdef":
        case "ifndef": {
          const on = active() && (word === "if" ? this.condition(rest, where) : this.macros.has(rest.trim().split(/\s/)[0]!) === (word === "ifdef"));
          stack.push({ on, done: on, sawElse: false, line: first + 1 });
          emit("");
          continue;
        }
        case "elif":
        case "else": {
          const top = stack[stack.length - 1];
          if (top === undefined) where(`#${word} without #if`);
          if (top!.sawElse) where(`#${word} after #else`);
          const outer = stack.slice(0, -1).every((s) => s.on);
          const on = outer && !top!.done && (word === "else" || this.condition(rest, where));
          top!.on = on;
          top!.done ||= on;
          if (word === "else") top!.sawElse = true;
          emit("");
          continue;
        }
        case "endif":
          if (stack.pop() === undefined) where("#endif without #if");
          emit("");
          continue;
      }
      if (!active()) {
        emit("");
        continue;
      }
      switch (word) {
        case "define":
          this.define(rest, where);
          break;
        case "undef":
          this.macros.delete(rest.trim());
          break;
        case "include": {
          emit("");
          this.include(rest, file, depth, where);
          continue;
        }
        case "error":
          where(`#error ${rest.trim()}`);
          break;
        case "pragma":
        case "":
        case "line":
        case "warning":
          break;
        default:
          where(`unknown preprocessor directive #${word}`);
      }
      emit("");
    }
    if (stack.length > 0) throw new ParseError(text.split("\n")[stack[stack.length - 1]!.line - 1] ?? "", 0, `${file}:${stack[stack.length - 1]!.line}: unterminated #if (no #endif)`);
  }

  private include(rest: string, file: string, depth: number, where: (m: string) => never): void {
    const m = /^(?:<([^>]+)>|"([^"]+)")/.exec(rest.trim());
    if (m === null) where("expected #include <header> or #include \"file\"");
    const name = (m![1] ?? m![2])!;
    if (m![1] !== undefined || KNOWN_HEADER.test(name)) return;
    if (depth >= MAX_INCLUDE_DEPTH) where(`#include nested deeper than ${MAX_INCLUDE_DEPTH} files`);
    const got = this.opts.readLocal?.(file, name);
    if (got === undefined) where(`cannot read the included file "${name}" (cute-ts reads a local include from the including file's folder)`);
    this.included += got!.text.length;
    if (this.included > MAX_INCLUDED_BYTES) where(`the included files hold more than ${MAX_INCLUDED_BYTES} characters: cute-ts stops there`);
    this.run(got!.file, got!.text, depth + 1);
  }

  private define(rest: string, where: (m: string) => never): void {
    const m = /^([A-Za-z_]\w*)(\(([^)]*)\))?\s*(.*)$/.exec(rest);
    if (m === null) where("expected a macro name after #define");
    const params = m![2] === undefined ? null : m![3]!.split(",").map((p) => p.trim()).filter((p) => p !== "");
    this.macros.set(m![1]!, { params, body: m![4]!.trim() });
  }

  /** the value of an #if expression */
  private condition(text: string, where: (m: string) => never): boolean {
    // defined X and defined(X) first, so the names are not expanded
    const replaced = text.replace(/\bdefined\s*(?:\(\s*([A-Za-z_]\w*)\s*\)|([A-Za-z_]\w*))/g, (_, a, b) => (this.macros.has(a ?? b) ? " 1 " : " 0 "));
    const expanded = this.expand(replaced, "", 0).replace(/\b[A-Za-z_]\w*\b/g, (w) => (w === "true" ? "1" : "0"));
    const toks = expanded.match(/0x[0-9a-fA-F]+|\d+|&&|\|\||<<|>>|<=|>=|==|!=|[-+*/%()<>!~&|^?:]/g) ?? [];
    let k = 0;
    const peek = () => toks[k];
    const bin: [string[], (a: number, b: number, o: string) => number][] = [
      [["||"], (a, b) => +(a !== 0 || b !== 0)],
      [["&&"], (a, b) => +(a !== 0 && b !== 0)],
      [["|"], (a, b) => a | b],
      [["^"], (a, b) => a ^ b],
      [["&"], (a, b) => a & b],
      [["==", "!="], (a, b, o) => +(o === "==" ? a === b : a !== b)],
      [["<", "<=", ">", ">="], (a, b, o) => +(o === "<" ? a < b : o === "<=" ? a <= b : o === ">" ? a > b : a >= b)],
      [["<<", ">>"], (a, b, o) => (o === "<<" ? a * 2 ** b : Math.floor(a / 2 ** b))],
      [["+", "-"], (a, b, o) => (o === "+" ? a + b : a - b)],
      [["*", "/", "%"], (a, b, o) => (b === 0 && o !== "*" ? where("division by zero in #if") : o === "*" ? a * b : o === "/" ? Math.trunc(a / b) : a % b)],
    ];
    const unary = (): number => {
      const t = toks[k++];
      if (t === undefined) where("expected a value in #if");
      if (t === "(") {
        const v = ternary();
        if (toks[k++] !== ")") where("expected ')' in #if");
        return v;
      }
      if (t === "!") return +(unary() === 0);
      if (t === "-") return -unary();
      if (t === "+") return unary();
      if (t === "~") return ~unary();
      if (/^\d|^0x/.test(t!)) return Number(t);
      return where(`unexpected '${t}' in #if`);
    };
    const level = (i: number): number => {
      if (i === bin.length) return unary();
      let a = level(i + 1);
      while (peek() !== undefined && bin[i]![0].includes(peek()!)) {
        const o = toks[k++]!;
        a = bin[i]![1](a, level(i + 1), o);
      }
      return a;
    };
    const ternary = (): number => {
      const c = level(0);
      if (peek() !== "?") return c;
      k++;
      const a = ternary();
      if (toks[k++] !== ":") where("expected ':' in #if");
      const b = ternary();
      return c !== 0 ? a : b;
    };
    const v = ternary();
    if (k !== toks.length) where(`unexpected '${toks[k]}' in #if`);
    return v !== 0;
  }

  /** a line with its macros expanded (not inside string or character literals) */
  expand(line: string, file: string, lineNo: number): string {
    if (!/[A-Za-z_]/.test(line)) return line;
    let count = 0;
    const step = (text: string, hide: ReadonlySet<string>): string => {
      let out = "";
      let i = 0;
      while (i < text.length) {
        const code = text.charCodeAt(i);
        if ((code === 34 || code === 39) && !(code === 39 && isDigitSeparator(text, i))) {
          const end = quotedEnd(text, i);
          out += text.slice(i, end);
          i = end;
          continue;
        }
        if (!isIdStartCode(code)) {
          // a number's letters (1e5, 0x1f, 2.5f) are not names
          const end = isDigitCode(code) ? numberEnd(text, i) : i + 1;
          out += text.slice(i, end);
          i = end;
          continue;
        }
        let end = i + 1;
        while (isIdCode(text.charCodeAt(end))) end++;
        const name = text.slice(i, end);
        // C++'s alternative tokens, spelled in as many characters (columns stay where they were)
        // this->member in a member function is the member itself (run reads a member function's data members by name)
        if (name === "this" && text.startsWith("->", i + 4)) {
          out += "      ";
          i += 6;
          continue;
        }
        const alt = ALTERNATIVE.get(name);
        if (alt !== undefined) {
          out += alt;
          i += name.length;
          continue;
        }
        const m = this.macros.get(name);
        if (m === undefined || hide.has(name)) {
          out += name;
          i += name.length;
          continue;
        }
        if (++count > MAX_EXPANSIONS) throw new ParseError(line, 0, `${file}:${lineNo}: more than ${MAX_EXPANSIONS} macro expansions in one line`);
        const inner = new Set(hide).add(name);
        if (m.params === null) {
          out += step(m.body, inner);
          i += name.length;
          continue;
        }
        // a function-like macro: only when '(' follows
        let j = i + name.length;
        while (text[j] === " " || text[j] === "\t") j++;
        if (text[j] !== "(") {
          out += name;
          i += name.length;
          continue;
        }
        const args: string[] = [];
        let depth = 0, cur = "";
        for (j++; j < text.length; j++) {
          const ch = text[j]!;
          if (ch === "(" ) depth++;
          if (ch === ")" && depth-- === 0) break;
          if (ch === "," && depth === 0) {
            args.push(cur);
            cur = "";
          } else cur += ch;
        }
        if (j >= text.length) throw new ParseError(line, i, `${file}:${lineNo}: the arguments of macro ${name} are not closed on this line`);
        args.push(cur);
        let body = m.body;
        if (m.params.length === 1 && m.params[0] === "...") body = body.replace(/\b__VA_ARGS__\b/g, args.join(","));
        else {
          const vals = new Map(m.params.map((p, k) => [p, step(args[k]?.trim() ?? "", hide)]));
          body = body.replace(/#\s*([A-Za-z_]\w*)|\b[A-Za-z_]\w*\b/g, (t, str) => (str !== undefined ? (vals.has(str) ? JSON.stringify(vals.get(str)) : t) : vals.get(t) ?? t));
        }
        out += step(body, inner);
        i = j + 1;
      }
      return out;
    };
    return step(line, new Set());
  }
}

/** `text` (the file `opts.file`) after the preprocessor */
export function preprocess(text: string, opts: PreprocessOptions): Preprocessed {
  const p = new Preprocessor(opts);
  p.run(opts.file, text, 0);
  return { text: p.out.join("\n"), origin: p.origin };
}
