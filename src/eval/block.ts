/**
 * A block of statements pasted from a kernel's host code, run as if compiled inside main()
 * after `#include <cute/tensor.hpp>` and `using namespace cute;`: declarations (`auto x = e;`,
 * `Tensor t = e;`, `TiledMMA mma = e;`, `Copy_Atom<OP, T> atom;`, `constexpr int bM = 128;`),
 * type aliases (`using T = half_t;`, `using L = decltype(e);`), print statements (print,
 * printf, print_layout, print_tensor, print_latex, print_svg), assertions (static_assert,
 * CUTE_STATIC_ASSERT_V, assert) and expressions. Names are scoped to the block; a name used as
 * a template argument (`Copy_Atom<OP, T>`, `Int<bM>`) is the alias or constant it names.
 *
 * The text printed is what the block's print statements wrote; a block without one gives the
 * value of its last statement, for the command to print as it prints an expression.
 */
import { CuteError, ParseError, UnsupportedSyntax, UsageError } from "../core/errors.js";
import { D, Int } from "../core/integer.js";
import { Layout, make_layout } from "../core/layout.js";
import { ComposedLayout } from "../core/swizzle.js";
import { ArithIter, CountingIter, PtrIter, Tensor, TmemIter } from "../core/tensor.js";
import { show } from "../print/print.js";
import { print_layout, print_tensor } from "../print/layout.js";
import { NO_TARGS, type Node, type Program, type Stmt, type TypeRef, forEachChild, initNode as makeInit, intNode, nameNode, parseProgram, spellType, typeNameNode } from "../notation/parse.js";
import { type CallNode, type InitNode, evalNode } from "../notation/read.js";
import { asIntTuple, isIntTuple } from "../notation/coerce.js";
import { AtomValue, type EvalHooks, type EvalValue, ExtValue, extState, unchecked } from "./ext-value.js";
import { blockSupport, checkValue, computedTarg, retyped } from "./evaluate.js";
import { FloatValue, floatType, printFloat, toFloat, truncated } from "./float.js";
import { cPrintf, cString } from "./printf.js";
import { convert, coreType } from "./types.js";

/** what a program gives: an expression's value, or a block's printed text and last value */
export type ProgramResult = { k: "value"; value: EvalValue } | { k: "block"; printed: string | null; last: EvalValue | undefined };

/** the names a block declares */
export interface Scope {
  values: Map<string, EvalValue>;
  /** names usable as integer template arguments: constexpr/const integers, and static integers */
  constants: Map<string, number>;
  aliases: Map<string, TypeRef>;
  /** the values of `decltype(e)` aliases, evaluated once */
  decltypes: Map<string, EvalValue>;
  /** the block has template arguments computed when it runs (Program.computed): they are resolved in this scope */
  computed: boolean;
  /** a program's own meaning of names and calls (src/eval/run/), around the block's hooks */
  wrap?: (h: EvalHooks) => EvalHooks;
  /**
   * the scopes inside the block's own (compound statements, ifs' and loops' bodies, a for's
   * init), innermost last: for each name declared there, what the name held outside, put back
   * when the scope ends
   */
  frames: Map<string, Shadowed>[];
}
/** what a name held in an enclosing scope */
interface Shadowed {
  value: EvalValue | undefined;
  constant: number | undefined;
  alias: TypeRef | undefined;
  decltype: EvalValue | undefined;
}

/** how many times a block's loops may run their bodies, all loops together (a bound on time) */
export const MAX_ITERATIONS = 1 << 16;
/**
 * how much work a block's loops may do, all loops together, whatever their bodies do (a bound on
 * time that is the same on every machine): each call, operator, member, cast or initialisation
 * evaluated inside a loop counts 1 and the integers of its arguments and of its result (its
 * leaves: what the work on them is proportional to), an atom among them ATOM_WORK
 */
export const MAX_LOOP_WORK = 1 << 22;
/** the work an MMA or copy atom read or made counts (building or partitioning with one costs about as much as thousands of integers) */
const ATOM_WORK = 4096;
/** how much text a block's print statements may write (a bound on memory) */
export const MAX_PRINTED = 1 << 26;

/** `break` or `continue` on its way to the loop that takes it (a block's loops and a program's: src/eval/run/machine.ts) */
export class Jump {
  constructor(readonly what: "break" | "continue") {}
}

