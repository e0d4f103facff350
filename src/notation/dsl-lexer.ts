/**
 * The CuTe DSL's spelling, part 1 of 3 (./dsl.ts is the entry and holds the translation): the
 * slots (the dynamic integers of an input), the names of the DSL's own operations as the
 * evaluator's calls, the syntax tree `D`, and the lexer.
 */
import { ParseError, input, quote, words } from "../core/errors.js";
import type { BasisNode, IntNode, Node } from "./parse.js";

// ------------------------------------------------------------------------------ the slots

/** a dynamic integer of the input */
export interface DslSlot {
  /** the integer (or basis) node whose value the evaluator sets */
  node: IntNode | BasisNode;
  /** the value the input gave it (`cutlass.Int32(8)`: 8); undefined for `?` */
  given: number | undefined;
  /** what the DSL knows divides it (1: nothing) */
  div: number;
  /** its width in bits: Int32 or Int64 */
  readonly width: 32 | 64;
  /** where it is written */
  readonly pos: number;
  /** how it is written, for messages: `cutlass.Int32(8)`, `?` */
  readonly text: string;
}

/** an expression in the DSL's spelling: the tree the evaluator runs and its dynamic integers */
export interface DslProgram {
  readonly tree: Node;
  readonly slots: readonly DslSlot[];
}

/**
 * The calls src/eval/dsl.ts answers itself (names no CuTe function has): `x[i]` (Python's
 * subscript: a mode of a layout, an element of a tensor, an item of a tuple), `x.attr`, and a
 * tensor over a coordinate (`cute.make_tensor((0, 0), L)`).
 */
export const DSL_INDEX = "dsl.index";
export const DSL_ATTR = "dsl.attr";
export const DSL_COORD_TENSOR = "dsl.coord_tensor";
/** `cute.group_modes(x, b, e)`: CuTe's group<b,e> of a layout or tuple, group_modes<b,e> of a tensor (e = -1: to the end) */
export const DSL_GROUP_MODES = "dsl.group_modes";
/** an MMA or copy operation of the DSL (`cute.nvgpu.warp.MmaF16BF16Op(...)`): its name is the first template argument, keyword arguments are named nodes */
export const DSL_OP = "dsl.op";
/** a numeric type of the DSL (`cutlass.Float16`) as a value: its name is the template argument */
export const DSL_TYPE = "dsl.type";
/** a Python float literal: targs [value] */
export const DSL_PYFLOAT = "dsl.pyfloat";
/** cutlass.Float32(x) and the other float types: targs [type name], args [x] */
export const DSL_FLOAT = "dsl.float";
/** x.to(T): args [x, T] */
export const DSL_TO = "dsl.to";
/** an operator of Python's on the DSL's values: targs [operator], args [a] or [a, b] */
export const DSL_ARITH = "dsl.arith";
/** type(x): the Python type of an integer (`int`, `Int32`, `Int64`) */
export const DSL_TYPE_OF = "dsl.type_of";
/** a Python bool (`transpose=True`) */
export const DSL_BOOL = "dsl.bool";

/** a pointer (`cute.runtime.make_ptr(dtype, address, mem_space, assumed_align)`, or `ptr<f32, gmem, align<16>>` as the DSL prints one) */
export const DSL_MAKE_PTR = "dsl.make_ptr";
/** `cute.make_fragment(layout_or_shape, dtype)` / `cute.make_rmem_tensor`: a tensor in registers */
export const DSL_FRAGMENT = "dsl.fragment";

// ------------------------------------------------------------------------------ the syntax tree

