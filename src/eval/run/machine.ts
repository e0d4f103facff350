/**
 * The interpreter of `cute-ts run`: runs a translation unit's main(argc, argv) statement by
 * statement over the block evaluator's scopes (../block.ts), with functions and function
 * templates (arguments deduced from the call), kernel launches run for one selected thread, and
 * the host API as fixed answers (./host.ts). What only the GPU knows is an `Unknown`, said once.
 */
import { CuteError, ParseError, UsageError } from "../../core/errors.js";
import { D, Int, S } from "../../core/integer.js";
import { PtrIter } from "../../core/tensor.js";
import { type Node, type Stmt, type TypeRef, typeNameNode } from "../../notation/parse.js";
import { evalNode } from "../../notation/read.js";
import { type FunctionDecl, type Unit, parseBody } from "../../notation/cxx/program.js";
import { Jump, type Scope, bind, bindAlias, bindDeclared, blockHooks, declare, describe, inScope, printStatement, resolveTypes, runLoop, shadow, truth } from "../block.js";
import { blockSupport, checkValue } from "../evaluate.js";
import { type EvalHooks, type EvalValue, FloatValue, extState, unchecked } from "../ext-value.js";
import { toFloat, truncated } from "../float.js";
import { ArgvValue, Buffer, Exit, RunValue, Unknown } from "./values.js";
import { LocalArray } from "./arrays.js";

/** how many statements a run may execute, all functions together (a bound on time) */
export const MAX_STEPS = 200_000;
/** how deep calls may nest */
const MAX_CALLS = 200;

export class Return {
  constructor(readonly value: EvalValue | undefined) {}
}
/** refusals already given their statement's file:line */
const PLACED = new WeakSet<Error>();
/** an error whose message already says its file:line (Machine.exec then adds none) */
export function placed<E extends Error>(e: E): E {
  PLACED.add(e);
  return e;
}

/** a condition only the GPU can decide */
class Undecided {
  constructor(
    readonly why: string,
    readonly pos: number,
  ) {}
}

/** what the machine asks of the host around it (./host.ts) */
export interface MachineHost {
  machine: Machine;
  globals: Frame | null;
  readonly file: string;
  where(pos: number): string;
  note(what: string, pos: number): void;
  needsGpu(why: string, pos: number): Error;
  write(text: string, err: boolean): void;
  /** a print statement ran at `pos`: what it wrote, what only the GPU knows of its value, or the refusal it stopped on */
  printed?(pos: number, out: PrintOutcome): void;
  /** how much stdout holds, what it got since, and stdout cut back to that */
  outLength(): number;
  outSince(at: number): string;
  /** allocations, stores and std::cerr so far (what a call did beyond its stdout) */
  readonly effects: number;
  inKernel(): boolean;
  argsKey(args: EvalValue[]): string | undefined;
  truncate(at: number): void;
  structAlias(name: string, node: Node & { k: "name" }, f: Frame): boolean;
  assertion(st: Stmt & { k: "assert" }, f: Frame): void;
  dataLoop(st: Stmt & { k: "loop" }, f: Frame): boolean;
  /** a loop cute-ts did not run stored into memory of the program's own (an array declared in a function) */
  forgetStore(st: Stmt & { k: "store" }, f: Frame, why: string): void;
  launch(st: Stmt & { k: "launch" }, f: Frame): void;
  shared(st: Stmt & { k: "shared" }, f: Frame): void;
  store(st: Stmt & { k: "store" }, f: Frame): void;
  declare(t: TypeRef, d: (Stmt & { k: "decl" })["decls"][number], f: Frame): EvalValue | undefined;
  hooks(h: EvalHooks, f: Frame): EvalHooks;
}

/** what one print statement did when it ran */
export type PrintOutcome = { text: string } | { unknown: string } | { error: Error };

/** a frame: one function call's scope, the types its names were declared with */
export interface Frame extends Scope {
  types: Map<string, string>;
  fn: string;
}