/** run() in a scope of its own: the names it declares end with it */
export function inScope(scope: Scope, run: () => void): void {
  scope.frames.push(new Map());
  try {
    run();
  } finally {
    leaveScope(scope);
  }
}

/** `using X = T;` in the innermost scope (`using T = typename decltype(t)::value_type;`: the tensor's element type) */
export function bindAlias(st: Stmt & { k: "using" }, scope: Scope, ev: (n: Node) => EvalValue, src: string): void {
  if (st.type.k === "type") resolveTypes(st.type.node, scope, src);
  shadow(scope, st.name);
  scope.aliases.set(st.name, st.type.k === "decltype" && st.type.member !== undefined ? valueTypeAlias(st.type, ev(st.type.e), src) : st.type);
  scope.decltypes.delete(st.name);
}

/**
 * A for or while loop, as a block and a program run it: the init in a scope of the loop's own,
 * then while `test` holds the condition true, `tick` (the caller's bound on time), the body in a
 * scope of its own (`break` and `continue` taken here), the step. `looping` wraps the iterations
 * (the init excluded): a block counts the work done inside its loops.
 */
export function runLoop(st: Stmt & { k: "loop" }, scope: Scope, exec: (s: Stmt) => void, test: (cond: Node) => boolean, tick: () => void, looping: (run: () => void) => void = (run) => run()): void {
  inScope(scope, () => {
    if (st.init !== null) exec(st.init);
    looping(() => {
      // a do-while's body runs once before its condition is tested
      let first = st.word === "do";
      while (first || st.cond === null || test(st.cond)) {
        first = false;
        tick();
        try {
          inScope(scope, () => exec(st.body));
        } catch (e) {
          if (!(e instanceof Jump)) throw e;
          if (e.what === "break") break;
        }
        if (st.step !== null) exec(st.step);
      }
    });
  });
}

/** CuTe's class templates a declaration names without template arguments (their arguments deduced): what each holds */
const DEDUCED: ReadonlyMap<string, (v: EvalValue) => boolean> = new Map<string, (v: EvalValue) => boolean>([
  ["Tensor", (v) => v instanceof Tensor],
  ["Layout", (v) => v instanceof Layout],
  ["ComposedLayout", (v) => v instanceof ComposedLayout],
  // the TMA tensors doc declares make_inttuple_iter's iterator by its class template's name
  ["ArithmeticTupleIterator", (v) => v instanceof ArithIter],
  ["TiledMMA", (v) => v instanceof AtomValue && (v.what === "a TiledMMA" || v.what === "a ThrMMA")],
  ["ThrMMA", (v) => v instanceof AtomValue && v.what === "a ThrMMA"],
  ["TiledCopy", (v) => v instanceof AtomValue && v.what === "a TiledCopy"],
  ["ThrCopy", (v) => v instanceof AtomValue && v.what === "a ThrCopy"],
  ["MMA_Atom", (v) => v instanceof AtomValue && v.what === "an MMA_Atom"],
  ["Copy_Atom", (v) => v instanceof AtomValue && v.what === "a Copy_Atom"],
]);

const DEVICE_VALUES = new Set(["threadIdx", "blockIdx", "blockDim", "gridDim", "clusterIdx", "warpSize"]);

/** the argument of `eval` / `print`: an expression's value, or a block's output; a promise while the atoms load */
export function evaluateProgram(src: string, force: boolean): ProgramResult | Promise<ProgramResult> {
  const prog = parseProgram(src);
  const attempt = (): ProgramResult => (prog.k === "expr" ? { k: "value", value: expression(prog.e, src) } : runBlock(prog, src, force));
  return blockSupport.withModules(attempt, prog);
}

function expression(e: Node, src: string): EvalValue {
  extState.made = false;
  return checkValue(evalNode(e, src, blockSupport.hooks()) as EvalValue);
}

