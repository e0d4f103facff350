/**
 * Goldens inside C++ sources, as CuTe's tutorial kernels keep them: a `print(x);` (or
 * `print_layout(x);`, `print_tensor(x);`) followed by a `//` comment block holding what it printed,
 * either after the statement on its line or on the lines below it:
 *
 *     print("gA:\t"); print(gA); print("\n");   // gA:   ArithTuple(_0,0) o (_128,_64,4):(_1@1,_1@0,_64@0)
 *
 *     print(tiled_mma);
 *     // TiledMMA
 *     //   ThrLayoutVMNK:  (_1,_1,_1,_1):(_0,_0,_0,_0)
 *
 * This module finds such cases without compiling anything: a scanner masks comments, string and
 * character literals (raw strings and digit separators too) and preprocessor lines; a structural
 * pass splits the code into blocks and statements; each case gets the statements before it in
 * its enclosing blocks that its printed names depend on (a backward slice), for a statement
 * evaluator to run as a pasted block. Pure functions: no file is read or written here.
 */
import { type LineEdit, applyLineEdits } from "./lines.js";

export type Printer = "print" | "print_layout" | "print_tensor";

/** one golden in a C++ source */
export interface CxxCase {
  /** 1-based line of the print statements (the line that ends the last one) */
  line: number;
  /** 1-based last line of the comment block */
  last: number;
  /** the print statements of the line, as written (string prints such as print("gA:\t") included) */
  prints: string[];
  /** the prints of a value (not of a string literal): what the reports name the case by */
  name: string;
  /** the comment block's text: `//` and one space stripped from each line, notes after a further `//` dropped */
  expected: string;
  /**
   * the statements to evaluate before the prints (declarations and the statements that change
   * what they declare), in source order; or why the case cannot be evaluated at all
   */
  before: string[] | { unsupported: string };
  /** where the comment block lies, for --update */
  comment: CommentBlock;
}

export interface CommentBlock {
  /** 0-based lines of the block */
  from: number;
  to: number;
  /** the block begins after code on its first line (a trailing comment) */
  trailing: boolean;
  /** column of the first line's `//` */
  col: number;
}

/** the most statements the slices of one file may visit together: past it, cases are skipped */
export const SLICE_BUDGET = 20_000_000;
/** the most cases one file may hold */
export const MAX_CASES = 100_000;

// ------------------------------------------------------------------------------ scanning

interface Scanned {
  /** the text with comments and preprocessor lines blanked (newlines kept), literals kept */
  code: string;
  /** `code` with the insides of string and character literals blanked too */
  masked: string;
  /** per 0-based line: the first `//` comment on it (column, text after the slashes) */
  lineComments: Map<number, { col: number; text: string }>;
  /** 0-based line starts */
  lineStarts: number[];
}

const isIdStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
const isIdChar = (c: number) => isIdStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isHexDigit = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** blank a range of a char array (newlines kept, so lines and columns stay) */
function blank(a: string[], from: number, to: number): void {
  for (let i = from; i < to; i++) if (a[i] !== "\n") a[i] = " ";
}

