/**
 * A program in the CuTe DSL's spelling: the body of a @cute.jit function as a notebook cell writes
 * it (assignments, tuple unpacking, `print(...)` with f-strings, `cute.printf(...)`, `assert`, meta
 * loops over `range(n)` / `cutlass.range_constexpr(n)`, `t.fill(v)`, `cute.print_tensor(t)`), read
 * into steps whose values are the evaluator's nodes. Statements are split here; each is parsed and
 * translated by ./dsl.ts's Parser and Translator, so an expression reads the same in a program as
 * alone. Assignments are renamings: a name stands for the node it was given, in order.
 */
import { ParseError, Unsupported } from "../core/errors.js";
import { type Node, MAX_INPUT, intNode } from "./parse.js";
import { type D, type DslSlot, DSL_INDEX, Parser, type Statement, Translator, blanked, dslName, lex } from "./dsl.js";


/**
 * The statements of a program: split at newlines and ';' outside brackets and strings (a '\\' at a
 * line's end continues it), each with its line's indentation.
 */
function splitStatements(src: string): [number, number, number][] {
  const out: [number, number, number][] = [];
  let depth = 0, start = 0, quote = "", lineStart = 0;
  const indentAt = (a: number): number => {
    let k = a;
    while (src[k] === " " || src[k] === "\t") k++;
    return k - a;
  };
  let indent = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote || c === "\n") quote = "";
      continue;
    }
    if (c === "#") {
      while (i < src.length && src[i] !== "\n") i++;
      i--;
      continue;
    }
    if ((c === '"' || c === "'") && src[i + 1] === c && src[i + 2] === c) {
      const close = src.indexOf(c.repeat(3), i + 3);
      i = close < 0 ? src.length : close + 2;
    } else if (c === '"' || c === "'") quote = c;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth = Math.max(0, depth - 1);
    else if (c === "\\" && src[i + 1] === "\n") i++;
    else if (c === "\\" && src[i + 1] === "\r" && src[i + 2] === "\n") i += 2;
    else if ((c === "\n" || c === ";") && depth === 0) {
      if (start === lineStart) indent = indentAt(start);
      out.push([start, i, indent]);
      start = i + 1;
      if (c === "\n") lineStart = start;
    }
  }
  if (start === lineStart) indent = indentAt(start);
  out.push([start, src.length, indent]);
  return out.filter(([a, b]) => src.slice(a, b).replace(/#.*/g, "").trim() !== "");
}

/** an argument of a print: its pieces, texts and values (nodes of the evaluator's tree), joined without a space (an f-string's) */
export type DslPieces = readonly (string | Node)[];

/** one step of a program: a print at trace time, a cute.printf at run time, a meta loop, an assert */
export type DslStep =
  | { readonly kind: "print"; readonly parts: readonly DslPieces[] }
  /** printf's format string, its {} replaced by the parts in turn */
  | { readonly kind: "printf"; readonly parts: readonly DslPieces[]; readonly format?: string }
  /** `for i in range(n):` run while tracing: `counter` (a static integer node) takes 0 .. n-1 */
  | { readonly kind: "loop"; readonly counter: { v: number }; readonly bound: Node; readonly body: readonly DslStep[]; readonly pos: number }
  | { readonly kind: "assert"; readonly cond: Node; readonly msg: DslPieces | undefined; readonly pos: number }
  /** `t.fill(v)`: every element of a tensor over memory is v */
  | { readonly kind: "fill"; readonly tensor: Node; readonly value: number; readonly pos: number }
  /** `cute.print_tensor(t, verbose=False)`, printed at run time */
  | { readonly kind: "print_tensor"; readonly tensor: Node; readonly verbose: boolean; readonly pos: number }
  /** an assignment: Python runs it where it stands, so what it cannot compute is an error even if nothing prints it */
  | { readonly kind: "assign"; readonly value: Node; readonly pos: number };

/** a program in the DSL's spelling: assignments and the prints they feed, in order */
export interface DslStatements {
  readonly steps: readonly DslStep[];
  readonly slots: readonly DslSlot[];
}

/**
 * Reads a program in the DSL's spelling (the body of a @cute.jit function: assignments, `print(...)`,
 * `cute.printf(...)`, one statement a line), or undefined where the text is one plain expression
 * (read by parseDsl).
 */
export function parseDslStatements(src: string): DslStatements | undefined {
  if (src.length > MAX_INPUT) throw new ParseError(src.slice(0, 40), 0, `input longer than ${MAX_INPUT} characters`);
  const ranges = splitStatements(src);
  // one statement that is neither an assignment nor a print is an expression: parseDsl reads it
  if (ranges.length <= 1 && !/^\s*(?:print\s*\(|(?:cutlass\.)?(?:cute\.)?printf\s*\(|assert\b|[A-Za-z_]\w*\s*(?:,\s*[A-Za-z_]\w*\s*)*=(?!=))/.test(src)) return undefined;
  const parsed: Statement[] = [];
  const slots: DslSlot[] = [];
  for (const [a, b, indent] of ranges) {
    // for NAME in BOUND:  (the ':' is not the layout's)
    const m = /^(\s*)for\s+([A-Za-z_]\w*)\s+in\s+(.*?):\s*(?:#.*)?$/s.exec(src.slice(a, b));
    if (m) {
      const from = a + m[1]!.length + src.slice(a + m[1]!.length, b).indexOf(" in ") + 4;
      const to = from + m[3]!.trimEnd().length;
      const p = new Parser(src, lex(blanked(src, from, to)));
      const bound = p.expr();
      if (!p.atEnd()) p.fail("expected ':' ending the for statement");
      slots.push(...p.slots);
      parsed.push({ kind: "for", names: [m[2]!], value: bound, pos: a + m[1]!.length, indent });
      continue;
    }
    const p = new Parser(src, lex(blanked(src, a, b)));
    parsed.push({ ...p.statement(), indent });
    slots.push(...p.slots);
  }
  const isPrint = (d: D) => d.t === "call" && d.fn.t === "name" && (d.fn.name === "print" || dslName(d.fn.name) === "printf");
  if (parsed.length === 1 && parsed[0]!.kind === "expr" && !isPrint(parsed[0]!.value)) return undefined;
  const c = new Translator(src, slots);
  const pieces = (x: D): DslPieces => (x.t === "str" ? [x.v] : x.t === "fstr" ? x.parts.map((p) => (typeof p === "string" ? p : c.value(p))) : [c.value(x)]);
  let i = 0;
  // the names each enclosing loop found defined when it started: a body's assignments are read
  // once, renamed in order, so a value carried from one iteration to the next cannot be modelled
  const outer: Set<string>[] = [];
  const block = (indent: number): DslStep[] => {
    const steps: DslStep[] = [];
    while (i < parsed.length && parsed[i]!.indent! >= indent) {
      const st = parsed[i]!;
      if (st.indent! > indent) c.fail("unexpected indentation (only a for statement's body is indented)", st.pos);
      i++;
      const d = st.value;
      if (st.kind === "assign") {
        const names = st.names!;
        const carried = outer.length > 0 ? names.find((n) => outer[outer.length - 1]!.has(n)) : undefined;
        if (carried !== undefined) {
          throw new Unsupported(
            `a loop body assigning ${carried}, a variable from before the loop`,
            ` (a value carried from one iteration to the next): cute-ts evaluates the body's prints with the loop counter; assign a new name in the body, e.g. ${carried}_i = ...`,
          );
        }
        const node = c.value(d);
        steps.push({ kind: "assign", value: node, pos: st.pos });
        if (names.length === 1) c.env.set(names[0]!, node);
        else names.forEach((n, k) => c.env.set(n, c.call(DSL_INDEX, [], [node, intNode(st.pos, k, true)], st.pos)));
        continue;
      }
      if (st.kind === "for") {
        const bound = loopBound(d, c);
        const counter = intNode(st.pos, 0, true);
        const before = new Map(c.env);
        outer.push(new Set(c.env.keys()));
        c.env.set(st.names![0]!, counter);
        const bodyIndent = i < parsed.length ? parsed[i]!.indent! : -1;
        if (bodyIndent <= indent) c.fail("expected the for statement's body, indented under it", st.pos);
        const body = block(bodyIndent);
        outer.pop();
        // after the loop its names are those from before it: what the body assigned is the body's
        c.env.clear();
        for (const [k, v] of before) c.env.set(k, v);
        steps.push({ kind: "loop", counter, bound, body, pos: st.pos });
        continue;
      }
      if (st.kind === "assert") {
        steps.push({ kind: "assert", cond: c.value(d), msg: st.msg === undefined ? undefined : pieces(st.msg.t === "tuple" && st.msg.one ? st.msg.items[0]! : st.msg), pos: st.pos });
        continue;
      }
      // a docstring, or a string alone: nothing to do
      if (d.t === "str") continue;
      if (d.t === "call" && d.fn.t === "name" && dslName(d.fn.name) === "print_tensor") {
        const a = d.args.length === 1 ? d.args[0]! : c.fail("cute.print_tensor takes a tensor (and verbose=)", d.pos);
        let verbose = false;
        for (const k of d.kwargs) {
          if (k.name !== "verbose" || k.value.t !== "bool") c.fail("cute.print_tensor takes verbose=True or verbose=False", k.pos);
          verbose = (k.value as D & { t: "bool" }).v;
        }
        steps.push({ kind: "print_tensor", tensor: c.value(a), verbose, pos: d.pos });
        continue;
      }
      const fillOf = d.t === "call" ? fillTarget(d, c) : undefined;
      if (fillOf !== undefined) {
        const call = d as D & { t: "call" };
        if (call.args.length !== 1 || call.kwargs.length > 0) c.fail("t.fill(v) takes one value", call.pos);
        steps.push({ kind: "fill", tensor: fillOf, value: c.staticInt(call.args[0]!, "the value of t.fill (cute-ts fills with a Python int)"), pos: call.pos });
        continue;
      }
      if (!isPrint(d)) c.fail("a statement is an assignment, print(...), cute.printf(...), assert or a for loop over range_constexpr: cute-ts runs no other", d.pos);
      const call = d as D & { t: "call" };
      const kind = (call.fn as D & { t: "name" }).name === "print" ? "print" : "printf";
      if (call.kwargs.length > 0) c.fail(`cute-ts reads ${kind}(...) without keyword arguments`, call.kwargs[0]!.pos);
      if (kind === "printf" && call.args[0]?.t === "str") steps.push({ kind, format: call.args[0].v, parts: call.args.slice(1).map(pieces) });
      else steps.push({ kind, parts: call.args.map(pieces) });
    }
    return steps;
  };
  const steps = block(parsed[0]?.indent ?? 0);
  if (i < parsed.length) c.fail("unexpected indentation", parsed[i]!.pos);
  return { steps, slots };
}

/** the tensor of `t.fill(v)` (t a variable or any expression), or undefined */
function fillTarget(d: D & { t: "call" }, c: Translator): Node | undefined {
  const fn = d.fn;
  if (fn.t === "attr" && fn.name === "fill") return c.value(fn.target);
  if (fn.t === "name" && fn.name.endsWith(".fill")) return c.variable(fn.name.slice(0, -".fill".length), fn.pos);
  return undefined;
}

/** a meta loop's bound: `range(n)`, `cutlass.range_constexpr(n)` (the body runs while tracing, n times); cutlass.range is a loop on the device */
function loopBound(d: D, c: Translator): Node {
  if (d.t === "call" && d.fn.t === "name" && d.args.length === 1 && d.kwargs.length === 0) {
    const n = d.fn.name.replace(/^cutlass\./, "");
    if (n === "range" && d.fn.name.startsWith("cutlass.")) c.fail("cutlass.range is a loop on the device: its body is traced once (cute-ts unrolls cutlass.range_constexpr and Python's range)", d.pos);
    if (n === "range" || n === "range_constexpr") return c.value(d.args[0]!);
  }
  c.fail("cute-ts runs for loops over range(n) and cutlass.range_constexpr(n)", d.pos);
}