function runBlock(prog: Program & { k: "block" }, src: string, force: boolean): ProgramResult {
  const scope: Scope = { values: new Map(), constants: new Map(), aliases: new Map(), decltypes: new Map(), computed: prog.computed, frames: [] };
  let iterations = 0;
  /** the loops being run, and the work done inside them */
  let loops = 0;
  let work = 0;
  const count = (values: readonly unknown[]): void => {
    if (loops === 0) return;
    work += 1;
    for (const v of values) work += v instanceof AtomValue ? ATOM_WORK : leavesOf(v, MAX_LOOP_WORK - work + 1);
    if (work > MAX_LOOP_WORK) throw new UsageError(`the block's loops did more than ${MAX_LOOP_WORK} steps of work (calls, and the integers they read and made): cute-ts stops there (a bound on time)`);
  };
  const hooks = counted(blockHooks(blockSupport.hooks(), scope, src), count);
  let printed: string | null = null;
  let last: EvalValue | undefined;
  const ev = (n: Node): EvalValue => {
    // a scope may hold atoms: every core function checks its arguments for them
    extState.made = true;
    return checkValue(evalNode(resolveTypes(n, scope, src), src, hooks) as EvalValue);
  };
  /** a statement in a scope of its own (C++: an if's or a loop's body is one, braces or not) */
  const scoped = (st: Stmt): void => inScope(scope, () => exec(st));
  const exec = (st: Stmt): void => {
    switch (st.k) {
      case "expr":
        last = ev(st.e);
        break;
      case "using":
        bindAlias(st, scope, ev, src);
        break;
      case "decl":
        for (const d of st.decls) {
          const v = declare(st, d, ev, hooks, scope, src);
          bindDeclared(scope, d, v, st.constexpr);
          last = v;
        }
        break;
      case "print": {
        const text = printStatement(st, ev, force, MAX_PRINTED - (printed?.length ?? 0));
        if ((printed?.length ?? 0) + text.length > MAX_PRINTED) printedTooMuch();
        printed = (printed ?? "") + text;
        break;
      }
      case "assign":
        bind(scope, st.name, assign(st, scope, ev(st.e), src), false);
        break;
      case "assert":
        check(st, ev(st.e), src, constexpr(st.e, scope));
        break;
      case "compound":
        inScope(scope, () => {
          for (const x of st.stmts) exec(x);
        });
        break;
      case "if":
        if (truth(ev(st.cond), "if", st.cond, src)) scoped(st.then);
        else if (st.else !== null) scoped(st.else);
        break;
      case "loop":
        // the for's init declares its names for the loop only; the work inside the loop is counted
        runLoop(
          st,
          scope,
          exec,
          (cond) => truth(ev(cond), st.word, cond, src),
          () => {
            if (++iterations > MAX_ITERATIONS) throw new UsageError(`the block's loops ran their bodies more than ${MAX_ITERATIONS} times: cute-ts stops there (a bound on time)`);
            count([]);
          },
          (run) => {
            loops++;
            try {
              run();
            } finally {
              loops--;
            }
          },
        );
        break;
      case "jump":
        throw new Jump(st.what);
    }
  };
  for (const st of prog.stmts) exec(st);
  return { k: "block", printed, last };
}

/** hooks that hand each evaluated call's arguments and result to `count` */
function counted(h: EvalHooks, count: (values: readonly unknown[]) => void): EvalHooks {
  const after = <T>(args: readonly unknown[], r: T): T => {
    count([...args, r]);
    return r;
  };
  return {
    ...h,
    call: (n, args, s) => after(args, h.call(n, args, s)),
    apply: (t, args) => after([t, ...args], h.apply(t, args)),
    init: (n, args, s) => after(args, h.init(n, args, s)),
    op: (n, args, s) => after(args, h.op(n, args, s)),
    cast: (n, a, s) => after([a], h.cast(n, a, s)),
    addressOf: (n, t, args, s) => after([t, ...args], h.addressOf(n, t, args, s)),
    member: (n, t, args, s) => after([t, ...args], h.member(n, t, args, s)),
  };
}

/** the integers of a value (a layout's shape and stride, a tensor's layout), counted up to `cap` */
function leavesOf(v: unknown, cap: number): number {
  let n = 0;
  const walk = (x: unknown, depth: number): void => {
    if (n >= cap || depth > 600) return;
    if (Array.isArray(x)) for (const y of x) walk(y, depth + 1);
    else if (x instanceof Layout) {
      walk(x.shape, depth + 1);
      walk(x.stride, depth + 1);
    } else if (x instanceof Tensor) walk(x.layout, depth + 1);
    else n++;
  };
  walk(v, 0);
  return n;
}