export function scan(text: string): Scanned {
  const n = text.length;
  const code = text.split("");
  const masked = text.split("");
  const lineComments = new Map<number, { col: number; text: string }>();
  const lineStarts = [0];
  for (let i = 0; i < n; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  let line = 0;
  let lineStart = 0;
  let atLineStart = true; // only spaces so far on this line
  let i = 0;
  const newline = (at: number) => {
    line++;
    lineStart = at + 1;
    atLineStart = true;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      newline(i);
      i++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13 || c === 12 || c === 11) {
      i++;
      continue;
    }
    // a preprocessor line, with its backslash continuations
    if (c === 35 /* # */ && atLineStart) {
      let j = i;
      for (;;) {
        const nl = text.indexOf("\n", j);
        const end = nl < 0 ? n : nl;
        // a // comment inside a directive ends it for the continuation rule
        const body = text.slice(j, end).replace(/\r$/, "");
        if (!body.endsWith("\\") || nl < 0) {
          j = end;
          break;
        }
        j = nl + 1;
      }
      blank(code, i, j);
      blank(masked, i, j);
      for (let k = i; k < j; k++) if (text.charCodeAt(k) === 10) newline(k);
      i = j;
      continue;
    }
    atLineStart = false;
    if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      // a line comment, continued by a backslash at the end of its line
      let j = i;
      for (;;) {
        const nl = text.indexOf("\n", j);
        const end = nl < 0 ? n : nl;
        if (!text.slice(j, end).replace(/\r$/, "").endsWith("\\") || nl < 0) {
          j = end;
          break;
        }
        j = nl + 1;
      }
      if (!lineComments.has(line)) lineComments.set(line, { col: i - lineStart, text: text.slice(i + 2, j).replace(/\r$/, "") });
      blank(code, i, j);
      blank(masked, i, j);
      for (let k = i; k < j; k++) if (text.charCodeAt(k) === 10) newline(k);
      i = j;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const close = text.indexOf("*/", i + 2);
      const j = close < 0 ? n : close + 2;
      blank(code, i, j);
      blank(masked, i, j);
      for (let k = i; k < j; k++) if (text.charCodeAt(k) === 10) newline(k);
      i = j;
      continue;
    }
    if (c === 34 /* " */ || c === 39 /* ' */) {
      // a digit separator (1'000'000) is not a character literal
      if (c === 39 && i > 0 && isHexDigit(text.charCodeAt(i - 1)) && isHexDigit(text.charCodeAt(i + 1)) && inNumber(text, i)) {
        i++;
        continue;
      }
      // a raw string: R"delim( ... )delim", with an optional u8/u/U/L prefix
      if (c === 34 && i > 0 && text[i - 1] === "R" && (i < 2 || !isIdChar(text.charCodeAt(i - 2)) || /(?:^|[^A-Za-z0-9_])(?:u8|u|U|L)R$/.test(text.slice(Math.max(0, i - 4), i)))) {
        const open = text.indexOf("(", i + 1);
        const delim = open < 0 ? "" : text.slice(i + 1, open);
        if (open >= 0 && delim.length <= 16 && !/[\s\\()]/.test(delim)) {
          const endMark = `)${delim}"`;
          const close = text.indexOf(endMark, open + 1);
          const j = close < 0 ? n : close + endMark.length;
          blank(masked, i + 1, j - 1);
          for (let k = i; k < j; k++) if (text.charCodeAt(k) === 10) newline(k);
          i = j;
          continue;
        }
      }
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 92 /* \ */) {
          j += 2;
          continue;
        }
        if (d === c || d === 10) break;
        j++;
      }
      const end = j < n && text.charCodeAt(j) === c ? j + 1 : j; // an unterminated literal ends at its line
      blank(masked, i + 1, Math.max(i + 1, end - 1));
      i = end;
      continue;
    }
    i++;
  }
  return { code: code.join(""), masked: masked.join(""), lineComments, lineStarts };
}

/** is the quote at `i` inside a number (a digit separator)? */
function inNumber(text: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && (isIdChar(text.charCodeAt(k)) || text[k] === "'" || text[k] === ".")) k--;
  return isDigit(text.charCodeAt(k + 1));
}

// ------------------------------------------------------------------------------ tokens

interface Token {
  /** "id", "num", "str" (a literal), or the punctuator itself */
  t: string;
  /** an identifier's name */
  v: string;
  start: number;
  end: number;
}

const PUNCT3 = new Set(["<<=", ">>=", "...", "->*", "<=>"]);
const PUNCT2 = new Set(["::", "->", "++", "--", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ".*"]);

function tokenize(masked: string): Token[] {
  const out: Token[] = [];
  const n = masked.length;
  let i = 0;
  while (i < n) {
    const c = masked.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 11) {
      i++;
      continue;
    }
    const start = i;
    if (isIdStart(c)) {
      while (i < n && isIdChar(masked.charCodeAt(i))) i++;
      // a literal's prefix (u8"...", L'x', R"(...)") belongs to the literal
      if (i < n && (masked[i] === '"' || masked[i] === "'") && /^(?:u8|u|U|L|R|u8R|uR|UR|LR)$/.test(masked.slice(start, i))) {
        i = literalEnd(masked, i);
        out.push({ t: "str", v: "", start, end: i });
        continue;
      }
      out.push({ t: "id", v: masked.slice(start, i), start, end: i });
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(masked.charCodeAt(i + 1)))) {
      while (i < n && (isIdChar(masked.charCodeAt(i)) || masked[i] === "." || masked[i] === "'" || ((masked[i] === "+" || masked[i] === "-") && /[eEpP]/.test(masked[i - 1]!)))) i++;
      out.push({ t: "num", v: "", start, end: i });
      continue;
    }
    if (c === 34 || c === 39) {
      i = literalEnd(masked, i);
      out.push({ t: "str", v: "", start, end: i });
      continue;
    }
    const three = masked.slice(i, i + 3);
    const two = masked.slice(i, i + 2);
    const p = PUNCT3.has(three) ? three : PUNCT2.has(two) ? two : masked[i]!;
    i += p.length;
    out.push({ t: p, v: "", start, end: i });
  }
  return out;
}

/** the end of a literal in the masked text (its inside is blank: the next quote of its kind closes it) */
function literalEnd(masked: string, i: number): number {
  const q = masked[i]!;
  const close = masked.indexOf(q, i + 1);
  const nl = masked.indexOf("\n", i + 1);
  if (close < 0) return nl < 0 ? masked.length : nl;
  return nl >= 0 && nl < close && q === "'" ? nl : close + 1;
}

// ------------------------------------------------------------------------------ blocks and statements

type BlockKind = "file" | "namespace" | "type" | "function" | "loop" | "branch" | "scope";

