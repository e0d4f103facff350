/**
 * MMA and copy atoms as values, one set for both dialects: an MMA operation, an MMA_Atom, a
 * TiledMMA, a copy operation, a Copy_Atom and a TiledCopy. Each prints as CuTe's print() does
 * (`print`, with the atoms' own formatters) and as the CuTe DSL's `__str__` does (`dsl`, through
 * src/print/dsl.ts). The C++ reader (./functions/atoms.ts) and the DSL reader (./dsl-atoms.ts)
 * make them; a value made by the DSL names itself and its drawing hints in the DSL's words
 * (`dialect`).
 */
import { CuteError, Unsupported, UsageError } from "../core/errors.js";
import type { Value } from "../core/value.js";
import { type DslCopyAtom, type DslMmaAtom, type DslTiledCopy, type DslTiledMma, showDslCopyAtom, showDslMmaAtom, showDslTiledCopy, showDslTiledMma } from "../print/dsl.js";
import type { MmaTraits } from "../atoms/mma/catalog.js";
import { formatMmaAtom } from "../atoms/mma/atom.js";
import { type TiledMma, formatTiledMma, layoutTV, make_tiled_mma, mmaAtom, tileSizeMNK } from "../atoms/mma/tiled-mma.js";
import { type CopyAtom, formatCopyAtom } from "../atoms/copy/atom.js";
import { type TiledCopy, type TiledMmaLike, formatTiledCopy } from "../atoms/copy/tiled.js";
import { mlirOfCxx } from "../core/dsl-types.js";
import { AtomValue, type Pictures } from "./ext-value.js";

/** the reader that made a value: its refusals name it and its drawing in that reader's words */
export type AtomDialect = "cxx" | "dsl";

const WORDS: Readonly<Record<AtomDialect, { mmaAtom: string; copyAtom: string; drawCopyAtom: string }>> = {
  cxx: {
    mmaAtom: "an MMA_Atom",
    copyAtom: "a Copy_Atom",
    drawCopyAtom: "CuTe draws TiledCopies, not bare atoms: make_tiled_copy(atom, thr, val)",
  },
  dsl: {
    mmaAtom: "an MMA atom",
    copyAtom: "a copy atom",
    drawCopyAtom: "CuTe draws TiledCopies, not bare atoms: cute.make_tiled_copy_tv(atom, thr_layout, val_layout)",
  },
};

// ------------------------------------------------------------------------------ the DSL's fields

export function mmaFields(t: MmaTraits): DslMmaAtom {
  const a = mmaAtom(t);
  return { thrID: a.thrID, shapeMNK: a.shapeMNK as Value, layoutA: a.layoutA, layoutB: a.layoutB, layoutC: a.layoutC };
}
export function tiledMmaFields(m: TiledMma): DslTiledMma {
  return { ...mmaFields(m.atom.traits), thrLayoutVMNK: m.thrLayoutVMNK, permutationMNK: m.permutationMNK as Value };
}
export function copyAtomFields(a: CopyAtom, mlir: string): DslCopyAtom {
  return { thrID: a.thrID, layoutSrc: a.valLayoutSrc, layoutDst: a.valLayoutDst, valueType: mlir };
}
export function tiledCopyFields(tc: TiledCopy, mlir: string): DslTiledCopy {
  return { ...copyAtomFields(tc.atom, mlir), tilerMN: tc.tiler as Value, layoutTV: tc.layoutTV };
}

/** the MLIR name the DSL prints for a CuTe value type (half_t: f16) */
export function mlirTypeOf(cxx: string): string {
  const known = mlirOfCxx(cxx);
  if (known !== undefined) return known;
  const m = /^u?int(\d+)_t$/.exec(cxx);
  if (m) return `i${m[1]}`;
  throw new UsageError(`cute-ts does not know the DSL's name of the value type ${cxx}`);
}

/** MmaAtom.__str__ of MMA_Atom<OP> */
export function dslMmaAtomText(t: MmaTraits): string {
  return showDslMmaAtom(mmaFields(t));
}
/** TiledMma.__str__ */
export function dslTiledMmaText(m: TiledMma): string {
  return showDslTiledMma(tiledMmaFields(m));
}
/** CopyAtom.__str__ of Copy_Atom<OP, T> */
export function dslCopyAtomText(a: CopyAtom): string {
  return showDslCopyAtom(copyAtomFields(a, mlirTypeOf(a.valueType.name)));
}
/** TiledCopy.__str__ */
export function dslTiledCopyText(tc: TiledCopy): string {
  return showDslTiledCopy(tiledCopyFields(tc, mlirTypeOf(tc.atom.valueType.name)));
}