/** the parsed Python (before translation); exported for ./dsl-program.ts */
export type D =
  | { t: "int"; v: number; pos: number }
  | { t: "float"; v: number; pos: number }
  | { t: "dyn"; slot: DslSlot; pos: number }
  | { t: "basis"; value: D; modes: number[]; pos: number }
  | { t: "none"; pos: number }
  | { t: "bool"; v: boolean; pos: number }
  /** `one`: written `(x)`, a Python grouping (or, in a printed layout, a rank-1 tuple) */
  | { t: "tuple"; items: D[]; one: boolean; pos: number }
  | { t: "list"; items: D[]; pos: number }
  | { t: "layout"; shape: D; stride: D; pos: number }
  | { t: "composed"; parts: D[]; pos: number }
  | { t: "swizzle"; b: number; m: number; s: number; pos: number }
  | { t: "tensor"; body: D; pos: number }
  /** a pointer's type as the DSL prints it: ptr<f32, generic>, ptr<f16, gmem, align<16>> */
  | { t: "ptr"; dtype: string; space: string; align: number | undefined; pos: number }
  | { t: "name"; name: string; pos: number; end: number }
  | { t: "call"; fn: D; args: D[]; kwargs: Kwarg[]; pos: number }
  | { t: "index"; target: D; index: D; pos: number }
  | { t: "attr"; target: D; name: string; pos: number }
  | { t: "op"; op: string; a: D; b: D | undefined; pos: number }
  /** a string literal; an f-string's text and expressions */
  | { t: "str"; v: string; pos: number }
  | { t: "fstr"; parts: (string | D)[]; pos: number };

export interface Kwarg {
  name: string;
  value: D;
  pos: number;
}

// ------------------------------------------------------------------------------ the lexer

export const enum K {
  Int,
  /** a Python float literal (3.14, 2.0, 1e-3): `v` its value */
  Float,
  Name,
  Punct,
  Dyn,
  /** a Python string literal: `text` is its value; `f` an f-string (its source from pos + 2) */
  Str,
  Eof,
}

export interface Tok {
  k: K;
  /** an integer's value; a name's or punctuation's text */
  v: number;
  text: string;
  /** `?{...}`: width and divisibility */
  width: 32 | 64;
  div: number;
  pos: number;
  end: number;
  /** an f-string */
  f?: boolean;
}

export const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
export const isIdStart = (c: string | undefined) => c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_");
export const isId = (c: string | undefined) => isIdStart(c) || isDigit(c);
export const PUNCT = new Set(["(", ")", "[", "]", ",", ":", "=", "+", "-", "*", "%", "@", ".", "<", ">", "&", "|", "^", "~", "!"]);