interface Block {
  kind: BlockKind;
  /** the header's tokens (from the end of the previous statement to the `{`), and its `{` */
  header: Token[];
  open: number;
  stmts: Stmt[];
  parent: Block | undefined;
  /** the function whose body this is or lies in */
  fn: Block | undefined;
}

interface Stmt {
  tokens: Token[];
  /** a compound statement: header { ... } */
  block?: Block;
  start: number;
  end: number;
}

const TYPE_WORDS = new Set(["struct", "class", "union", "enum"]);
const BLOCK_AFTER = new Set(["else", "do", "try", "const", "noexcept", "override", "final", "mutable", "volatile"]);
const LOOP_WORDS = new Set(["for", "while", "do"]);
const BRANCH_WORDS = new Set(["if", "else", "switch", "try", "catch", "case", "default"]);

/** does the `{` at tokens[i] open a block (a body), rather than belong to an expression (T{}, = {...}, a lambda)? */
function opensBlock(tokens: Token[], stmtStart: number, i: number): boolean {
  if (i === stmtStart) return true;
  let depth = 0;
  for (let k = stmtStart; k < i; k++) {
    const t = tokens[k]!;
    if (t.t === "(" || t.t === "[") depth++;
    else if (t.t === ")" || t.t === "]") depth--;
    else if (depth === 0 && t.t === "=") return false;
    else if (depth === 0 && t.t === "id" && (TYPE_WORDS.has(t.v) || t.v === "namespace")) return true;
  }
  const prev = tokens[i - 1]!;
  if (prev.t === ")" || prev.t === ";" || prev.t === "}" || prev.t === "{") return true;
  if (prev.t === "id" && BLOCK_AFTER.has(prev.v)) return true;
  if (prev.t === "str" && tokens[stmtStart]!.t === "id" && tokens[stmtStart]!.v === "extern") return true;
  return false;
}

/** the index of the token matching the bracket at `i`, or tokens.length */
function matching(tokens: Token[], i: number, open: string, close: string): number {
  let depth = 0;
  for (let k = i; k < tokens.length; k++) {
    if (tokens[k]!.t === open) depth++;
    else if (tokens[k]!.t === close && --depth === 0) return k;
  }
  return tokens.length;
}

function blockKind(header: Token[], parent: Block): BlockKind {
  const inFunction = parent.fn !== undefined;
  let depth = 0;
  let sawParenEnd = false;
  for (let k = 0; k < header.length; k++) {
    const t = header[k]!;
    if (t.t === "id" && t.v === "template" && header[k + 1]?.t === "<") {
      // template <class T, ...>: its class and typename name parameters, not a type being defined
      let angle = 0;
      for (k++; k < header.length; k++) {
        const a = header[k]!.t;
        if (a === "<") angle++;
        else if (a === ">" && --angle <= 0) break;
        else if (a === ">>" && (angle -= 2) <= 0) break;
      }
      continue;
    }
    if (t.t === "(") depth++;
    else if (t.t === ")") {
      depth--;
      if (depth === 0) sawParenEnd = true;
    } else if (depth === 0 && t.t === "id") {
      if (LOOP_WORDS.has(t.v)) return "loop";
      if (BRANCH_WORDS.has(t.v)) return "branch";
      if (t.v === "namespace" || t.v === "extern") return "namespace";
      if (TYPE_WORDS.has(t.v) && !sawParenEnd) return "type";
    }
  }
  if (!inFunction && sawParenEnd) return "function";
  return inFunction ? "scope" : "namespace";
}

/** the file as nested blocks of statements */
function structure(tokens: Token[]): Block {
  const file: Block = { kind: "file", header: [], open: -1, stmts: [], parent: undefined, fn: undefined };
  let cur = file;
  let stmtStart = 0;
  let depth = 0; // ( and [ inside the current statement
  const endStmt = (to: number) => {
    if (to > stmtStart) {
      const toks = tokens.slice(stmtStart, to);
      cur.stmts.push({ tokens: toks, start: toks[0]!.start, end: toks[toks.length - 1]!.end });
    }
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!.t;
    if (t === "(" || t === "[") depth++;
    else if ((t === ")" || t === "]") && depth > 0) depth--;
    else if (t === "{") {
      if (depth > 0 || !opensBlock(tokens, stmtStart, i)) {
        i = matching(tokens, i, "{", "}"); // an initializer or a lambda: part of the statement
        continue;
      }
      const header = tokens.slice(stmtStart, i);
      const b: Block = { kind: "scope", header, open: i, stmts: [], parent: cur, fn: cur.fn };
      b.kind = blockKind(header, cur);
      if (b.kind === "function") b.fn = b;
      cur = b;
      stmtStart = i + 1;
      depth = 0;
    } else if (t === "}") {
      if (!cur.parent) {
        stmtStart = i + 1; // a stray }: passed over
        continue;
      }
      endStmt(i); // a last statement without its ;
      const b = cur;
      cur = b.parent!;
      const first = b.header[0] ?? tokens[b.open]!;
      cur.stmts.push({ tokens: [...b.header], block: b, start: first.start, end: tokens[i]!.end });
      stmtStart = i + 1;
      depth = 0;
    } else if (t === ";" && depth === 0) {
      endStmt(i + 1);
      stmtStart = i + 1;
    }
  }
  endStmt(tokens.length);
  for (let p = cur.parent; p; p = cur.parent) {
    const b = cur;
    cur = p;
    const first = b.header[0] ?? tokens[b.open]!;
    cur.stmts.push({ tokens: [...b.header], block: b, start: first.start, end: tokens[tokens.length - 1]!.end });
  }
  return file;
}