export class Machine {
  steps = 0;
  calls = 0;
  /** how many loops the statement running is in (calls reset it: a frame's own loops) */
  loops = 0;
  readonly bodies = new Map<FunctionDecl, Stmt & { k: "compound" }>();
  constructor(
    readonly unit: Unit,
    readonly host: MachineHost,
  ) {
    host.machine = this;
  }

  get src(): string {
    return this.unit.src;
  }

  newFrame(fn: string): Frame {
    // the file's type aliases (using X = T; typedef T X;) are every function's
    const g = this.host.globals;
    const f: Frame = { values: new Map(), constants: new Map(), aliases: new Map(g?.aliases), decltypes: new Map(g?.decltypes), computed: true, frames: [], types: new Map(), fn };
    f.wrap = (h) => this.host.hooks(h, f);
    return f;
  }

  hooks(f: Frame): EvalHooks {
    return blockHooks(blockSupport.hooks(), f, this.src);
  }

  ev(n: Node, f: Frame): EvalValue {
    extState.made = true;
    return checkValue(evalNode(resolveTypes(n, f, this.src), this.src, this.hooks(f)) as EvalValue);
  }

  /** the condition of if/for/while: what only the GPU knows stops the run here, said once */
  truth(v: EvalValue, n: Node, what = "if"): boolean {
    if (v instanceof Unknown) throw new Undecided(v.why, n.pos);
    if (v instanceof PtrIter) return v.addr !== 0;
    // an integer or a float; C++ converts nothing else of CuTe's to bool (the block evaluator's rule)
    return truth(v, what, n, this.src);
  }

  /** what only the GPU knows, read where a loop runs: the loop (the outermost) runs none of it, said once */
  undecided(why: string, pos: number): never {
    throw new Undecided(why, pos);
  }

  step(pos: number): void {
    if (++this.steps > MAX_STEPS) throw placed(new UsageError(`${this.host.where(pos)}: the program ran more than ${MAX_STEPS} statements: cute-ts stops there (a bound on time)`));
  }

  /** run() in a scope of its own (the block evaluator's scoping, ../block.ts) */
  inScope(f: Frame, run: () => void): void {
    inScope(f, run);
  }

  exec(st: Stmt, f: Frame): void {
    try {
      this.execStatement(st, f);
    } catch (e) {
      // a refusal without a position says the statement's file:line (once, at the innermost statement)
      if (e instanceof Error && !(e instanceof ParseError) && !PLACED.has(e) && (e instanceof CuteError || e instanceof UsageError || e.name === "Unsupported")) {
        PLACED.add(e);
        e.message = `${this.host.where(st.pos)}: ${e.message}`;
      }
      throw e;
    }
  }

