/**
 * The structural reader of a C++ source for check's print-comment goldens (cxx-source.ts): the
 * file as nested blocks of statements, and what each statement declares and uses, for the
 * backward slice. The source is scanned and tokenized by the front end's scanner
 * (src/notation/cxx/scan.ts: comments, literals and preprocessor lines masked, lines and
 * columns kept), the one definition of C++'s tokens.
 * Pure functions: no file is read or written here.
 */
import type { Token } from "../notation/cxx/scan.js";
export { type Scanned, type Token, scan, tokenize } from "../notation/cxx/scan.js";

// ------------------------------------------------------------------------------ blocks and statements

type BlockKind = "file" | "namespace" | "type" | "function" | "loop" | "branch" | "scope";

export interface Block {
  kind: BlockKind;
  /** the header's tokens (from the end of the previous statement to the `{`), and its `{` */
  header: Token[];
  open: number;
  stmts: Stmt[];
  parent: Block | undefined;
  /** the function whose body this is or lies in */
  fn: Block | undefined;
}

export interface Stmt {
  tokens: Token[];
  /** a compound statement: header { ... } */
  block?: Block;
  start: number;
  end: number;
}

const TYPE_WORDS = new Set(["struct", "class", "union", "enum"]);
const BLOCK_AFTER = new Set(["else", "do", "try", "const", "noexcept", "override", "final", "mutable", "volatile"]);
export const LOOP_WORDS = new Set(["for", "while", "do"]);
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
export function matching(tokens: Token[], i: number, open: string, close: string): number {
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
export function structure(tokens: Token[]): Block {
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

export const PRINTERS = new Set(["print", "print_layout", "print_tensor"]);
/** statements that print or check and change no value: left out of every slice */
const PURE_CALLS = new Set(["print", "print_layout", "print_tensor", "print_latex", "print_svg", "printf", "fprintf", "puts", "assert", "static_assert", "CUTE_STATIC_ASSERT", "CUTE_STATIC_ASSERT_V", "__syncthreads", "__syncwarp", "CUTE_CHECK_LAST", "CUTE_GCC_UNREACHABLE"]);
const DECL_SPECS = new Set(["constexpr", "static", "const", "inline", "volatile", "extern", "__shared__", "__device__", "__host__", "__constant__", "CUTE_HOST_DEVICE", "CUTE_DEVICE", "CUTE_HOST", "register", "thread_local", "mutable", "typename", "alignas"]);
const BUILTIN_TYPE_WORDS = new Set(["unsigned", "signed", "long", "short", "int", "char", "float", "double", "bool", "void"]);

export interface StmtInfo {
  /** "decl" declares `declares`; "pure" prints or checks; "other" may change anything it names */
  kind: "decl" | "pure" | "other";
  declares: string[];
  /** the unqualified names it reads (members after . -> :: are not names) */
  uses: Set<string>;
}

export function namesOf(tokens: Token[], from = 0): Set<string> {
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

export function classify(s: Stmt): StmtInfo {
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
export function classifyCompound(b: Block, budget: { left: number }): StmtInfo {
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
