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
 * This module finds such cases without compiling anything: the scanner (cxx-scan.ts) masks
 * comments, string and character literals (raw strings and digit separators too) and
 * preprocessor lines and splits the code into blocks and statements; each case gets the statements before it in
 * its enclosing blocks that its printed names depend on (a backward slice), for a statement
 * evaluator to run as a pasted block. Pure functions: no file is read or written here.
 */
import { type Block, classify, classifyCompound, LOOP_WORDS, matching, namesOf, PRINTERS, type Scanned, scan, type Stmt, type StmtInfo, structure, type Token, tokenize } from "./cxx-scan.js";
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
  /** where each print statement's call begins: 1-based line, 0-based column (a run's prints are paired with the case by it) */
  at: { line: number; col: number }[];
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
        at: calls.map(({ g, c }) => {
          const start = g.tokens[c.from]!.start, l = lineOf(s.lineStarts, start);
          return { line: l + 1, col: start - s.lineStarts[l]! };
        }),
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
    return { expected: addressesNamed(e2, a).join("\n"), actual: a.join("\n"), label: m[1] };
  }
  return { expected: addressesNamed(e, a).join("\n"), actual: a.join("\n") };
}

/**
 * A pointer's address written by name in a comment (`gmem_ptr[16b](GMEM_ADDR_A)`,
 * `ptr[16b](ADDR_A + offset)`, `tmem_[32b](TMEM_ADDR)`: an upper-case name, then optionally
 * `+ name`s) stands for whatever address was printed there, since addresses differ from run to
 * run: `]( NAME ... )` as a pattern in which it is any hexadecimal address (a TMEM address as
 * CuTe prints it, `0x0000.0000`, too).
 */
const NAMED_ADDRESS = /\]\(\s*[A-Z][A-Z0-9_]*(?:\s*[+-]\s*[A-Za-z_][A-Za-z0-9_]*)*\s*\)/g;

/** a comment's line with its named addresses taken as printed, where the printed line is the same but for them */
function namedAddressLine(e: string, a: string): string {
  if (!e.includes("](")) return e;
  const parts = e.split(NAMED_ADDRESS);
  if (parts.length === 1) return e;
  const pattern = new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\]\\(0x[0-9a-fA-F]+(?:\\.[0-9a-fA-F]+)?\\)")}$`);
  return pattern.test(a) ? a : e;
}

function addressesNamed(e: string[], a: string[]): string[] {
  return e.map((l, i) => (i < a.length ? namedAddressLine(l, a[i]!) : l));
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
      const was = normalizeLines(oldText[i] ?? "").join("\n"), now = normalizeLines(l).join("\n");
      const same = i < old.length && (was === now || namedAddressLine(was, now) === now);
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