/** a condition's truth: an integer (CuTe's bool is one) other than 0 */
export function truth(v: EvalValue, what: string, n: Node, src: string): boolean {
  if (v instanceof Int) return v.v !== 0;
  if (v instanceof FloatValue) return v.v !== 0;
  throw new ParseError(src, n.pos, `the condition of '${what}' is ${describe(v)}: cute-ts reads integer and bool conditions`);
}

/** a name about to be declared in the innermost scope: what it held outside, kept for when the scope ends */
export function shadow(scope: Scope, name: string): void {
  const frame = scope.frames[scope.frames.length - 1];
  if (frame === undefined || frame.has(name)) return;
  frame.set(name, { value: scope.values.get(name), constant: scope.constants.get(name), alias: scope.aliases.get(name), decltype: scope.decltypes.get(name) });
}
/** the innermost scope ends: the names it declared hold again what they held outside it */
export function leaveScope(scope: Scope): void {
  const frame = scope.frames.pop()!;
  const put = <T>(m: Map<string, T>, name: string, x: T | undefined) => (x === undefined ? m.delete(name) : m.set(name, x));
  for (const [name, old] of frame) {
    put(scope.values, name, old.value);
    put(scope.constants, name, old.constant);
    put(scope.aliases, name, old.alias);
    put(scope.decltypes, name, old.decltype);
  }
}

export function bind(scope: Scope, name: string, v: EvalValue, constexpr: boolean): void {
  scope.values.set(name, v);
  scope.constants.delete(name);
  scope.aliases.delete(name);
  if (v instanceof Int && (v.s || constexpr)) scope.constants.set(name, v.v);
}

/** a declarator's value bound in the innermost scope: `auto x = v;`, or `auto [a, b] = v;` each name to its part of a tuple */
export function bindDeclared(scope: Scope, d: { name: string; bind: string[] | null }, v: EvalValue, constexpr: boolean): void {
  if (d.bind === null) {
    shadow(scope, d.name);
    bind(scope, d.name, v, constexpr);
    return;
  }
  const names = d.bind;
  const parts = Array.isArray(v) ? (v as EvalValue[]) : undefined;
  if (parts === undefined || parts.length !== names.length) throw new CuteError("auto [...]", `a structured binding of ${names.length} names needs a tuple of ${names.length} values`, [describe(v)]);
  names.forEach((name, i) => {
    shadow(scope, name);
    bind(scope, name, parts[i]!, constexpr);
  });
}

export const describe = (v: EvalValue): string => (v instanceof ExtValue ? v.what : show(v));

/**
 * `x = e;` for an integer variable the block declared: a dynamic integer (an int) takes the new
 * value as an int; a static one (Int<N>) holds only N. Other variables keep the types their
 * declarations gave them, which cute-ts does not track: refused.
 */
export function assign(st: Stmt & { k: "assign" }, scope: Scope, v: EvalValue, src: string): EvalValue {
  const old = scope.values.get(st.name);
  if (old === undefined) throw new ParseError(src, st.pos, `use of undeclared identifier '${st.name}' (declare it first: auto ${st.name} = ...;)`);
  if (old instanceof FloatValue) {
    const f = toFloat(v, old.type);
    if (f === undefined) throw new CuteError(`${st.name} = ...`, `no viable conversion from ${describe(v)} to the ${old.type} ${st.name}`, [describe(v)]);
    return f;
  }
  if (!(old instanceof Int)) throw new UnsupportedSyntax(src, st.pos, `assignments to a variable that is not an integer (${st.name} holds ${describe(old)}): declare a new name`);
  // a floating value converts to an int toward zero
  if (v instanceof FloatValue && !old.s) return truncated(v);
  if (!(v instanceof Int)) throw new CuteError(`${st.name} = ...`, `no viable conversion from ${describe(v)} to the integer ${st.name}`, [describe(v)]);
  if (old.s && v.v !== old.v) throw new CuteError(`${st.name} = ...`, `${st.name} is an Int<${old.v}>: it holds ${old.v} only, not ${v.v}`, [show(old), show(v)]);
  return old.s ? old : D(v.v);
}