  private execStatement(st: Stmt, f: Frame): void {
    this.step(st.pos);
    switch (st.k) {
      case "expr": {
        const at = this.host.outLength();
        try {
          this.ev(st.e, f);
        } catch (e) {
          // a statement outside loops that branches on what only the GPU knows (std::cout << (ok ? "a" : "b")): said once, and what it printed before taken back
          if (!(e instanceof Undecided) || this.loops > 0) throw e;
          this.host.truncate(at);
          this.host.note(`this statement reads ${e.why}`, st.pos);
        }
        return;
      }
      case "using": {
        if (st.type.k === "type" && this.host.structAlias(st.name, st.type.node, f)) return;
        bindAlias(st, f, (n) => this.ev(n, f), this.src);
        return;
      }
      case "decl":
        for (const d of st.decls) {
          const v = this.declare(st, d, f);
          bindDeclared(f, d, v, st.constexpr);
          if (d.bind === null) f.types.set(d.name, st.type.k === "type" ? st.type.node.name : "auto");
        }
        return;
      case "print": {
        const unknown = st.args.find((a) => a.k === "value" && this.isUnknown(a.e, f));
        if (unknown !== undefined && unknown.k === "value") {
          const why = (this.ev(unknown.e, f) as Unknown).why;
          this.host.printed?.(st.pos, { unknown: why });
          this.host.note(`${st.fn} prints ${why}`, st.pos);
          return;
        }
        let text: string;
        try {
          text = printStatement(st, (n) => this.ev(n, f), false, 1 << 26);
        } catch (e) {
          if (e instanceof Error) this.host.printed?.(st.pos, { error: e });
          throw e;
        }
        this.host.printed?.(st.pos, { text });
        this.host.write(text, false);
        return;
      }
      case "assign": {
        const v = this.ev(st.e, f);
        const old = f.values.get(st.name);
        if (old === undefined) throw new ParseError(this.src, st.pos, `use of undeclared identifier '${st.name}'`);
        bind(f, st.name, this.converted(old, v, st.name), false);
        return;
      }
      case "assert":
        this.host.assertion(st, f);
        return;
      case "compound":
        this.inScope(f, () => {
          for (const x of st.stmts) this.exec(x, f);
        });
        return;
      case "if": {
        let c: boolean;
        try {
          c = this.truth(this.ev(st.cond, f), st.cond);
        } catch (e) {
          // a branch on what only the GPU knows (a data check): said once; inside a loop the loop is left, else neither branch runs
          if (!(e instanceof Undecided) || this.loops > 0) throw e;
          this.host.note(`this if reads ${e.why}`, st.pos);
          return;
        }
        if (c) this.inScope(f, () => this.exec(st.then, f));
        else if (st.else !== null) this.inScope(f, () => this.exec(st.else!, f));
        return;
      }
      case "loop":
        if (this.host.dataLoop(st, f)) return;
        this.loops++;
        try {
          this.loop(st, f);
        } catch (e) {
          if (!(e instanceof Undecided)) throw e;
          if (this.loops > 1) throw e;
          this.host.note(`this loop reads ${e.why}: cute-ts runs none of it`, st.pos);
          this.forget(st.body, f, e.why);
        } finally {
          this.loops--;
        }
        return;
      case "jump":
        throw new Jump(st.what);
      case "return":
        throw new Return(st.e === null ? undefined : this.ev(st.e, f));
      case "launch":
        this.host.launch(st, f);
        return;
      case "shared":
        this.host.shared(st, f);
        return;
      case "store":
        this.host.store(st, f);
        return;
      case "switch": {
        const v = this.ev(st.e, f);
        let start = st.labels.findIndex((l) => l.value !== null && (() => {
          const c = this.ev(l.value!, f);
          return c instanceof Int && v instanceof Int && c.v === v.v;
        })());
        if (start < 0) start = st.labels.findIndex((l) => l.value === null);
        if (start < 0) return;
        try {
          this.inScope(f, () => {
            for (let i = st.labels[start]!.at; i < st.body.length; i++) this.exec(st.body[i]!, f);
          });
        } catch (e) {
          if (!(e instanceof Jump && e.what === "break")) throw e;
        }
        return;
      }
      case "nop":
        return;
    }
  }

  /** a for or while loop, as the block evaluator runs one (../block.ts's runLoop), each iteration a step */
  private loop(st: Stmt & { k: "loop" }, f: Frame): void {
    runLoop(st, f, (x) => this.exec(x, f), (cond) => this.truth(this.ev(cond, f), cond, st.word), () => this.step(st.pos));
  }

  /** the variables a loop cute-ts did not run assigns (`sum += t(i)`): their values are the GPU's now */
  private forget(st: Stmt, f: Frame, why: string): void {
    if (st.k === "assign" && f.values.has(st.name)) bind(f, st.name, new Unknown(why), false);
    else if (st.k === "store") this.host.forgetStore(st, f, why);
    else if (st.k === "compound") for (const x of st.stmts) this.forget(x, f, why);
    else if (st.k === "switch") for (const x of st.body) this.forget(x, f, why);
    else if (st.k === "if") {
      this.forget(st.then, f, why);
      if (st.else !== null) this.forget(st.else, f, why);
    } else if (st.k === "loop") this.forget(st.body, f, why);
  }

