/**
 * MMA and copy atoms as expression values (mma_atom.hpp, copy_atom.hpp): an operation
 * `SM80_16x8x16_F32F16F16F32_TN{}`, `MMA_Atom<OP>{}`, `Copy_Atom<OP, T>{}`, and
 * `make_tiled_mma(atom, atom_layout, permutation)`, `make_tiled_copy(atom, thr, val)`,
 * `make_tiled_copy_A/B/C(atom, tiled_mma)`. Each prints what CuTe's print() prints for it, with
 * the atoms' own formatters (the same text `cute-ts mma` and `cute-ts copy` print).
 *
 * This module holds the catalogs: src/eval/evaluate.ts loads it the first time an expression
 * names something it does not know otherwise, so that other expressions never load it.
 */
import { CuteError, ParseError, UsageError } from "../../core/errors.js";
import type { Value } from "../../core/value.js";
import { asLayout, asTiler } from "../../notation/coerce.js";
import { type Node, spellType } from "../../notation/parse.js";
import type { CallNode, InitNode } from "../../notation/read.js";
import { resolveMma, type MmaTraits } from "../../atoms/mma/catalog.js";
import { formatMmaAtom } from "../../atoms/mma/atom.js";
import { type TiledMma, formatTiledMma, layoutTV, make_tiled_mma, tileSizeMNK } from "../../atoms/mma/tiled-mma.js";
import { copyTraits } from "../../atoms/copy/catalog.js";
import { CopyAtom, formatCopyAtom, make_copy_atom } from "../../atoms/copy/atom.js";
import { TiledCopy, type TiledMmaLike, formatTiledCopy, make_tiled_copy, make_tiled_copy_A, make_tiled_copy_B, make_tiled_copy_C } from "../../atoms/copy/tiled.js";
import { AtomValue } from "../ext-value.js";
import { unknownType } from "../types.js";

const pictures = () => import("../../atoms/pictures.js");

/** an MMA operation `OP{}`: an argument of make_tiled_mma; CuTe has no print for it */
class MmaOpValue extends AtomValue {
  readonly what: string;
  constructor(readonly traits: MmaTraits) {
    super();
    this.what = `the MMA operation ${traits.op}`;
  }
  print(): string {
    throw new CuteError("print", `no matching overload for the MMA operation ${this.traits.op}{}: print MMA_Atom<${this.traits.op}>{} or a TiledMMA`);
  }
  picture(kind: "latex" | "svg", force: boolean): Promise<string> {
    return new MmaAtomValue(this.traits).picture(kind, force);
  }
}

class MmaAtomValue extends AtomValue {
  readonly what = "an MMA_Atom";
  constructor(readonly traits: MmaTraits) {
    super();
  }
  print(): string {
    return formatMmaAtom(this.traits);
  }
  // CuTe draws an atom as make_tiled_mma(atom)
  picture(kind: "latex" | "svg", force: boolean): Promise<string> {
    return new TiledMmaValue(make_tiled_mma(this.traits)).picture(kind, force);
  }
}

class TiledMmaValue extends AtomValue {
  readonly what = "a TiledMMA";
  constructor(readonly mma: TiledMma) {
    super();
  }
  print(): string {
    return formatTiledMma(this.mma);
  }
  async picture(kind: "latex" | "svg", force: boolean): Promise<string> {
    const p = await pictures();
    return kind === "latex" ? p.print_latex_tiled_mma(this.mma, force) : p.print_svg_tiled_mma(this.mma, force);
  }
}

/** a copy operation `OP{}`: only the first template argument of Copy_Atom<OP, T> makes it an atom */
class CopyOpValue extends AtomValue {
  readonly what: string;
  constructor(readonly op: string) {
    super();
    this.what = `the copy operation ${op}`;
  }
  print(): string {
    throw new CuteError("print", `no matching overload for the copy operation ${this.op}{}: print Copy_Atom<${this.op}, T>{}`);
  }
  picture(): Promise<string> {
    return Promise.reject(new UsageError("CuTe draws TiledCopies, not copy operations: make_tiled_copy(Copy_Atom<OP, T>{}, thr, val)"));
  }
}