// ------------------------------------------------------------------------------ what a statement does

const PRINTERS = new Set(["print", "print_layout", "print_tensor"]);
/** statements that print or check and change no value: left out of every slice */
const PURE_CALLS = new Set(["print", "print_layout", "print_tensor", "print_latex", "print_svg", "printf", "fprintf", "puts", "assert", "static_assert", "CUTE_STATIC_ASSERT", "CUTE_STATIC_ASSERT_V", "__syncthreads", "__syncwarp", "CUTE_CHECK_LAST", "CUTE_GCC_UNREACHABLE"]);
const DECL_SPECS = new Set(["constexpr", "static", "const", "inline", "volatile", "extern", "__shared__", "__device__", "__host__", "__constant__", "CUTE_HOST_DEVICE", "CUTE_DEVICE", "CUTE_HOST", "register", "thread_local", "mutable", "typename", "alignas"]);
const BUILTIN_TYPE_WORDS = new Set(["unsigned", "signed", "long", "short", "int", "char", "float", "double", "bool", "void"]);

interface StmtInfo {
  /** "decl" declares `declares`; "pure" prints or checks; "other" may change anything it names */
  kind: "decl" | "pure" | "other";
  declares: string[];
  /** the unqualified names it reads (members after . -> :: are not names) */
  uses: Set<string>;
}

function namesOf(tokens: Token[], from = 0): Set<string> {
  const out = new Set<string>();
  for (let k = from; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.t !== "id") continue;
    const p = tokens[k - 1]?.t;
    if (p === "." || p === "->" || p === "::" || p === ".*" || p === "->*") continue;
    out.add(t.v);
  }
  return out;
}

/** the index past a (qualified, templated) type name starting at k, or -1 */
function skipType(tokens: Token[], k: number): number {
  if (tokens[k]?.t === "::") k++;
  if (tokens[k]?.t !== "id") return -1;
  if (BUILTIN_TYPE_WORDS.has(tokens[k]!.v)) {
    while (tokens[k]?.t === "id" && BUILTIN_TYPE_WORDS.has(tokens[k]!.v)) k++;
    return k;
  }
  if (tokens[k]!.v === "decltype" && tokens[k + 1]?.t === "(") return matching(tokens, k + 1, "(", ")") + 1;
  for (;;) {
    k++;
    if (tokens[k]?.t === "<") {
      // template arguments: balanced angles, parentheses counted so (a > b) inside does not close them
      let angle = 0, paren = 0;
      for (; k < tokens.length; k++) {
        const t = tokens[k]!.t;
        if (t === "(" || t === "[" || t === "{") paren++;
        else if (t === ")" || t === "]" || t === "}") paren--;
        else if (paren === 0 && t === "<") angle++;
        else if (paren === 0 && t === ">" && --angle === 0) break;
        else if (paren === 0 && t === ">>" && (angle -= 2) <= 0) break;
        else if (t === ";") return -1;
      }
      if (k >= tokens.length) return -1;
      k++;
    }
    if (tokens[k]?.t === "::" && tokens[k + 1]?.t === "id") {
      k++;
      continue;
    }
    return k;
  }
}