/** the value a declarator declares */
export function declare(st: Stmt & { k: "decl" }, d: (Stmt & { k: "decl" })["decls"][number], ev: (n: Node) => EvalValue, hooks: EvalHooks, scope: Scope, src: string): EvalValue {
  const init = d.init;
  const one = (): EvalValue => {
    if (init === null) throw new CuteError(`${typeText(st.type, src)} ${d.name}`, "declaration of a deduced type without an initializer");
    if (init.k === "=") return ev(init.e);
    if (init.args.length !== 1) throw new CuteError(`${typeText(st.type, src)} ${d.name}`, `a deduced declaration takes one initializer, found ${init.args.length}`);
    return ev(init.args[0]!);
  };
  const t = st.type;
  if (t.k === "auto") return one();
  if (t.k === "decltype" && t.member !== undefined) throw new UnsupportedSyntax(src, t.pos, "declarations of type decltype(...)::value_type (alias it first: using T = typename decltype(x)::value_type;)");
  if (t.k === "decltype") return init === null ? defaultValue(ev(t.e)) : one();
  const type = resolveTypes(t.node, scope, src);
  // float / double (or an alias of one): an initialiser converts; without one the value is indeterminate in C++
  const ft = type.types === null ? floatType(type.name) : undefined;
  if (ft !== undefined) {
    if (init === null) throw new CuteError(`${type.name} ${d.name}`, `declared without a value: C++ leaves a ${type.name} indeterminate (write ${type.name} ${d.name} = 0;)`);
    const v = one();
    const f = toFloat(v, ft);
    if (f === undefined) throw new CuteError(`${type.name} ${d.name} = ...`, `no viable conversion from ${describe(v)} to ${type.name}`, [describe(v)]);
    return f;
  }
  const alias = scope.decltypes.get(type.name) ?? decltypeAlias(type.name, scope, ev);
  if (alias !== undefined) return init === null ? alias : one();
  const deduced = type.types === null ? DEDUCED.get(type.name) : undefined;
  if (deduced !== undefined) {
    const v = one();
    if (!deduced(v)) throw new CuteError(`${type.name} ${d.name} = ...`, `no viable conversion from ${describe(v)} to ${type.name}`, [describe(v)]);
    return v;
  }
  const make = (args: EvalValue[], pos: number): EvalValue => hooks.init(initNode(type, pos), args, src);
  if (init === null) return make([], type.pos);
  if (init.k !== "=") return make(init.args.map(ev), init.pos);
  const v = ev(init.e);
  // an integer type from a float or double: toward zero
  if (v instanceof FloatValue && coreType(type.name) !== undefined && make([], type.pos) instanceof Int) return truncated(v);
  // copy-initialisation: a core type converts the value; an atom type takes an atom as it is
  if (coreType(type.name)) return convert(unchecked(make([], type.pos)), v, `${spellType(type, src)} ${d.name}`) as EvalValue;
  if (v instanceof AtomValue) return v;
  return make([v], type.pos);
}

/**
 * `typename decltype(t)::value_type` (Tensor's value_type: its engine's element type) as the type it
 * names, for a tensor whose iterator knows its element type by name (a typed pointer, a UMMA
 * accumulator's tmem_ptr, a counting iterator's int)
 */
export function valueTypeAlias(t: TypeRef & { k: "decltype" }, v: EvalValue, src: string): TypeRef {
  const name = v instanceof Tensor ? valueTypeName(v) : undefined;
  if (name === undefined) {
    const what = v instanceof Tensor ? "a tensor whose iterator knows only the width of its elements (a pointer read from its print)" : describe(v);
    throw new UnsupportedSyntax(src, t.pos, `decltype(...)::value_type of ${what} (write the type it names, e.g. using AccType = float;)`);
  }
  return { k: "type", node: typeNameNode(name, t.pos), pos: t.pos };
}

function valueTypeName(t: Tensor): string | undefined {
  const it = t.iter;
  if (it instanceof PtrIter || it instanceof TmemIter) return it.type === undefined || it.type === "" ? undefined : it.type;
  if (it instanceof CountingIter) return "int";
  return undefined;
}

/** the value a `decltype(e)` alias default-constructs, if the name is one */
function decltypeAlias(name: string, scope: Scope, ev: (n: Node) => EvalValue): EvalValue | undefined {
  const a = scope.aliases.get(name);
  if (a === undefined || a.k !== "decltype") return undefined;
  const v = defaultValue(ev(a.e));
  scope.decltypes.set(name, v);
  return v;
}

