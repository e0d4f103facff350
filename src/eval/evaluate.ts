/**
 * Evaluates an expression, in the print notation or in CuTe's C++ spelling: the literal reader
 * (src/notation/read.ts) with CuTe's functions for its calls (the registry in ./functions), C++
 * types for its values `T<...>{...}` (./types.ts), CuTe's operators (./operators.ts) and
 * CuTe's operator() for its applications.
 *
 * `evaluate` gives core values (what command-line options take). `evaluateAny` also makes MMA
 * and copy atoms (`make_tiled_mma(...)`, `Copy_Atom<...>{}`): their module, with the catalogs,
 * is loaded the first time an expression needs it, so an expression without atoms never loads
 * it and is answered synchronously.
 */
import { ParseError, Unsupported, UsageError, type Wording, input, quote, words } from "../core/errors.js";
import type { Value } from "../core/value.js";
import { Int } from "../core/integer.js";
import { type Node, type TArg, intNode, parse, spellType } from "../notation/parse.js";
import { type CallNode, type InitNode, type MemberNode, evalNode } from "../notation/read.js";
import { lookupFunction, nearestNames } from "./functions/index.js";
import { addressOf, apply } from "./apply.js";
import { castTo, operate, pointeeBits } from "./operators.js";
import { valueTypeNames } from "../core/value-types.js";
import { nearest } from "../core/suggest.js";
import { coreMember } from "./members.js";
import { Braced, construct, coreType, unknownType } from "./types.js";
import { AtomValue, type EvalHooks, type EvalValue, ExtValue, type Pictures, describe, extState, findExt, unchecked } from "./ext-value.js";
import { FloatValue, floatOp, makeFloat } from "./float.js";

/** what ./functions/atoms.ts provides once loaded */
export interface AtomsModule {
  call(n: CallNode, args: EvalValue[], src: string): EvalValue | undefined;
  init(n: InitNode, args: EvalValue[], src: string): EvalValue;
  member(n: MemberNode, target: AtomValue, args: EvalValue[], src: string): EvalValue;
  overload(n: CallNode, args: EvalValue[]): EvalValue | undefined;
}
let ATOMS: AtomsModule | undefined;
/** what ./functions/tma.ts provides once loaded: TMA operations and builders */
interface TmaModule {
  call(n: CallNode, args: EvalValue[], src: string): EvalValue;
  init(n: InitNode, args: EvalValue[]): EvalValue;
}
let TMA: TmaModule | undefined;
/** set when an expression names a TMA operation or builder: the next load brings ./functions/tma.ts too */
let wantTma = false;
/** thrown, before the atoms module (or the TMA module) is loaded, by an expression that needs it */
const NEEDS_ATOMS = { needsAtoms: true };
/** the names ./functions/tma.ts answers (its TMA_OP_NAME, TMA_CALL_NAME), known here without loading it */
const TMA_OP = /^(?:cute::)?SM\d+_TMA_\w+$/;
const TMA_CALL = /^(?:cute::)?(?:make_tma_(?:copy|atom)(?:_[ABC]_sm100)?|make_im2col_tma_(?:copy|atom)(?:_[AB]_sm100)?|tma_partition|create_tma_multicast_mask)$/;
function needTma(): TmaModule {
  if (TMA) return TMA;
  wantTma = true;
  throw NEEDS_ATOMS;
}
/** the picture modules a block's print_latex / print_svg draws with: layouts' and atoms' */
export interface PictureModules {
  layouts: typeof import("../print/pictures.js");
  atoms: Pictures;
}
let PICTURES: PictureModules | undefined;
/** set when a block draws a picture: the next load brings the picture modules too */
let wantPictures = false;
function needPictures(): PictureModules {
  if (PICTURES) return PICTURES;
  wantPictures = true;
  throw NEEDS_ATOMS;
}
/** loads the modules an expression stopped for (NEEDS_ATOMS) */
async function loadModules(): Promise<void> {
  ATOMS ??= await import("./functions/atoms.js");
  if (wantTma) TMA ??= await import("./functions/tma.js");
  if (wantPictures) PICTURES ??= { layouts: await import("../print/pictures.js"), atoms: await import("../atoms/pictures.js") };
}
/** what a parsed tree will need loaded: atoms (functions/atoms.ts), TMA (functions/tma.ts), the picture modules */
export interface Needs {
  atoms: boolean;
  tma: boolean;
  pictures: boolean;
}
/**
 * The modules a parsed tree needs, read from it before it runs: every call `NAME(...)` and value of
 * a type `NAME{...}` whose name the core registry and types do not know needs the atoms (TMA's
 * names the TMA module too), and print_latex / print_svg (a call, or a block's print statement)
 * the picture modules. The walk reads any
 * node with a kind `k` and a `name`, whatever else its shape holds, so a new node kind needs no
 * change here; a name that turns out to be the program's own (an alias, a function) only loads a
 * module early.
 */