function classify(s: Stmt): StmtInfo {
  const tokens = s.tokens[s.tokens.length - 1]?.t === ";" ? s.tokens.slice(0, -1) : s.tokens;
  const uses = namesOf(tokens);
  if (tokens.length === 0) return { kind: "pure", declares: [], uses };
  // if (...) S; else S; while (...) S;: pure when S is (a condition changes nothing it does not call)
  const head = tokens[0]!;
  if (head.t === "id" && (head.v === "else" || ((head.v === "if" || head.v === "while" || head.v === "for" || head.v === "switch") && tokens[1]?.t === "("))) {
    const rest = head.v === "else" ? 1 : matching(tokens, 1, "(", ")") + 1;
    const inner = classify({ tokens: tokens.slice(rest), start: 0, end: 0 });
    // the condition is read, not changed: what the statement may change is what its body names
    return { kind: inner.kind === "pure" ? "pure" : "other", declares: [], uses: new Set([...inner.uses, ...inner.declares]) };
  }
  let k = 0;
  // a call to a printer or a check, possibly qualified (cute::print, std::printf)
  let q = 0;
  while (tokens[q + 1]?.t === "::" && tokens[q]?.t === "id" && tokens[q + 2]?.t === "id") q += 2;
  if (tokens[q]?.t === "id" && PURE_CALLS.has(tokens[q]!.v) && tokens[q + 1]?.t === "(" && matching(tokens, q + 1, "(", ")") === tokens.length - 1) return { kind: "pure", declares: [], uses };
  if (tokens[0]!.t === "id" && tokens[0]!.v === "std" && tokens[2]?.t === "id" && /^(cout|cerr|clog)$/.test(tokens[2]!.v)) return { kind: "pure", declares: [], uses };
  if (tokens[0]!.t === "id" && tokens[0]!.v === "using") {
    if (tokens[1]?.t === "id" && tokens[1]!.v === "namespace") return { kind: "pure", declares: [], uses };
    if (tokens[1]?.t === "id" && tokens[2]?.t === "=") return { kind: "decl", declares: [tokens[1]!.v], uses: namesOf(tokens, 3) };
    return { kind: "pure", declares: [], uses }; // using std::cout;
  }
  while (tokens[k]?.t === "id" && DECL_SPECS.has(tokens[k]!.v)) {
    if (tokens[k]!.v === "alignas" && tokens[k + 1]?.t === "(") k = matching(tokens, k + 1, "(", ")");
    k++;
  }
  // auto [a, b] = e;
  if (tokens[k]?.t === "id" && tokens[k]!.v === "auto") {
    let j = k + 1;
    while (tokens[j]?.t === "&" || tokens[j]?.t === "&&" || (tokens[j]?.t === "id" && tokens[j]!.v === "const")) j++;
    if (tokens[j]?.t === "[") {
      const close = matching(tokens, j, "[", "]");
      const names = tokens.slice(j + 1, close).filter((t) => t.t === "id").map((t) => t.v);
      return { kind: "decl", declares: names, uses: namesOf(tokens, close + 1) };
    }
  }
  const after = skipType(tokens, k);
  if (after > k) {
    let j = after;
    while (tokens[j]?.t === "*" || tokens[j]?.t === "&" || tokens[j]?.t === "&&" || (tokens[j]?.t === "id" && (tokens[j]!.v === "const" || tokens[j]!.v === "volatile" || tokens[j]!.v === "__restrict__"))) j++;
    const name = tokens[j];
    const next = tokens[j + 1]?.t;
    if (name?.t === "id" && !DECL_SPECS.has(name.v) && (next === undefined || next === "=" || next === "(" || next === "{" || next === "[" || next === "," || next === ":")) {
      const used = namesOf(tokens, j + 1);
      for (const u of namesOf(tokens.slice(k, j))) used.add(u); // the type's names (an alias, decltype(x))
      return { kind: "decl", declares: [name.v], uses: used };
    }
  }
  return { kind: "other", declares: [], uses };
}

/**
 * A compound statement as one: pure when all it holds is pure; otherwise what its statements
 * name (its header's condition is read, not changed, so its names do not count)
 */
function classifyCompound(b: Block, budget: { left: number }): StmtInfo {
  const uses = new Set<string>();
  let pure = true;
  const walk = (blk: Block) => {
    for (const s of blk.stmts) {
      if (--budget.left < 0) return;
      if (s.block) {
        walk(s.block);
        continue;
      }
      const info = classify(s);
      if (info.kind !== "pure") {
        pure = false;
        for (const u of info.uses) uses.add(u);
        for (const d of info.declares) uses.add(d);
      }
    }
  };
  walk(b);
  return { kind: pure ? "pure" : "other", declares: [], uses };
}

// ------------------------------------------------------------------------------ the cases

/**
 * `print(x);` / `cute::print(x);` etc., possibly after `if (...)` or `else` (a print the condition
 * guards prints what the comment shows when it runs): the printer, whether its argument is a
 * string literal, and the index of the call's first token
 */
function printCall(tokens: Token[]): { printer: Printer; string: boolean; from: number } | undefined {
  const body = tokens[tokens.length - 1]?.t === ";" ? tokens.slice(0, -1) : tokens;
  let from = 0;
  for (;;) {
    const t = body[from];
    if (t?.t === "id" && t.v === "else") from++;
    else if (t?.t === "id" && t.v === "if" && body[from + 1]?.t === "(") from = matching(body, from + 1, "(", ")") + 1;
    else if (t?.t === "id" && t.v === "if" && body[from + 1]?.t === "id" && body[from + 1]!.v === "constexpr" && body[from + 2]?.t === "(") from = matching(body, from + 2, "(", ")") + 1;
    else break;
  }
  let q = from;
  if (body[q]?.t === "::") q++;
  const qualified = q;
  while (body[q]?.t === "id" && body[q + 1]?.t === "::" && body[q + 2]?.t === "id") q += 2;
  const f = body[q];
  if (f?.t !== "id" || !PRINTERS.has(f.v) || body[q + 1]?.t !== "(") return undefined;
  if (q > qualified && !(q - qualified === 2 && body[qualified]!.v === "cute")) return undefined; // std::print is not CuTe's
  if (matching(body, q + 1, "(", ")") !== body.length - 1) return undefined;
  const args = body.slice(q + 2, -1);
  return { printer: f.v as Printer, string: args.length > 0 && args.every((t) => t.t === "str"), from };
}