/** a value-initialised object of the type of v: its dynamic integers are 0 (an atom's type is all static) */
function defaultValue(v: EvalValue): EvalValue {
  if (v instanceof AtomValue) return v;
  const zero = (x: unknown): unknown => {
    if (x instanceof Int) return x.s ? x : D(0);
    if (Array.isArray(x)) return x.map(zero);
    if (x instanceof Layout) return make_layout(zero(x.shape) as never, zero(x.stride) as never);
    return x;
  };
  return zero(v) as EvalValue;
}

function typeText(t: TypeRef, src: string): string {
  return t.k === "auto" ? "auto" : t.k === "decltype" ? "decltype(...)" : spellType(t.node, src);
}

function initNode(type: Node & { k: "name" }, pos: number): InitNode {
  return makeInit(pos, type.name, type.targs, type.types, []);
}

/**
 * Names the block declared, in template arguments: an alias stands for its type, a constant for
 * its integer (`Int<bM>`); the node's template arguments are read again. A call or value of an
 * aliased type (`TileShape{}`) takes the alias's name and arguments.
 */
export function resolveTypes<N extends Node>(n: N, scope: Scope, src: string): N {
  if (scope.aliases.size === 0 && scope.constants.size === 0 && !scope.computed) return n;
  walk(n, scope, src, 0);
  return n;
}

function walk(n: Node, scope: Scope, src: string, depth: number): void {
  if (depth > 1000) return;
  const m = n;
  if ((m.k === "init" || m.k === "call" || m.k === "name") && scope.aliases.has(m.name)) {
    const a = scope.aliases.get(m.name)!;
    if (a.k === "type" && m.types === null) {
      m.name = a.node.name;
      m.types = a.node.types;
      m.targs = a.node.targs;
      // an alias of an alias (using T = E;) is spelled as the type E names
      if (m.k === "name") m.spelled = spellType(a.node, src);
    }
  }
  // a cast names a value type: (T*)x with `using T = float;` is (float*)x
  if (m.k === "cast" && scope.aliases.has(m.name)) {
    const a = scope.aliases.get(m.name)!;
    if (a.k !== "type") throw new UnsupportedSyntax(src, m.pos, `decltype aliases (${m.name}) in a cast`);
    m.name = spellType(a.node, src);
  }
  if ((m.k === "init" || m.k === "call" || m.k === "name" || m.k === "member") && m.types !== null) {
    const before = m.types;
    const after = before.map((t) => typeArg(t, scope, src, depth));
    const same = after.every((t, i) => t === before[i]);
    // a node whose arguments resolve to what they were already spelled from keeps its spelling (a loop's statements are resolved at each run)
    if (!same || !SPELLED.has(m)) {
      m.types = after;
      m.targs = after.map((t) => (t.k === "int" ? t.v : spellType(t, src)));
      // a type named with what its arguments became (UniversalCopy<uint_byte_t<16>>), not as the source wrote them
      if (m.k === "name" && !same) m.spelled = `${m.name}<${after.map((t) => spellType(t, src)).join(",")}>`;
      SPELLED.add(m);
    }
  }
  forEachChild(m, (x) => walk(x, scope, src, depth + 1));
}

/** nodes whose targs walk spelled from their current types */
const SPELLED = new WeakSet<Node>();

export function typeArg(t: Node, scope: Scope, src: string, depth: number): Node {
  // sizeof(Element) * size(val_layout): computed in the block's scope, an integer from here on
  if (t.k === "texpr") return computedTarg(t, src, (e) => checkValue(evalNode(resolveTypes(e, scope, src), src, blockHooks(blockSupport.hooks(), scope, src)) as EvalValue));
  // decltype(e) (a program's template argument): the type of e's value, carried on a name node
  if (t.k === "call" && t.name === "decltype") {
    const v = checkValue(evalNode(resolveTypes(t.args[0]!, scope, src), src, blockHooks(blockSupport.hooks(), scope, src)) as EvalValue);
    return valueName(v, t.pos);
  }
  if (t.k !== "name") return t;
  if (t.types === null) {
    const a = scope.aliases.get(t.name);
    if (a !== undefined) {
      if (a.k === "type") return a.node;
      // a decltype alias names the type of a value the block evaluates: the argument carries that value
      const v = decltypeValue(t.name, scope, src);
      return nameNode(t.pos, t.name, NO_TARGS, null, t.end, t.name, v);
    }
    const c = scope.constants.get(t.name);
    if (c !== undefined) return intNode(t.pos, c, false);
    return t;
  }
  if (depth > 1000) return t;
  // a type with template arguments of its own (SM80_CP_ASYNC_CACHEALWAYS<TA>): a new node spelled with them substituted
  const types = t.types.map((x) => typeArg(x, scope, src, depth + 1));
  if (types.every((x, i) => x === t.types![i])) return t;
  return retyped(t, types, `${t.name}<${types.map((x) => spellType(x, src)).join(",")}>`, src);
}