export function modulesFor(tree: unknown): Needs {
  const need: Needs = { atoms: false, tma: false, pictures: false };
  const seen = new Set<object>();
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x !== "object" || seen.has(x)) continue;
    seen.add(x);
    if (Array.isArray(x)) {
      for (const e of x) stack.push(e);
      continue;
    }
    const n = x as { k?: unknown; name?: unknown; fn?: unknown };
    if ((n.k === "call" || n.k === "init") && typeof n.name === "string" && n.name !== "") noteName(n.k, n.name, need);
    // a block's print statement (print_latex(x);) names its printer
    if (n.k === "print" && (n.fn === "print_latex" || n.fn === "print_svg")) need.pictures = true;
    for (const v of Object.values(x)) if (v !== null && typeof v === "object") stack.push(v);
  }
  return need;
}
function noteName(kind: "call" | "init", name: string, need: Needs): void {
  // a front end's own calls (the DSL's dsl.*) are answered before the registry
  if (name.startsWith("dsl.")) return;
  if (kind === "call" && (name === "print_latex" || name === "print_svg")) need.pictures = true;
  if (TMA_OP.test(name) || (kind === "call" && TMA_CALL.test(name))) {
    need.tma = need.atoms = true;
    return;
  }
  if (coreType(name) || (kind === "call" && (lookupFunction(name) !== undefined || Object.hasOwn(PRINTERS, name)))) return;
  need.atoms = true;
}
/** loads what `need` names and is not loaded yet; undefined when nothing is missing */
function loadNeeds(need: Needs): Promise<void> | undefined {
  if (need.tma && !TMA) wantTma = true;
  if (need.pictures && !PICTURES) wantPictures = true;
  if ((need.atoms && !ATOMS) || (need.tma && !TMA) || (need.pictures && !PICTURES)) return loadModules();
  return undefined;
}

/**
 * f(), with the modules `tree` needs (modulesFor) loaded first, so that f runs once; where a tree
 * is not given, or f still stops for a module the scan could not see (a value made at run time),
 * the module is loaded and f run again (each load brings what was missing, so a few rounds end it)
 */
function withModules<R>(f: () => R, tree?: unknown): R | Promise<R> {
  if (tree !== undefined) {
    const loading = loadNeeds(modulesFor(tree));
    if (loading !== undefined) return loading.then(() => retrying(f));
  }
  return retrying(f);
}
function retrying<R>(f: () => R): R | Promise<R> {
  const round = (left: number): R | Promise<R> => {
    try {
      return f();
    } catch (e) {
      if (e !== NEEDS_ATOMS || left === 0) throw e;
    }
    return loadModules().then(() => round(left - 1));
  };
  return round(3);
}

/** the functions and types that make atoms, for the message where only core values are read */
const ATOM_FUNCTIONS = new Set(["make_tiled_mma", "make_tiled_copy", "make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C", "make_tmem_copy", "make_mma_atom", "make_copy_atom", "MMA_Atom", "Copy_Atom"]);
const ATOM_LIKE = /^(?:MMA_Atom|Copy_Atom)$|(?:^|::)(?:SM\d+_|UniversalFMA|UniversalCopy|AutoVectorizing|DefaultCopy|GMMA_|MMA_)/;
const ONLY_EVAL = "a value of `cute-ts eval` and `cute-ts print` only; a layout, shape or tiler is expected here";