/** the names of a function's parameters and of its template's parameters, from its header */
function parametersOf(header: Token[]): { params: string[]; templ: string[] } {
  const params: string[] = [];
  const templ: string[] = [];
  // template <class A, int N = 4, ...>
  for (let k = 0; k < header.length; k++) {
    if (header[k]!.t === "id" && header[k]!.v === "template" && header[k + 1]?.t === "<") {
      let angle = 0, paren = 0, lastId = "", inDefault = false;
      for (k = k + 1; k < header.length; k++) {
        const t = header[k]!;
        if (t.t === "(") paren++;
        else if (t.t === ")") paren--;
        else if (paren === 0 && t.t === "<") angle++;
        else if (paren === 0 && (t.t === ">" || t.t === ">>")) {
          angle -= t.t === ">>" ? 2 : 1;
          if (angle <= 0) break;
        } else if (angle === 1 && paren === 0 && t.t === ",") {
          if (lastId) templ.push(lastId);
          lastId = "";
          inDefault = false;
        } else if (angle === 1 && paren === 0 && t.t === "=") inDefault = true;
        else if (angle === 1 && t.t === "id" && !inDefault) lastId = t.v;
      }
      if (lastId) templ.push(lastId);
    }
  }
  // the last top-level (...) of the header: the parameter list
  let close = -1;
  for (let k = header.length - 1; k >= 0; k--) {
    if (header[k]!.t === ")") {
      close = k;
      break;
    }
  }
  if (close < 0) return { params, templ };
  let open = close, depth = 0;
  for (; open >= 0; open--) {
    const t = header[open]!.t;
    if (t === ")") depth++;
    else if (t === "(" && --depth === 0) break;
  }
  let lastId = "", inDefault = false, angle = 0, paren = 0;
  for (let k = open + 1; k < close; k++) {
    const t = header[k]!;
    if (t.t === "(" || t.t === "[" || t.t === "{") paren++;
    else if (t.t === ")" || t.t === "]" || t.t === "}") paren--;
    else if (paren === 0 && t.t === "<") angle++;
    else if (paren === 0 && t.t === ">") angle--;
    else if (paren === 0 && t.t === ">>") angle -= 2;
    else if (paren === 0 && angle <= 0 && t.t === ",") {
      if (lastId) params.push(lastId);
      lastId = "";
      inDefault = false;
    } else if (paren === 0 && angle <= 0 && t.t === "=") inDefault = true;
    else if (paren === 0 && angle <= 0 && t.t === "id" && !inDefault) lastId = t.v;
  }
  if (lastId) params.push(lastId);
  return { params, templ };
}