  private isUnknown(n: Node, f: Frame): boolean {
    try {
      return this.ev(n, f) instanceof Unknown;
    } catch {
      return false;
    }
  }

  /** a new value of a declared variable, converted as C++ converts it to the variable's type */
  converted(old: EvalValue, v: EvalValue, name: string): EvalValue {
    // an array is not assignable (C++ copies none: a = b is refused)
    if (old instanceof LocalArray && !old.pointer) throw new UsageError(`${name} = ...: array type '${old.elems.type}[${old.count}]' is not assignable`);
    if (v instanceof Unknown) return v;
    // a vector assigned another (d_C = h_C) copies the elements: it keeps its own storage
    if (old instanceof Buffer && v instanceof Buffer) return old;
    if (old instanceof FloatValue) {
      const x = toFloat(v, old.type);
      if (x === undefined) throw new CuteError(`${name} = ...`, `no viable conversion from ${describe(v)} to the ${old.type} ${name}`, [describe(v)]);
      return x;
    }
    if (old instanceof Int) {
      if (v instanceof FloatValue) return truncated(v);
      if (!(v instanceof Int)) throw new CuteError(`${name} = ...`, `no viable conversion from ${describe(v)} to the integer ${name}`, [describe(v)]);
      if (old.s && v.v !== old.v) throw new CuteError(`${name} = ...`, `${name} is an Int<${old.v}>: it holds ${old.v} only, not ${v.v}`);
      return old.s ? old : D(v.v);
    }
    return v;
  }

  private declare(st: Stmt & { k: "decl" }, d: (Stmt & { k: "decl" })["decls"][number], f: Frame): EvalValue {
    const own = this.host.declare(st.type, d, f);
    if (own !== undefined) return own;
    return declare(st, d, (n) => this.ev(n, f), this.hooks(f), f, this.src);
  }

  // ------------------------------------------------------------ calls

  /** the overloads of `name` the unit defines */
  functions(name: string): FunctionDecl[] {
    const short = name.replace(/^(?:::)?(?:cute::)?/, "");
    return this.unit.functions.filter((g) => g.name === short && g.body >= 0);
  }

  /** the overload a call takes: the arity fits, concrete pointer parameters match, the most specialised */
  choose(decls: FunctionDecl[], args: EvalValue[], name: string, pos: number): FunctionDecl {
    let best: FunctionDecl | undefined, bestScore = -1;
    for (const g of decls) {
      const required = g.params.filter((p) => p.default === null).length;
      if (args.length < required || args.length > g.params.length) continue;
      const tnames = new Set((g.tparams ?? []).filter((t) => t.type).map((t) => t.name));
      let score = 0, ok = true;
      g.params.slice(0, args.length).forEach((p, i) => {
        const base = baseType(p.type);
        if (tnames.has(base)) return;
        const a = args[i]!;
        if (p.type.includes("*")) {
          const t = a instanceof PtrIter ? a.type : a instanceof Buffer ? a.type : undefined;
          if (t !== undefined && t !== "" && base !== "void" && base !== "char" && stripNs(t) !== stripNs(base)) ok = false;
          else score += 2;
        } else score += 1;
      });
      if (ok && score > bestScore) {
        best = g;
        bestScore = score;
      }
    }
    if (best === undefined) throw new ParseError(this.src, pos, `no matching function for call to '${name}' with ${args.length} arguments`);
    return best;
  }