/** a core function, type or operator refuses atoms and braced lists among its arguments */
function refuseExt(args: EvalValue[], what: string): void {
  const e = findExt(args);
  if (e === undefined) return;
  if (e instanceof Braced) throw new UsageError(`${what}: a braced list {...} is only the argument of a value of a type, as in Stride<int,_1>{128, {}}`);
  throw new Unsupported(`${what} of ${e.what}`);
}

/** CuTe's printers: cute-ts eval / print are the print statement */
const PRINTERS: Readonly<Record<string, Wording>> = {
  print: "print(...) has no value: write it as a statement of its own (print(x);), or write x alone and cute-ts eval prints it",
  printf: "printf(...) has no value: write it as a statement of its own (printf(\"%d\\n\", x);)",
  print_layout: "print_layout(...) has no value: write it as a statement of its own (print_layout(x);), or x alone for cute-ts print to draw",
  print_tensor: "print_tensor(...) has no value: write it as a statement of its own (print_tensor(x);), or x alone for cute-ts print to draw",
  print_latex: words`cute-ts print ${input("latex")} draws what print_latex does: write the expression without print_latex(...)`,
  print_svg: words`cute-ts print ${input("svg")} draws what print_svg does: write the expression without print_svg(...)`,
};

/** device operations a kernel's body calls: they move data or synchronise, which host code cannot */
const DEVICE_CALLS = new Set([
  "copy", "copy_if", "copy_aligned", "cooperative_copy", "gemm", "cooperative_gemm", "axpby", "clear", "fill", "transform",
  "cp_async_fence", "cp_async_wait", "__syncthreads", "__syncwarp", "syncthreads", "warpgroup_arrive", "warpgroup_commit_batch",
  "warpgroup_wait", "warpgroup_fence_operand", "tma_store_fence", "tma_store_arrive", "tma_store_wait", "prefetch", "atomicAdd",
  "elect_one_sync", "canonical_warp_idx_sync", "__shfl_sync",
]);

function unknownFunction(n: CallNode, src: string): never {
  if (Object.hasOwn(PRINTERS, n.name)) throw new ParseError(src, n.pos, PRINTERS[n.name]!);
  if (DEVICE_CALLS.has(n.name)) throw new ParseError(src, n.pos, `${n.name}(...) is a device operation (it runs in a kernel, on data or threads): cute-ts evaluates a kernel's layout code on the host; leave the call out`);
  const near = nearestNames(n.name);
  throw new ParseError(src, n.pos, `unknown function ${quote(n.name)}${near.length ? ` (did you mean ${near.join(", ")}?)` : ""}`);
}

/**
 * A front end's own calls (src/eval/dsl.ts: the CuTe DSL's subscripts, attributes and
 * operations), asked before the registry: a value, or undefined to go on as CuTe would. `base`
 * is the evaluator's own hooks, so that an answer can be made of CuTe's functions and types.
 */
export type CallIntercept = (n: CallNode, args: EvalValue[], src: string, base: EvalHooks) => EvalValue | undefined;

/**
 * A template argument computed when the expression runs (`sizeof(Element) * size(val_layout)`),
 * as the integer constant C++ makes of it; `value` evaluates its expression where it stands
 */
export function computedTarg(t: Node & { k: "texpr" }, src: string, value: (e: Node) => EvalValue): Node {
  const v = value(t.e);
  if (!(v instanceof Int)) throw new ParseError(src, t.pos, `a template argument is an integer constant or a type: ${quote(spellType(t, src))} is ${describe(v)}`);
  return intNode(t.pos, v.v, false);
}