/** the TiledMMA as make_tiled_copy_A/B/C read it */
export function tiledMmaLike(mma: TiledMma): TiledMmaLike {
  return {
    get_layoutA_TV: () => layoutTV(mma, "A"),
    get_layoutB_TV: () => layoutTV(mma, "B"),
    get_layoutC_TV: () => layoutTV(mma, "C"),
    tile_size: (i) => tileSizeMNK(mma, i),
  };
}

// ------------------------------------------------------------------------------ MMA

/** an MMA operation `OP{}` (the DSL's `cute.nvgpu.warp.MmaF16BF16Op(...)`, with its __str__): an argument of make_tiled_mma; CuTe has no print for it */
export class MmaOpValue extends AtomValue {
  readonly what: string;
  constructor(
    readonly traits: MmaTraits,
    /** the DSL operation's __str__; undefined for C++'s `OP{}` */
    private readonly dslText?: string,
  ) {
    super();
    this.what = `the MMA operation ${traits.op}`;
  }
  print(): string {
    throw new CuteError("print", `no matching overload for the MMA operation ${this.traits.op}{}: print MMA_Atom<${this.traits.op}>{} or a TiledMMA`);
  }
  dsl(): string {
    if (this.dslText === undefined) throw new Unsupported(`the DSL's print of ${this.what}`);
    return this.dslText;
  }
  // C++ draws an operation as its atom; the DSL asks for the TiledMMA
  picture(kind: "latex" | "svg", force: boolean, pics: Pictures): string {
    if (this.dslText !== undefined) throw new UsageError("draw the atom: cute.make_tiled_mma(op)");
    return new MmaAtomValue(this.traits).picture(kind, force, pics);
  }
}

export class MmaAtomValue extends AtomValue {
  readonly what: string;
  constructor(
    readonly traits: MmaTraits,
    readonly dialect: AtomDialect = "cxx",
  ) {
    super();
    this.what = WORDS[dialect].mmaAtom;
  }
  print(): string {
    return formatMmaAtom(this.traits);
  }
  dsl(): string {
    return showDslMmaAtom(mmaFields(this.traits));
  }
  // CuTe draws an atom as make_tiled_mma(atom)
  picture(kind: "latex" | "svg", force: boolean, pics: Pictures): string {
    return new TiledMmaValue(make_tiled_mma(this.traits)).picture(kind, force, pics);
  }
}

export class TiledMmaValue extends AtomValue {
  readonly what = "a TiledMMA";
  constructor(readonly mma: TiledMma) {
    super();
  }
  print(): string {
    return formatTiledMma(this.mma);
  }
  dsl(): string {
    return showDslTiledMma(tiledMmaFields(this.mma));
  }
  picture(kind: "latex" | "svg", force: boolean, p: Pictures): string {
    return kind === "latex" ? p.print_latex_tiled_mma(this.mma, force) : p.print_svg_tiled_mma(this.mma, force);
  }
}

// ------------------------------------------------------------------------------ copy

export class CopyAtomValue extends AtomValue {
  readonly what: string;
  constructor(
    readonly atom: CopyAtom,
    readonly dialect: AtomDialect = "cxx",
    /** the value type's MLIR name, as the DSL gave it; else from its C++ name */
    readonly mlir: string | undefined = undefined,
  ) {
    super();
    this.what = WORDS[dialect].copyAtom;
  }
  print(): string {
    return formatCopyAtom(this.atom);
  }
  dsl(): string {
    return showDslCopyAtom(copyAtomFields(this.atom, this.mlir ?? mlirTypeOf(this.atom.valueType.name)));
  }
  picture(): string {
    throw new UsageError(WORDS[this.dialect].drawCopyAtom);
  }
}

export class TiledCopyValue extends AtomValue {
  readonly what = "a TiledCopy";
  constructor(
    readonly tc: TiledCopy,
    /** the value type's MLIR name, as the DSL gave it; else from its C++ name */
    readonly mlir: string | undefined = undefined,
  ) {
    super();
  }
  print(): string {
    return formatTiledCopy(this.tc);
  }
  dsl(): string {
    return showDslTiledCopy(tiledCopyFields(this.tc, this.mlir ?? mlirTypeOf(this.tc.atom.valueType.name)));
  }
  picture(kind: "latex" | "svg", force: boolean, p: Pictures): string {
    return kind === "latex" ? p.print_latex_tiled_copy(this.tc, force) : p.print_svg_tiled_copy(this.tc, force);
  }
}