  /** calls `g` with `args`: template parameters from `types` (given) and deduced from the arguments */
  call(g: FunctionDecl, args: EvalValue[], types: Node[] | null, caller: Frame | null, setup?: (f: Frame) => void): EvalValue | undefined {
    if (++this.calls > MAX_CALLS) throw placed(new UsageError(`${this.host.where(g.pos)}: calls nested deeper than ${MAX_CALLS}: cute-ts stops there`));
    const f = this.newFrame(g.name);
    const loops = this.loops;
    this.loops = 0;
    try {
      this.bindTemplate(g, args, types, f, caller);
      g.params.forEach((p, i) => {
        if (p.name === "") return;
        let v: EvalValue | undefined = args[i];
        // a default written as a braced list (`cute::tuple<int, int> r = {-2, 2}`) is the tuple of its values
        if (v === undefined && p.default !== null) v = p.default.k === "init" && p.default.name === "" ? p.default.args.map((a) => unchecked(this.ev(a, f))) : this.ev(p.default, f);
        if (v === undefined) return;
        const base = baseType(p.type);
        if (!p.type.includes("*") && (base === "int" || base === "char" || base === "long" || base === "unsigned" || base === "size_t" || base === "uint32_t" || base === "int32_t")) {
          if (v instanceof Int) v = D(v.v);
          else if (v instanceof FloatValue) v = truncated(v);
        } else if (!p.type.includes("*") && (base === "float" || base === "double")) v = toFloat(v, base) ?? v;
        // an array passed to a function decays to a pointer to its first element
        if (v instanceof LocalArray && !v.pointer) v = v.plus(0);
        bind(f, p.name, v, false);
        f.types.set(p.name, base);
      });
      setup?.(f);
      const body = this.bodies.get(g) ?? parseBody(this.unit, g);
      this.bodies.set(g, body);
      try {
        for (const st of body.stmts) this.exec(st, f);
      } catch (e) {
        if (e instanceof Return) return e.value;
        throw e;
      }
      return undefined;
    } finally {
      this.calls--;
      this.loops = loops;
    }
  }

  /** what host functions called in loops printed and returned, by function and arguments */
  private readonly again = new Map<string, { out: string; value: EvalValue | undefined }>();

  /**
   * a call of host code: called again in a loop with the same arguments (a timing loop), a function
   * whose first call had no effect beyond its stdout (no allocation, no std::cerr, no store to
   * shared memory, no reference parameter) prints what it printed and returns what it returned
   */
  callAgain(g: FunctionDecl, args: EvalValue[], types: Node[] | null, caller: Frame): EvalValue | undefined {
    const key = this.loops === 0 || types !== null || this.host.inKernel() || g.params.some((p) => p.type.includes("&") && !/\bconst\b/.test(p.type)) ? undefined : this.host.argsKey(args);
    if (key === undefined) return this.call(g, args, types, caller);
    const k = `${g.pos}\u0000${key}`;
    const seen = this.again.get(k);
    if (seen !== undefined) {
      this.host.write(seen.out, false);
      return seen.value;
    }
    const out = this.host.outLength(), effects = this.host.effects;
    const value = this.call(g, args, types, caller);
    if (this.host.effects === effects && this.again.size < 64) this.again.set(k, { out: this.host.outSince(out), value });
    return value;
  }

  /** a lambda made where `f` runs: `[=]` copies the scope's names now, `[&]` and `[]` see the scope itself */
  closure(n: Node & { k: "lambda" }, f: Frame): Lambda {
    if (!n.byValue) return new Lambda(n, f);
    const g = this.newFrame(f.fn);
    for (const k of ["values", "constants", "aliases", "decltypes"] as const) for (const [name, v] of f[k] as Map<string, never>) (g[k] as Map<string, never>).set(name, v);
    for (const [name, t] of f.types) g.types.set(name, t);
    return new Lambda(n, g);
  }

  /** calls a lambda: its parameters in a new scope of the frame it sees, `auto` ones taking the argument's type */
  callLambda(l: Lambda, args: EvalValue[], pos: number): EvalValue | undefined {
    const n = l.node, f = l.frame;
    if (args.length !== n.params.length) throw new ParseError(this.src, pos, `no matching call to a lambda of ${n.params.length} parameters with ${args.length} arguments`);
    if (++this.calls > MAX_CALLS) throw placed(new UsageError(`${this.host.where(n.pos)}: calls nested deeper than ${MAX_CALLS}: cute-ts stops there`));
    const loops = this.loops;
    this.loops = 0;
    let r: EvalValue | undefined;
    try {
      this.inScope(f, () => {
        n.params.forEach((p, i) => {
          if (p.name === "") return;
          shadow(f, p.name);
          bind(f, p.name, args[i]!, false);
        });
        try {
          this.exec(n.body as Stmt, f);
        } catch (e) {
          if (!(e instanceof Return)) throw e;
          r = e.value;
        }
      });
    } finally {
      this.calls--;
      this.loops = loops;
    }
    return r;
  }