class CopyAtomValue extends AtomValue {
  readonly what = "a Copy_Atom";
  constructor(readonly atom: CopyAtom) {
    super();
  }
  print(): string {
    return formatCopyAtom(this.atom);
  }
  picture(): Promise<string> {
    return Promise.reject(new UsageError("CuTe draws TiledCopies, not bare atoms: make_tiled_copy(atom, thr, val)"));
  }
}

class TiledCopyValue extends AtomValue {
  readonly what = "a TiledCopy";
  constructor(readonly tc: TiledCopy) {
    super();
  }
  print(): string {
    return formatTiledCopy(this.tc);
  }
  async picture(kind: "latex" | "svg", force: boolean): Promise<string> {
    const p = await pictures();
    return kind === "latex" ? p.print_latex_tiled_copy(this.tc, force) : p.print_svg_tiled_copy(this.tc, force);
  }
}

// ---------------------------------------------------------------- values of the atom types

/** `NAME<targs>` as C++ spells it (namespaces as written, white space removed) */
function spelled(name: string, types: Node[] | null, src: string): string {
  return types === null ? name : `${name}<${types.map((t) => spellType(t, src)).join(",")}>`;
}

/** `X<inner>` -> inner, for the traits wrappers MMA_Traits<OP> / Copy_Traits<OP> */
function unwrap(text: string, wrapper: string): string {
  const m = new RegExp(`^(?:cute::)?${wrapper}<(.*)>$`).exec(text);
  return m ? m[1]! : text;
}

function onlyEmpty(name: string, args: Value[]): void {
  if (args.length > 0) throw new CuteError(`${name}{...}`, "no matching constructor: an atom is made from its type alone, write {}", []);
}

const MMA_LIKE = /(?:^|::)(?:SM\d+_|UniversalFMA|GMMA_|MMA_)/;
const COPY_LIKE = /COPY|Copy|LDSM|STSM|LDS|STS|CP_ASYNC|TMEM|UTCCP|TMA|BULK|Shuffle/;

/** `T<...>{}` for an atom type, or undefined when T is none */
function atomType(name: string, types: Node[] | null, args: Value[], pos: number, src: string): Value {
  if (name === "MMA_Atom") {
    if (types === null || types.length !== 1) throw new ParseError(src, pos, "MMA_Atom<OP> takes one template argument, the MMA operation");
    onlyEmpty(name, args);
    return new MmaAtomValue(resolveMma(unwrap(spellType(types[0]!, src), "MMA_Traits"))) as unknown as Value;
  }
  if (name === "Copy_Atom") {
    if (types === null || types.length !== 2) throw new ParseError(src, pos, "Copy_Atom<OP, T> takes two template arguments, the copy operation and the value type");
    onlyEmpty(name, args);
    return new CopyAtomValue(make_copy_atom(unwrap(spellType(types[0]!, src), "Copy_Traits"), spellType(types[1]!, src))) as unknown as Value;
  }
  const text = spelled(name, types, src);
  const isCopy = COPY_LIKE.test(name);
  if (!isCopy) {
    try {
      const traits = resolveMma(text);
      onlyEmpty(name, args);
      return new MmaOpValue(traits) as unknown as Value;
    } catch (e) {
      if (!(e instanceof UsageError && /^unknown MMA operation/.test(e.message))) throw e;
      if (MMA_LIKE.test(name)) throw e;
    }
  }
  try {
    copyTraits(text);
    onlyEmpty(name, args);
    return new CopyOpValue(text) as unknown as Value;
  } catch (e) {
    if (!(e instanceof UsageError && /^unknown copy operation/.test(e.message))) throw e;
    if (isCopy) throw e;
  }
  throw unknownType(name, src, pos);
}

export function init(n: InitNode, args: Value[], src: string): Value {
  return atomType(n.name, n.types, args, n.pos, src);
}

// ---------------------------------------------------------------- functions