/** a type named by a value (decltype(x)): a scalar's type by name, any other value carried on the node */
function valueName(v: EvalValue, pos: number): Node {
  const name = v instanceof FloatValue ? v.type : v instanceof Int ? "int" : "decltype";
  return typeNameNode(name, pos, v instanceof FloatValue || v instanceof Int ? undefined : v);
}

/** the value a `decltype(e)` alias value-initialises, e evaluated in the block's scope (once) */
function decltypeValue(name: string, scope: Scope, src: string, base: EvalHooks = blockSupport.hooks()): EvalValue {
  return scope.decltypes.get(name) ?? decltypeAlias(name, scope, (e) => checkValue(evalNode(resolveTypes(e, scope, src), src, blockHooks(base, scope, src)) as EvalValue))!;
}

/** the hooks last made for a scope, with the base and text they were made for (they read the scope's maps as they are when called) */
const HOOKS = new WeakMap<Scope, { base: EvalHooks; src: string; hooks: EvalHooks }>();

/** the block's own meaning of names and of calls and values of aliased types */
export function blockHooks(base: EvalHooks, scope: Scope, src: string): EvalHooks {
  const made = HOOKS.get(scope);
  if (made !== undefined && made.base === base && made.src === src) return made.hooks;
  const h = ownHooks(base, scope, src);
  const hooks = scope.wrap === undefined ? h : scope.wrap(h);
  HOOKS.set(scope, { base, src, hooks });
  return hooks;
}
function ownHooks(base: EvalHooks, scope: Scope, src: string): EvalHooks {
  return {
    ...base,
    name(n) {
      const v = scope.values.get(n.name);
      if (v !== undefined) return v;
      if (DEVICE_VALUES.has(n.name)) throw new ParseError(src, n.pos, `${n.name} is a CUDA device value: cute-ts evaluates host code, so write the index itself (e.g. 37)`);
      if (scope.aliases.has(n.name)) throw new ParseError(src, n.pos, `'${n.name}' names a type (using ${n.name} = ...): write a value of it, ${n.name}{}`);
      if (/^[a-z_]\w*$/i.test(n.name) && !/^(?:LayoutLeft|LayoutRight|GenColMajor|GenRowMajor|ArithTuple_?\d+|true|false|nullptr)$/.test(n.name)) {
        throw new ParseError(src, n.pos, `unknown name '${n.name}': a name is declared earlier in the pasted block (auto ${n.name} = ...;), which is all cute-ts sees`);
      }
      return undefined;
    },
    init(n, args, s) {
      const d = scope.aliases.get(n.name)?.k === "decltype" ? decltypeValue(n.name, scope, src, base) : undefined;
      if (d !== undefined) {
        if (args.length > 0) throw new CuteError(`${n.name}{...}`, "cute-ts value-initialises a decltype alias only: write {}");
        return d;
      }
      return base.init(n, args, s);
    },
    call(n: CallNode, args, s) {
      // a declared value called: CuTe's operator() (sA(_,_,0), L(3))
      const v = n.types === null ? scope.values.get(n.name) : undefined;
      if (v !== undefined) return base.apply(v, args);
      if (scope.aliases.get(n.name)?.k === "decltype" && args.length === 0) return this.init(makeInit(n.pos, n.name, n.targs, n.types, n.args), args, s);
      return base.call(n, args, s);
    },
  };
}

// ---------------------------------------------------------------- print statements