  private bindTemplate(g: FunctionDecl, args: EvalValue[], types: Node[] | null, f: Frame, caller: Frame | null): void {
    const tps = g.tparams ?? [];
    const resolved = types === null ? [] : types.map((t) => (caller === null ? t : resolveTypes(t, caller, this.src)));
    tps.forEach((tp, i) => {
      const t = resolved[i];
      if (t === undefined) return;
      this.bindTypeParam(tp.name, t, f);
    });
    // deduction: a parameter `T x` takes the argument's type, `T const* p` the pointee's
    g.params.forEach((p, i) => {
      const a = args[i];
      const base = baseType(p.type);
      const tp = tps.find((x) => x.name === base && x.type);
      if (a === undefined || tp === undefined || f.aliases.has(base)) return;
      if (p.type.includes("*")) {
        const t = a instanceof PtrIter ? a.type : undefined;
        if (t !== undefined && t !== "") f.aliases.set(base, { k: "type", node: typeNameNode(t, p.pos), pos: p.pos });
        return;
      }
      this.bindValueType(base, a, p.pos, f);
    });
  }

  bindTypeParam(name: string, t: Node, f: Frame): void {
    if (t.k === "int") {
      f.constants.set(name, t.v);
      f.values.set(name, t.s ? S(t.v) : D(t.v));
      return;
    }
    if (t.k === "name" && t.value !== undefined) {
      this.bindValueType(name, t.value as EvalValue, t.pos, f);
      return;
    }
    if (t.k === "name") f.aliases.set(name, { k: "type", node: t, pos: t.pos });
  }

  /** a type parameter deduced from a value: a scalar's type by name, any other value as a decltype alias */
  bindValueType(name: string, v: EvalValue, pos: number, f: Frame): void {
    if (v instanceof FloatValue) {
      f.aliases.set(name, { k: "type", node: typeNameNode(v.type, pos), pos });
      return;
    }
    if (v instanceof Int && !v.s) {
      f.aliases.set(name, { k: "type", node: typeNameNode("int", pos), pos });
      return;
    }
    const ref: TypeRef = { k: "decltype", e: typeNameNode(name, pos), pos };
    f.aliases.set(name, ref);
    f.decltypes.set(name, v);
  }

  /** main(argc, argv) */
  main(args: string[]): number {
    const g = this.functions("main")[0];
    if (g === undefined) throw new UsageError(`${this.host.file}: no main() function: cute-ts run starts a program at main(argc, argv)`);
    const globals = this.newFrame("");
    for (const st of this.unit.globals) this.exec(st, globals);
    this.host.globals = globals;
    const argv = [this.host.file, ...args];
    try {
      const r = this.call(g, [D(argv.length), new ArgvValue(argv)], null, null);
      return r instanceof Int ? r.v & 0xff : 0;
    } catch (e) {
      if (e instanceof Exit) return e.code;
      throw e;
    }
  }
}

/** a parameter type's base name: `TA const*` is TA, `cute::half_t const*` is cute::half_t */
export function baseType(t: string): string {
  return t.replace(/\b(?:const|volatile|typename|struct|class)\b/g, " ").replace(/[*&]/g, " ").trim().split(/\s+/)[0] ?? "";
}
const stripNs = (t: string): string => t.replace(/^(?:::)?(?:cute::|cutlass::)/, "");

/** a C++ lambda's closure: its node, and the frame it sees (`[&]`: the enclosing one; `[=]`: a copy made with it) */
export class Lambda extends RunValue {
  readonly what = "a lambda";
  constructor(
    readonly node: Node & { k: "lambda" },
    readonly frame: Frame,
  ) {
    super();
  }
}