export function lex(src: string): Tok[] {
  const out: Tok[] = [];
  const tok = (k: K, pos: number, end: number, text: string, v = 0): Tok => ({ k, v, text, width: 32, div: 1, pos, end });
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++;
      continue;
    }
    if (c === "\\" && (src[i + 1] === "\n" || (src[i + 1] === "\r" && src[i + 2] === "\n"))) {
      // a backslash at a line's end continues the line (the statement splitter kept the lines together)
      i += src[i + 1] === "\n" ? 2 : 3;
      continue;
    }
    if (c === "#") {
      // a Python comment runs to the end of the line
      while (i < src.length && src[i] !== "\n") i++;
      continue;
    }
    const start = i;
    if ((c === '"' || c === "'") && src[i + 1] === c && src[i + 2] === c) {
      // a triple-quoted string (a docstring): its text as written
      const close = src.indexOf(c.repeat(3), i + 3);
      if (close < 0) throw new ParseError(src, start, `expected ${c.repeat(3)} closing the string`);
      out.push(tok(K.Str, start, close + 3, src.slice(i + 3, close)));
      i = close + 3;
      continue;
    }
    const fq = (c === "f" || c === "F") && (src[i + 1] === '"' || src[i + 1] === "'");
    if (c === '"' || c === "'" || fq) {
      const q = src[fq ? i + 1 : i]!;
      let j = fq ? i + 2 : i + 1;
      let text = "";
      while (j < src.length && src[j] !== q) {
        if (src[j] === "\n") throw new ParseError(src, j, "a string literal ends on its line");
        if (src[j] === "\\" && j + 1 < src.length) {
          const e = src[j + 1]!;
          text += e === "n" ? "\n" : e === "t" ? "\t" : e === "\\" || e === '"' || e === "'" ? e : "\\" + e;
          j += 2;
        } else text += src[j++];
      }
      if (j >= src.length) throw new ParseError(src, start, `expected ${q} closing the string`);
      const t = tok(K.Str, start, j + 1, text);
      if (fq) t.f = true;
      out.push(t);
      i = j + 1;
      continue;
    }
    if (isDigit(c)) {
      let v: number;
      if (c === "0" && (src[i + 1] === "x" || src[i + 1] === "X")) {
        i += 2;
        while (/[0-9a-fA-F_]/.test(src[i] ?? "")) i++;
        v = Number.parseInt(src.slice(start + 2, i).replaceAll("_", ""), 16);
      } else {
        while (isDigit(src[i]) || (src[i] === "_" && isDigit(src[i + 1]))) i++;
        // a Python float: digits '.' digits, and an exponent (3.14, 2.0, 1e-3, 2.5E+2)
        let float = false;
        if (src[i] === "." && isDigit(src[i + 1])) {
          float = true;
          i++;
          while (isDigit(src[i]) || (src[i] === "_" && isDigit(src[i + 1]))) i++;
        }
        if ((src[i] === "e" || src[i] === "E") && (isDigit(src[i + 1]) || ((src[i + 1] === "+" || src[i + 1] === "-") && isDigit(src[i + 2])))) {
          float = true;
          i += 2;
          while (isDigit(src[i])) i++;
        }
        if (float) {
          if (isId(src[i])) throw new ParseError(src, i, `unexpected ${quote(src[i]!)} after the number ${src.slice(start, i)}`);
          out.push(tok(K.Float, start, i, src.slice(start, i), Number(src.slice(start, i).replaceAll("_", ""))));
          continue;
        }
        v = Number(src.slice(start, i).replaceAll("_", ""));
      }
      if (!Number.isSafeInteger(v)) throw new ParseError(src, start, `integer ${src.slice(start, i)} is beyond 2^53; cute-ts refuses rather than round`);
      if (isId(src[i])) throw new ParseError(src, i, `unexpected ${quote(src[i]!)} after the integer ${src.slice(start, i)}`);
      out.push(tok(K.Int, start, i, src.slice(start, i), v));
      continue;
    }
    if (isIdStart(c)) {
      while (isId(src[i])) i++;
      out.push(tok(K.Name, start, i, src.slice(start, i)));
      continue;
    }
    if (c === "?") {
      i++;
      const t = tok(K.Dyn, start, i, "?");
      if (src[i] === "{") {
        const close = src.indexOf("}", i);
        if (close < 0) throw new ParseError(src, i, "expected '}' closing ?{...}");
        // what the DSL's int_tuple type prints: ?{div=16}, ?{i64}, ?{i64 div=16}
        const m = /^\s*(?:(i32|i64)\s*)?(?:div\s*=\s*(\d{1,15})\s*)?$/.exec(src.slice(i + 1, close));
        if (!m || (!m[1] && !m[2])) throw new ParseError(src, i + 1, "a dynamic integer is written ?, ?{div=N}, ?{i64} or ?{i64 div=N}");
        if (m[1] === "i64") t.width = 64;
        if (m[2]) {
          t.div = Number(m[2]);
          if (t.div < 1) throw new ParseError(src, i + 1, "a divisibility is a positive integer");
        }
        i = close + 1;
        t.end = i;
        t.text = src.slice(start, i);
      }
      out.push(t);
      continue;
    }
    if (c === "/" && src[i + 1] === "/") {
      out.push(tok(K.Punct, start, i + 2, "//"));
      i += 2;
      continue;
    }
    if (c === "/") {
      out.push(tok(K.Punct, start, i + 1, "/"));
      i++;
      continue;
    }
    if (PUNCT.has(c)) {
      out.push(tok(K.Punct, start, i + 1, c));
      i++;
      continue;
    }
    if (c === "{" || c === "}" || c === ";") {
      throw new ParseError(src, i, words`unexpected ${quote(c)}: this is the CuTe DSL's Python spelling (${input("dialect", "dsl")}); CuTe's C++ is read without ${input("dialect")}`);
    }
    throw new ParseError(src, i, `unexpected character ${quote(c)}`);
  }
  out.push(tok(K.Eof, src.length, src.length, ""));
  return out;
}