/** the refusal of a block whose print statements would write more than MAX_PRINTED characters */
function printedTooMuch(): never {
  throw new UsageError(`the block's print statements would write more than ${MAX_PRINTED} characters: cute-ts stops there`);
}

/** a print statement's text; `room`: how many characters the block may still print */
export function printStatement(st: Stmt & { k: "print" }, ev: (n: Node) => EvalValue, force: boolean, room: number): string {
  const args = st.args;
  const fn = st.fn;
  if (fn === "printf" || (fn === "print" && args.length > 1)) {
    const [fmt, ...rest] = args;
    if (fmt === undefined || fmt.k !== "string") throw new CuteError(fn, "no matching overload: the first argument is a format string (print(\"%d\\n\", x))");
    return cPrintf(fmt.text, rest.map((a) => (a.k === "string" ? a.text : ev(a.e))), fn, room, (a) => describe(a as EvalValue), printedTooMuch);
  }
  if (args.length !== 1) throw new CuteError(fn, `no matching overload for ${args.length} arguments (takes one)`);
  const a = args[0]!;
  if (a.k === "string") {
    if (fn !== "print") throw new CuteError(fn, "no matching overload for a string");
    return cString(a.text);
  }
  const v = ev(a.e);
  switch (fn) {
    case "print":
      if (v instanceof AtomValue) return v.print();
      if (v instanceof FloatValue) return printFloat(v);
      return describe(v);
    case "print_layout": {
      const l = v instanceof Layout || v instanceof ComposedLayout ? v : isIntTuple(v) ? make_layout(asIntTuple(v, "print_layout")) : undefined;
      if (l === undefined) throw new CuteError("print_layout", "no matching overload: it draws a rank-2 layout", [describe(v)]);
      return print_layout(l, force);
    }
    case "print_tensor":
      if (!(v instanceof Tensor)) throw new CuteError("print_tensor", "no matching overload: it prints a tensor", [describe(v)]);
      return print_tensor(v, force);
    default: {
      // print_latex / print_svg: a layout (or a shape, as make_layout of it), or a TiledMMA, MMA_Atom or TiledCopy
      const kind = fn === "print_latex" ? "latex" : "svg";
      const pics = blockSupport.pictures();
      if (v instanceof AtomValue) return v.picture(kind, force, pics.atoms);
      const l = v instanceof Layout || v instanceof ComposedLayout ? v : isIntTuple(v) ? make_layout(asIntTuple(v, fn)) : undefined;
      if (l === undefined) throw new CuteError(fn, "no matching overload: it draws a layout, a TiledMMA or a TiledCopy", [describe(v)]);
      return kind === "latex" ? pics.layouts.print_latex_layout(l, force) : pics.layouts.print_svg_layout(l, force);
    }
  }
}

/**
 * a C++ constant expression whose value is a plain integer: a trait's `::value`, an integer
 * literal, a constexpr name, and operators on them (static_assert(is_static<L>::value) holds)
 */
export function constexpr(n: Node, scope: Scope): boolean {
  if (n.k === "int") return true;
  // a variable template's value (cosize_v<L>) is a constant too
  if (n.k === "name") return scope.constants.has(n.name) || n.name === "true" || n.name === "false" || (n.types !== null && /_v$/.test(n.name));
  if (n.k === "op") return n.name === "::value" || n.args.every((a) => constexpr(a, scope));
  return false;
}

/** static_assert / CUTE_STATIC_ASSERT_V / CUTE_STATIC_ASSERT (a constant condition) and assert (any) */
export function check(st: Stmt & { k: "assert" }, v: EvalValue, src: string, constant: boolean): void {
  const end = src.indexOf(";", st.pos);
  const cond = src.slice(st.pos, end < 0 ? src.length : end).replace(/\s+/g, " ");
  if (!(v instanceof Int)) throw new CuteError(st.fn, "the condition is not an integer or boolean", [describe(v)]);
  const isStatic = st.fn !== "assert";
  if (isStatic && !v.s && !constant) throw new CuteError(st.fn, "the condition is not a constant expression (it is a dynamic value)", [cond]);
  // as a compiler reports it: static assertion failed[: message]
  if (v.v === 0) throw new CuteError(st.fn, isStatic ? `static assertion failed${st.message === null ? "" : `: ${st.message}`}` : st.message ?? "assertion failed", [cond]);
}

