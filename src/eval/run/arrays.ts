/**
 * Arrays declared in a function (`cute-ts run`): `T a[N];`, `T a[N] = {...}`, `T a[] = {...}`.
 * Each element is a value of the program (an integer, a float, a host object such as a
 * cudaLaunchAttribute); an element never written is indeterminate, as C++ leaves it; an index
 * outside the array is C++'s undefined behaviour, refused. The array decays to a pointer where
 * it is passed or offset: the same elements, seen from an offset.
 */
import { Unsupported, UsageError } from "../../core/errors.js";
import { D, Int } from "../../core/integer.js";
import { findValueType } from "../../core/value-types.js";
import type { Declarator, Node } from "../../notation/parse.js";
import { describe } from "../block.js";
import { type EvalValue, type FloatType, FloatValue } from "../ext-value.js";
import { floatType, makeFloat, toFloat, truncated } from "../float.js";
import { RunValue, Unknown } from "./values.js";

/** the most elements one array may have (checked before it is made: a bound on memory) */
export const MAX_ARRAY_ELEMENTS = 65_536;
/** the most elements all the arrays of one run may have together (a bound on time and memory) */
export const MAX_RUN_ARRAY_ELEMENTS = 1 << 24;

/** what an element holds: an integer, a float of `float` type, an object, or any value as it is given */
type Kind = { k: "int"; type: string } | { k: "float"; type: FloatType } | { k: "object" } | { k: "any" };

/** the elements of one array, shared by the array and the pointers made of it */
interface Elements {
  readonly name: string;
  readonly type: string;
  readonly kind: Kind;
  /** sizeof(T), where cute-ts knows it */
  readonly bytes: number | undefined;
  readonly items: (EvalValue | undefined)[];
}

/** an array declared in a function (`pointer` false), or a pointer into one (the array decayed: a parameter, `a + k`) */
export class LocalArray extends RunValue {
  readonly what: string;
  constructor(
    readonly elems: Elements,
    readonly offset: number,
    readonly pointer: boolean,
  ) {
    super();
    const e = elems;
    this.what = pointer ? `a pointer to ${e.name}[${offset}] (${e.type} ${e.name}[${e.items.length}])` : `the array ${e.type} ${e.name}[${e.items.length}]`;
  }
  get count(): number {
    return this.elems.items.length;
  }
  /** the element `i` past where this points: its index in the array, refused outside it */
  private index(i: number, verb: string): number {
    const e = this.elems, j = this.offset + i, n = e.items.length;
    if (!Number.isSafeInteger(j) || j < 0 || j >= n) {
      const via = this.offset === 0 ? "" : ` (through a pointer to ${e.name}[${this.offset}], index ${i})`;
      throw new UsageError(`${verb} ${e.name}[${j}]${via} is undefined behaviour: ${e.type} ${e.name}[${n}] has elements 0 to ${n - 1}`);
    }
    return j;
  }
  read(i: number): EvalValue {
    const j = this.index(i, "reading");
    return this.elems.items[j] ?? new Unknown(`${this.elems.name}[${j}], read before anything is written to it (its value is indeterminate in C++)`);
  }
  write(i: number, v: EvalValue): void {
    const j = this.index(i, "writing");
    this.elems.items[j] = converted(this.elems, v, j);
  }
  /** every element becomes what only the GPU knows (a loop cute-ts did not run stored into it) */
  forget(why: string): void {
    this.elems.items.fill(new Unknown(why));
  }
  /** `a + k`, `&a[k]`: a pointer k elements on; C++ allows one past the end, no further */
  plus(k: number): LocalArray {
    const e = this.elems, j = this.offset + k, n = e.items.length;
    if (!Number.isSafeInteger(j) || j < 0 || j > n) throw new UsageError(`a pointer to ${e.name}[${j}] is undefined behaviour: ${e.type} ${e.name}[${n}] allows pointers to elements 0 to ${n} (one past the end)`);
    return new LocalArray(e, j, true);
  }
  /** sizeof(a): the array's bytes; a pointer's 8 */
  sizeof(): number {
    return this.pointer ? 8 : this.elementBytes() * this.elems.items.length;
  }
  /** sizeof(a[i]) */
  elementBytes(): number {
    const e = this.elems;
    if (e.bytes === undefined) throw new Unsupported(`sizeof(${e.type})`, ` (the element type of ${e.name})`);
    return e.bytes;
  }
}

/** a value stored into an element, converted as C++ converts it to the element's type */
function converted(e: Elements, v: EvalValue, j: number): EvalValue {
  if (v instanceof Unknown) return v;
  const k = e.kind;
  const refuse = (): never => {
    throw new UsageError(`${e.name}[${j}] = ...: no viable conversion from ${describe(v)} to ${e.type}`);
  };
  if (k.k === "int") {
    if (v instanceof FloatValue) return truncated(v);
    if (v instanceof LocalArray && k.type === "bool") return D(1);
    if (!(v instanceof Int)) return refuse();
    if (k.type === "bool") return D(+(v.v !== 0));
    if (k.type === "char" || k.type === "int8_t") return D(((v.v + 128) & 0xff) - 128);
    if (k.type === "uint8_t") return D(v.v & 0xff);
    return D(v.v);
  }
  if (k.k === "float") return toFloat(v, k.type) ?? refuse();
  return v;
}

