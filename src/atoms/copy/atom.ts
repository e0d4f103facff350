/**
 * Copy_Atom<Op, T>: the traits of a copy operation recast from bits to values of type T
 * (CuTe's copy_atom.hpp: ValLayoutX = recast_layout<uint1_t, T>(XLayout)).
 */
import { CuteError } from "../../core/errors.js";
import { Int } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { Layout, isLayout, recast_layout, showLayout, size } from "../../core/layout.js";
import { readLiteral } from "../../notation/read.js";
import { show } from "../../print/print.js";
import { copyTraits, type CopyTraits } from "./catalog.js";
import { parseValueType, type ValueType } from "../../core/value-types.js";

/** Copy_Traits as layouts (ThrID, Src/Dst/Ref in bits, optional ValID). */
export interface BitTraits {
  name: string;
  thrID: Layout;
  src: Layout;
  dst: Layout;
  ref: Layout;
  valID?: Layout;
}

export class CopyAtom {
  constructor(
    readonly traits: BitTraits,
    readonly valueType: ValueType,
    /** thr id -> thread index */
    readonly thrID: Layout,
    /** (thr, val) -> value offset, for source, destination and the reference */
    readonly valLayoutSrc: Layout,
    readonly valLayoutDst: Layout,
    readonly valLayoutRef: Layout,
  ) {}

  get name(): string {
    return this.traits.name;
  }
  /** size<1>(ValLayoutSrc) */
  get numValSrc(): Int {
    return modeSize(this.valLayoutSrc, 1);
  }
  get numValDst(): Int {
    return modeSize(this.valLayoutDst, 1);
  }
  /** size<0>(ValLayoutRef): threads of one atom */
  get atomNumThr(): Int {
    return modeSize(this.valLayoutRef, 0);
  }
  /** size<1>(ValLayoutRef): values of one atom */
  get atomNumVal(): Int {
    return modeSize(this.valLayoutRef, 1);
  }
}

export function modeSize(l: Layout, i: number): Int {
  return T.size(T.get(l.shape, i, `size<${i}>`));
}

/** a layout as the catalog writes it (or a layout) */
export function asLayout(x: string | Layout, what: string): Layout {
  if (isLayout(x)) return x;
  const v = readLiteral(x);
  if (isLayout(v)) return v;
  throw new CuteError(what, "expected a layout", [x]);
}

export function bitTraits(t: CopyTraits): BitTraits {
  const L = (s: string, w: string) => asLayout(s, `${t.name}::${w}`);
  return {
    name: t.name,
    thrID: L(t.thrID, "ThrID"),
    src: L(t.src, "SrcLayout"),
    dst: L(t.dst, "DstLayout"),
    ref: L(t.ref, "RefLayout"),
    ...(t.valID ? { valID: L(t.valID, "ValID") } : {}),
  };
}

/**
 * Copy_Atom<Traits, T>{} from traits given as layouts, e.g. by another module's own
 * Copy_Traits (TMA). Checks CuTe's static assertions on the recast layouts.
 */
export function make_copy_atom_from_traits(traits: BitTraits, valueType: ValueType): CopyAtom {
  const recast = (l: Layout) => recast_layout(l, 1, valueType.bits);
  const src = recast(traits.src);
  const dst = recast(traits.dst);
  const ref = recast(traits.ref);
  const nThr = size(traits.thrID);
  const check = (l: Layout, which: string) => {
    const n = modeSize(l, 0);
    if (n.v !== nThr.v) {
      throw new CuteError(`Copy_Atom<${traits.name},${valueType.name}>`, `CopyOperation is not valid for ${which} of ValType.`, [
        `size<0>(ValLayout${which}) = ${n.v}`,
        `size(ThrID) = ${nThr.v}`,
        `ValLayout${which} = ${showLayout(l)}`,
      ]);
    }
  };
  check(src, "Src");
  check(dst, "Dst");
  check(ref, "Ref");
  return new CopyAtom(traits, valueType, traits.thrID, src, dst, ref);
}

/** the atoms made, by operation and value type (an atom is immutable; a program's host code makes the same ones again in its timing loop) */
const MADE = new Map<string, CopyAtom>();
const MADE_MAX = 512;

/** Copy_Atom<OP, T>{} for an operation and a value type named as in C++. */
export function make_copy_atom(op: string, valueType: string | ValueType): CopyAtom {
  const vt = typeof valueType === "string" ? parseValueType(valueType) : valueType;
  const key = `${op}\u0000${vt.name}\u0000${vt.bits}`;
  const made = MADE.get(key);
  if (made !== undefined) return made;
  const atom = make_copy_atom_from_traits(bitTraits(copyTraits(op)), vt);
  if (MADE.size >= MADE_MAX) MADE.clear();
  MADE.set(key, atom);
  return atom;
}

/** print(Copy_Atom) */
export function formatCopyAtom(a: CopyAtom): string {
  return (
    "Copy_Atom\n" +
    `  ThrID:        ${show(a.thrID)}\n` +
    `  ValLayoutSrc: ${show(a.valLayoutSrc)}\n` +
    `  ValLayoutDst: ${show(a.valLayoutDst)}\n` +
    `  ValLayoutRef: ${show(a.valLayoutRef)}\n` +
    `  ValueType:    ${a.valueType.bits}b\n`
  );
}