/** n's template arguments with the computed ones (texpr, at any depth) made integers and spelled again; n itself when it has none */
function withComputedTargs<N extends Node & { k: "call" | "init" }>(n: N, src: string, hooks: EvalHooks): N {
  if (n.types === null || !n.types.some(hasComputed)) return n;
  const resolve = (t: Node): Node => {
    if (t.k === "texpr") return computedTarg(t, src, (e) => evalNode(e, src, hooks));
    if (t.k !== "name" || t.types === null || !t.types.some(hasComputed)) return t;
    const types = t.types.map(resolve);
    return retyped(t, types, `${t.name}<${types.map((x) => spellType(x, src)).join(",")}>`, src);
  };
  return retyped(n, n.types.map(resolve), undefined, src);
}
/** a copy of a node with other template arguments, spelled anew where `spelled` is given */
export function retyped<N extends Node & { types: Node[] | null }>(n: N, types: Node[], spelled: string | undefined, src: string): N {
  const c = { ...n };
  c.types = types;
  (c as { targs: TArg[] }).targs = types.map((x) => (x.k === "int" ? x.v : spellType(x, src)));
  if (spelled !== undefined) (c as { spelled?: string }).spelled = spelled;
  return c;
}
const hasComputed = (t: Node): boolean => t.k === "texpr" || (t.k === "name" && t.types !== null && t.types.some(hasComputed));

/**
 * Values an operation of the core takes: while no atom, float or braced list was made (extState)
 * none can be among them, and once one was, refuseExt has looked at them first
 */
const coreValues = (args: EvalValue[]): Value[] => args as Value[];
const coreValue = (v: EvalValue): Value => v as Value;

function makeHooks(atoms: boolean, intercept?: CallIntercept): EvalHooks {
  const hooks: EvalHooks = {
    call(n0, args, src) {
      const n = withComputedTargs(n0, src, hooks);
      if (intercept !== undefined) {
        const v = intercept(n, args, src, hooks);
        if (v !== undefined) return v;
      }
      const fn = lookupFunction(n.name);
      if (fn) {
        if (extState.made) {
          // CuTe's overloads for atoms (size(tiled_mma)): atoms exist only once their module is loaded
          const o = ATOMS?.overload(n, args);
          if (o !== undefined) return o;
          refuseExt(args, `${n.name}(...)`);
        }
        return fn(coreValues(args), n.targs, n.name);
      }
      // T(args): a value of a type, as T{args}
      if (coreType(n.name)) {
        if (extState.made) refuseExt(args.filter((a) => !(a instanceof Braced)), `${n.name}(...)`);
        return construct({ name: n.name, types: n.types, args, pos: n.pos, src });
      }
      if (!atoms) {
        if (ATOM_FUNCTIONS.has(n.name) || TMA_CALL.test(n.name)) throw new ParseError(src, n.pos, `${quote(n.name)} makes an MMA or copy atom, ${ONLY_EVAL}`);
        unknownFunction(n, src);
      }
      if (TMA_CALL.test(n.name) || TMA_OP.test(n.name)) return needTma().call(n, args, src);
      if (!ATOMS) throw NEEDS_ATOMS;
      return ATOMS.call(n, args, src) ?? unknownFunction(n, src);
    },
    init(n0, args, src) {
      if (n0.name === "") return new Braced(args);
      const n = withComputedTargs(n0, src, hooks);
      if (coreType(n.name)) {
        if (extState.made) refuseExt(args.filter((a) => !(a instanceof Braced)), `${n.name}{...}`);
        return construct({ name: n.name, types: n.types, args, pos: n.pos, src });
      }
      if (!atoms) {
        if (ATOM_LIKE.test(n.name)) throw new ParseError(src, n.pos, `${quote(n.name)} is an MMA or copy atom or operation, ${ONLY_EVAL}`);
        throw unknownType(n.name, src, n.pos);
      }
      if (TMA_OP.test(n.name)) return needTma().init(n, args);
      if (!ATOMS) throw NEEDS_ATOMS;
      return ATOMS.init(n, args, src);
    },
    float(n) {
      return makeFloat(n.v, n.s ? "float" : "double");
    },
    op(n, args) {
      // host code's float or double: C++'s arithmetic on it
      if (args.some((a) => a instanceof FloatValue)) return floatOp(n.name, args);
      if (extState.made) refuseExt(args, `operator${n.name.replace(/^u(?=.)/, "")}`);
      return operate(n.name, coreValues(args));
    },
    apply(target, args) {
      if (extState.made) refuseExt([target, ...args], "operator()");
      return apply(coreValue(target), coreValues(args));
    },
    cast(n, arg, src) {
      if (extState.made) refuseExt([arg], `(${n.name}*)`);
      if (pointeeBits(n.name) === undefined) {
        const near = nearest(n.name, valueTypeNames());
        throw new ParseError(src, n.pos, `unknown value type '${n.name}' in a cast (T*)${near.length ? ` (did you mean ${near.join(", ")}?)` : ""}`);
      }
      return castTo(n.name, n.v, coreValue(arg));
    },
    addressOf(_n, target, args) {
      if (extState.made) refuseExt([target, ...args], "operator&");
      return addressOf(coreValue(target), coreValues(args));
    },
    member(n, target, args, src) {
      // an atom exists only once the atoms module is loaded
      if (target instanceof AtomValue) {
        return target.member !== undefined ? target.member(n, args, src) : ATOMS!.member(n, target, args, src);
      }
      if (extState.made) refuseExt([target, ...args], `.${n.name}(...)`);
      return coreMember(n, coreValue(target), coreValues(args), src);
    },
  };
  return hooks;
}
const CORE = makeHooks(false);
const WITH_ATOMS = makeHooks(true);