function lineOf(lineStarts: number[], pos: number): number {
  let lo = 0, hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** a comment line's golden text: the slashes and one space dropped, a note after a further `//` dropped */
export function commentText(raw: string): string {
  const t = raw.startsWith(" ") ? raw.slice(1) : raw;
  const note = t.search(/\s\/\/(?!\S*:\/\/)/);
  return (note >= 0 ? t.slice(0, note) : t).replace(/\s+$/, "");
}

/**
 * The comment block of a print line: a trailing `//` comment on the line and the comment-only
 * lines below it at the same column, or else the comment-only lines right below the line.
 */
function commentBlock(s: Scanned, line: number, lines: string[]): CommentBlock | undefined {
  const commentOnly = (l: number) => {
    const c = s.lineComments.get(l);
    if (!c) return undefined;
    const start = s.lineStarts[l]!;
    return s.code.slice(start, start + c.col).trim() === "" ? c : undefined;
  };
  const trailing = s.lineComments.get(line);
  if (trailing && !commentOnly(line)) {
    let to = line + 1;
    while (to < lines.length && commentOnly(to)?.col === trailing.col) to++;
    return { from: line, to, trailing: true, col: trailing.col };
  }
  const first = commentOnly(line + 1);
  if (!first) return undefined;
  let to = line + 2;
  while (to < lines.length && commentOnly(to)) to++;
  return { from: line + 1, to, trailing: false, col: first.col };
}

/**
 * Every print-comment golden of a C++ source, in order. Never throws for any text: what it cannot
 * make sense of is code without cases, or a case whose statements say why they cannot be evaluated.
 */
export function findCxxCases(text: string): CxxCase[] {
  const s = scan(text);
  const tokens = tokenize(s.masked);
  const file = structure(tokens);
  const lines = text.split("\n");
  const cases: CxxCase[] = [];
  const budget = { left: SLICE_BUDGET };
  /** a statement's text without its comments (its line breaks kept) */
  const stmtText = (st: Stmt, from = st.start) => s.code.slice(from, st.end).trim();
  const infoCache = new Map<Stmt, StmtInfo>();
  const info = (st: Stmt): StmtInfo => {
    let i = infoCache.get(st);
    if (!i) infoCache.set(st, (i = st.block ? classifyCompound(st.block, budget) : classify(st)));
    return i;
  };
  const isPrintLine = (st: Stmt | undefined, line: number) => st !== undefined && !st.block && lineOf(s.lineStarts, st.end - 1) === line && printCall(st.tokens) !== undefined;

  const visit = (b: Block, chain: Level[]) => {
    const stmts = b.stmts;
    for (let k = 0; k < stmts.length && cases.length < MAX_CASES; k++) {
      const st = stmts[k]!;
      if (st.block) {
        visit(st.block, [...chain, { block: b, upTo: k }]);
        continue;
      }
      if (!b.fn) continue;
      const call = printCall(st.tokens);
      if (!call || call.string) continue;
      // the print statements that end on this line, each a statement of this block
      const line = lineOf(s.lineStarts, st.end - 1);
      let last = k;
      while (isPrintLine(stmts[last + 1], line)) last++;
      let first = k;
      while (first > 0 && isPrintLine(stmts[first - 1], line)) first--;
      k = last;
      // code other than prints after them on the line: a comment there is that code's
      if (last + 1 < stmts.length && lineOf(s.lineStarts, stmts[last + 1]!.start) === line) continue;
      const block = commentBlock(s, line, lines);
      if (!block) continue;
      const expected = [];
      for (let l = block.from; l < block.to; l++) expected.push(commentText(s.lineComments.get(l)!.text));
      const group = stmts.slice(first, last + 1);
      const calls = group.map((g) => ({ g, c: printCall(g.tokens)! }));
      cases.push({
        line: line + 1,
        last: block.to,
        prints: calls.map(({ g, c }) => stmtText(g, g.tokens[c.from]!.start)),
        name: calls.filter(({ c }) => !c.string).map(({ g, c }) => stmtText(g, g.tokens[c.from]!.start).replace(/\s+/g, " ").replace(/\s*;$/, "")).join("; "),
        expected: expected.join("\n").replace(/^\n+|\n+$/g, ""),
        before: slice([...chain, { block: b, upTo: first }], group, info, (x) => stmtText(x), budget),
        comment: block,
      });
    }
  };
  visit(file, []);
  return cases;
}

/** an enclosing block, and how many of its statements come before the point of interest */
interface Level {
  block: Block;
  upTo: number;
}

/** the statements the prints need, walking back through the enclosing blocks, or why they cannot run */
function slice(chain: Level[], group: Stmt[], info: (s: Stmt) => StmtInfo, text: (s: Stmt) => string, budget: { left: number }): string[] | { unsupported: string } {
  // a print in a loop runs once per iteration: not straight-line code
  for (const { block } of chain) {
    if (block.kind === "loop") {
      const word = block.header.find((t) => t.t === "id" && LOOP_WORDS.has(t.v))?.v ?? "for";
      return { unsupported: `the print is inside a ${word} loop: cute-ts evaluates straight-line code, not loops` };
    }
  }
  const fnLevel = chain.findIndex((c) => c.block.kind === "function");
  if (fnLevel < 0) return { unsupported: "the print is not inside a function body" };
  const fn = chain[fnLevel]!.block;
  const need = new Set<string>();
  for (const g of group) {
    const c = printCall(g.tokens)!;
    // the names in the arguments: after the call's '('
    let open = c.from;
    while (g.tokens[open] && g.tokens[open]!.t !== "(") open++;
    for (const u of namesOf(g.tokens, open + 1)) need.add(u);
  }
  // the names this function declares before the prints, and its parameters: the only names a
  // statement can change (a function's or a type's name is not changed by calling or naming it)
  const { params, templ } = parametersOf(fn.header);
  const variables = new Set<string>(params);
  for (let level = fnLevel; level < chain.length; level++) {
    const { block, upTo } = chain[level]!;
    for (let k = 0; k < upTo; k++) {
      if (--budget.left < 0) return { unsupported: "the file has more statements than check follows for its cases" };
      for (const d of info(block.stmts[k]!).declares) variables.add(d);
    }
  }
  // back from the prints through each enclosing block's earlier statements, to the function's first
  const picked: Stmt[] = [];
  for (let level = chain.length - 1; level >= fnLevel; level--) {
    const { block, upTo } = chain[level]!;
    for (let k = upTo - 1; k >= 0; k--) {
      if (--budget.left < 0) return { unsupported: "the file has more statements than check follows for its cases" };
      const st = block.stmts[k]!;
      const i = info(st);
      if (i.kind === "pure") continue;
      const hit = i.kind === "decl" ? i.declares.some((d) => need.has(d)) : [...i.uses].some((u) => need.has(u) && variables.has(u));
      if (!hit) continue;
      picked.push(st);
      if (i.kind === "decl") for (const d of i.declares) need.delete(d);
      for (const u of i.uses) need.add(u);
    }
  }
  let fnName = "the function";
  for (let k = fn.header.length - 1; k > 0; k--) {
    if (fn.header[k]!.t === "(" && fn.header[k - 1]!.t === "id") {
      fnName = fn.header[k - 1]!.v;
      break;
    }
  }
  for (const p of params) if (need.has(p)) return { unsupported: `${p} is a parameter of ${fnName}(...): its value comes from the caller` };
  for (const p of templ) if (need.has(p)) return { unsupported: `${p} is a template parameter of ${fnName}: it is known only where ${fnName} is instantiated` };
  return picked.reverse().map(text);
}

// ------------------------------------------------------------------------------ comparing and updating

/** lines without leading and trailing blank lines, each with its runs of spaces made one and its ends trimmed */
export function normalizeLines(s: string): string[] {
  const lines = s.replace(/\r/g, "").split("\n").map((l) => l.replace(/[ \t]+/g, " ").trim());
  let a = 0, b = lines.length;
  while (a < b && lines[a] === "") a++;
  while (b > a && lines[b - 1] === "") b--;
  return lines.slice(a, b);
}

/** `name:` at the start of a golden comment's first line: a label the author wrote, not printed */
const LABEL = /^([A-Za-z_][A-Za-z0-9_.\[\]>-]*):(?:\s+|$)/;

/**
 * The expected and actual texts as they are compared: whitespace-insensitive within and around
 * lines (a comment cannot keep a tab or an exact indentation), and without the comment's leading
 * `name:` label when what was printed does not begin with it.
 */
export function comparable(expected: string, actual: string): { expected: string; actual: string; label?: string } {
  const e = normalizeLines(expected), a = normalizeLines(actual);
  const m = e.length ? LABEL.exec(e[0]!) : null;
  if (m && !(a.length && a[0]!.startsWith(`${m[1]}:`))) {
    const rest = e[0]!.slice(m[0].length);
    const e2 = rest === "" ? e.slice(1) : [rest, ...e.slice(1)];
    return { expected: e2.join("\n"), actual: a.join("\n"), label: m[1] };
  }
  return { expected: e.join("\n"), actual: a.join("\n") };
}

export function sameOutput(expected: string, actual: string): boolean {
  const c = comparable(expected, actual);
  return c.expected === c.actual;
}

function expandTabs(s: string): string {
  let out = "";
  for (const ch of s) out += ch === "\t" ? " ".repeat(8 - (out.length % 8)) : ch;
  return out;
}

/**
 * The source with each changed case's comment block holding the new output (`changes`: case
 * index → what the prints printed). A line that still reads the same (whitespace aside) keeps
 * its text and its notes; the author's `name:` label and its spacing stay; the other lines of
 * the file are kept byte for byte.
 */
export function updateCxxComments(text: string, cases: CxxCase[], changes: Map<number, string>): string {
  const lines = text.split("\n");
  const edits: LineEdit[] = [];
  cases.forEach((c, k) => {
    const now = changes.get(k);
    if (now === undefined) return;
    const { from, to, trailing, col } = c.comment;
    const old = lines.slice(from, to).map((l) => l.replace(/\r$/, ""));
    const oldText = old.map((l) => commentText(l.slice(l.indexOf("//", trailing ? col : 0) + 2)));
    let out = now.replace(/\r/g, "").split("\n").map((l) => expandTabs(l).replace(/\s+$/, ""));
    while (out.length > 1 && out[out.length - 1] === "") out.pop();
    while (out.length > 1 && out[0] === "") out.shift();
    // the author's label, kept when the output does not print it
    const m = LABEL.exec(oldText[0] ?? "");
    if (m && !(out[0] ?? "").startsWith(`${m[1]}:`)) out[0] = `${m[0]}${out[0]}`;
    const result: (string | number)[] = []; // a number: that line of the file, kept as it was
    out.forEach((l, i) => {
      const same = i < old.length && normalizeLines(oldText[i]!).join("\n") === normalizeLines(l).join("\n");
      if (same) {
        result.push(from + i);
        return;
      }
      const body = l === "" ? "//" : `// ${l}`;
      if (i === 0 && trailing) result.push(old[0]!.slice(0, col) + body);
      else if (i < old.length) result.push(old[i]!.slice(0, old[i]!.indexOf("//")) + body);
      else {
        // a new line: indented as the block's comment-only lines are, or to the trailing comment's column
        const model = old.length > 1 ? old[old.length - 1]! : trailing ? " ".repeat(col) + "//" : old[0]!;
        result.push(model.slice(0, model.indexOf("//")) + body);
      }
    });
    edits.push({ from, to, lines: result });
  });
  return edits.length === 0 ? text : applyLineEdits(lines, edits.sort((a, b) => a.from - b.from));
}