/** C++'s sizes of the integer types a program declares (LP64, as nvcc's host compiler on Linux) */
const INT_BYTES = new Map([["bool", 1], ["char", 1], ["short", 2], ["int", 4], ["unsigned", 4], ["long", 8], ["size_t", 8]]);

/** what a declared array's elements are, from its element type's name (aliases followed) */
export interface ElementType {
  name: string;
  pointer: boolean;
  /** an integer type of the program's */
  scalar: boolean;
  /** a host object's maker (cudaLaunchAttribute, a struct of the program's), one per element */
  object?: () => EvalValue;
  /** sizeof(T) of an object type, where known */
  objectBytes?: number;
}

function kindOf(t: ElementType, sample: EvalValue | undefined): { kind: Kind; bytes: number | undefined } {
  if (t.pointer) return { kind: { k: "any" }, bytes: 8 };
  const vt = findValueType(t.name);
  if (t.scalar || sample instanceof Int) return { kind: { k: "int", type: t.name }, bytes: INT_BYTES.get(t.name) ?? (vt === undefined ? 4 : vt.bits / 8) };
  const ft = floatType(t.name);
  if (ft !== undefined) return { kind: { k: "float", type: ft }, bytes: ft === "float" ? 4 : 8 };
  // CuTe's narrow floating-point types are held as float values (as a declared scalar of one is)
  if (t.object === undefined && vt !== undefined) return { kind: { k: "float", type: "float" }, bytes: vt.bits / 8 };
  if (t.object !== undefined) return { kind: { k: "object" }, bytes: t.objectBytes };
  return { kind: { k: "any" }, bytes: undefined };
}

/**
 * `T a[N];`, `T a[N] = {...}`, `T a[N]{...}`, `T a[] = {...}`: N is checked (a positive integral
 * constant, at most MAX_ARRAY_ELEMENTS, within the run's budget) before anything is made; fewer
 * initialisers than N leave the rest zero (value-initialised); none at all leave scalars
 * indeterminate (`zero`: an array of static storage, zero-initialised)
 */
export function declareArray(d: Declarator, t: ElementType, ev: (n: Node) => EvalValue, zero: boolean, budget: { elements: number }): LocalArray {
  const size = d.array!.size;
  const init = d.init !== null && d.init.k === "{}" ? d.init.args : null;
  const spelled = `${t.name}${t.pointer ? "*" : ""} ${d.name}`;
  let n: number;
  if (size === null) n = init?.length ?? 0;
  else {
    const v = ev(size);
    if (!(v instanceof Int)) throw new UsageError(`${spelled}[N]: an array's size is an integral constant expression, not ${describe(v)}`);
    n = v.v;
    if (n <= 0) throw new UsageError(`${spelled}[${n}]: an array's size is greater than zero (C++ refuses ${d.name}[${n}])`);
    if (n > MAX_ARRAY_ELEMENTS) throw new UsageError(`${spelled}[${n}]: cute-ts holds at most ${MAX_ARRAY_ELEMENTS} elements in an array declared in a function (a bound on memory); this one has ${n}`);
    if (init !== null && init.length > n) throw new UsageError(`${spelled}[${n}] = {...}: excess elements in array initializer: ${init.length} values for ${n} elements`);
  }
  if (n === 0) throw new UsageError(`${spelled}[] = {}: an array's size is greater than zero: an empty initializer gives it none`);
  if (budget.elements + n > MAX_RUN_ARRAY_ELEMENTS) throw new UsageError(`${spelled}[${n}]: the program's arrays hold more than ${MAX_RUN_ARRAY_ELEMENTS} elements together: cute-ts stops there (a bound on memory and time)`);
  budget.elements += n;
  const sample = t.object?.();
  const { kind, bytes } = kindOf(t, sample);
  const elems: Elements = { name: d.name, type: t.name + (t.pointer ? "*" : ""), kind, bytes, items: new Array<EvalValue | undefined>(n) };
  const made = new LocalArray(elems, 0, false);
  const zeroOf = (): EvalValue | undefined => (kind.k === "int" ? D(0) : kind.k === "float" ? makeFloat(0, kind.type) : kind.k === "object" ? t.object!() : t.pointer ? D(0) : undefined);
  const given = init?.length ?? 0;
  for (let i = 0; i < given; i++) {
    const v = ev(init![i]!);
    if (kind.k === "object" && !(v instanceof RunValue)) throw new Unsupported(`braced initialisers of an array of ${t.name}`, ": declare it, then store each element's members");
    made.write(i, v);
  }
  if (init !== null || zero || kind.k === "object") for (let i = given; i < n; i++) elems.items[i] = zeroOf();
  return made;
}