function mmaTraitsOf(v: Value, name: string): MmaTraits {
  const x = v as unknown;
  if (x instanceof MmaAtomValue || x instanceof MmaOpValue) return x.traits;
  throw new CuteError(name, "no matching overload: the first argument is an MMA_Atom<OP>{} or an MMA operation OP{}", [String(x instanceof AtomValue ? x.what : "a value that is not an MMA atom")]);
}
function copyAtomOf(v: Value, name: string): CopyAtom {
  const x = v as unknown;
  if (x instanceof CopyAtomValue) return x.atom;
  if (x instanceof CopyOpValue) throw new CuteError(name, `no matching overload: it takes a Copy_Atom<${x.op}, T>{}, not the operation alone`);
  throw new CuteError(name, "no matching overload: the first argument is a Copy_Atom<OP, T>{}", [String(x instanceof AtomValue ? x.what : "a value that is not a copy atom")]);
}
function tiledMmaOf(v: Value, name: string): TiledMma {
  const x = v as unknown;
  if (x instanceof TiledMmaValue) return x.mma;
  throw new CuteError(name, "no matching overload: the second argument is a TiledMMA (make_tiled_mma(...))", [String(x instanceof AtomValue ? x.what : "a value that is not a TiledMMA")]);
}
/** a core value where a layout or tiler is expected; an atom there is refused */
function core(v: Value, name: string): Value {
  if ((v as unknown) instanceof AtomValue) throw new CuteError(name, `no matching overload: ${(v as unknown as AtomValue).what} where a layout is expected`);
  return v;
}
function nargs(name: string, args: Value[], lo: number, hi: number): void {
  if (args.length < lo || args.length > hi) throw new CuteError(name, `no matching overload for ${args.length} argument${args.length === 1 ? "" : "s"} (takes ${lo === hi ? lo : `${lo} to ${hi}`})`);
}

/** the TiledMMA as make_tiled_copy_A/B/C read it */
function tiledMmaLike(mma: TiledMma): TiledMmaLike {
  return {
    get_layoutA_TV: () => layoutTV(mma, "A"),
    get_layoutB_TV: () => layoutTV(mma, "B"),
    get_layoutC_TV: () => layoutTV(mma, "C"),
    tile_size: (i) => tileSizeMNK(mma, i),
  };
}

const FUNCTIONS: Readonly<Record<string, (args: Value[], name: string) => Value>> = {
  make_tiled_mma(args, name) {
    nargs(name, args, 1, 3);
    const traits = mmaTraitsOf(args[0]!, name);
    const layout = args[1] === undefined ? undefined : asLayout(core(args[1], name), name);
    const perm = args[2] === undefined ? undefined : asTiler(core(args[2], name), name);
    return new TiledMmaValue(make_tiled_mma(traits, layout, perm)) as unknown as Value;
  },
  make_tiled_copy(args, name) {
    nargs(name, args, 2, 3);
    const atom = copyAtomOf(args[0]!, name);
    const thr = asLayout(core(args[1]!, name), name);
    const val = args[2] === undefined ? undefined : asLayout(core(args[2], name), name);
    return new TiledCopyValue(make_tiled_copy(atom, thr, val)) as unknown as Value;
  },
  make_tiled_copy_A: copyForMma(make_tiled_copy_A),
  make_tiled_copy_B: copyForMma(make_tiled_copy_B),
  make_tiled_copy_C: copyForMma(make_tiled_copy_C),
};

function copyForMma(f: (a: CopyAtom, m: TiledMmaLike) => TiledCopy): (args: Value[], name: string) => Value {
  return (args, name) => {
    nargs(name, args, 2, 2);
    return new TiledCopyValue(f(copyAtomOf(args[0]!, name), tiledMmaLike(tiledMmaOf(args[1]!, name)))) as unknown as Value;
  };
}

/** an atom function, or `T<...>(args)` for an atom type; undefined when the name is neither */
export function call(n: CallNode, args: Value[], src: string): Value | undefined {
  const f = Object.hasOwn(FUNCTIONS, n.name) ? FUNCTIONS[n.name]! : undefined;
  if (f) return f(args, n.name);
  try {
    return atomType(n.name, n.types, args, n.pos, src);
  } catch (e) {
    // neither a function nor a type: the caller reports an unknown function
    if (e instanceof ParseError && /does not know the C\+\+ type/.test(e.expected)) return undefined;
    throw e;
  }
}