function run(tree: Node, src: string, hooks: EvalHooks): EvalValue {
  extState.made = false;
  return checkValue(evalNode(tree, src, hooks) as EvalValue);
}

/** a value an expression may have: an atom, or a core value holding no atom or braced list */
export function checkValue(v: EvalValue): EvalValue {
  if (extState.made && !(v instanceof AtomValue) && !(v instanceof FloatValue)) {
    const e = findExt(v);
    if (e instanceof Braced) throw new UsageError("a braced list {...} has no type here: write the type before it, as in Shape<int,int>{8, 4}");
    if (e) throw new Unsupported(`tuples holding ${e.what}`);
  }
  return v;
}

/**
 * What a block of statements (./block.ts) evaluates with: the hooks that make atoms, wrapped by
 * its own (names, aliases), and the atoms module's loading. `needsAtoms(e)` says that an
 * evaluation stopped because the module is not loaded yet: load it and evaluate again.
 */
export const blockSupport = {
  hooks: (): EvalHooks => WITH_ATOMS,
  needsAtoms: (e: unknown): boolean => e === NEEDS_ATOMS,
  loadAtoms: loadModules,
  /** f(), loading first the modules `tree` (the parsed program f runs) needs, and any f still stops for */
  withModules,
  /** the picture modules, once loaded; before that it stops the evaluation for withModules to load them */
  pictures: needPictures,
};

/** a core value: an integer, tuple, layout, swizzle, composed layout or tensor (no atoms) */
export function evaluate(src: string): Value {
  // (the core hooks make no atom; a float of host code is refused where a core value is used)
  return unchecked(run(parse(src), src, CORE));
}

/** any value `cute-ts eval` prints, atoms included; a promise only while the atoms module loads */
export function evaluateAny(src: string): EvalValue | Promise<EvalValue> {
  const tree = parse(src);
  return withModules(() => run(tree, src, WITH_ATOMS), tree);
}

/**
 * Any value of an already parsed tree (a front end's, src/notation/dsl.ts), its calls asked of
 * `intercept` first; a promise only while the atoms module loads.
 */
export function evaluateTree(tree: Node, src: string, intercept: CallIntercept): EvalValue | Promise<EvalValue> {
  return withModules(() => run(tree, src, makeHooks(true, intercept)), tree);
}

/** CuTe's print() of any value: the atoms print themselves (several lines), the rest as print/print.ts does */
export function showValue(v: EvalValue): string {
  return v instanceof AtomValue ? v.print() : describe(v) + "\n";
}

export { AtomValue, ExtValue, type EvalValue, describe, unchecked };
