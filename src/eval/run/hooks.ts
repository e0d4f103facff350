/**
 * The names and calls a program adds to the block evaluator's hooks (`cute-ts run`): the thread's
 * built-in variables, std::cout and std::cerr, the CUDA runtime's constants, a program's own
 * functions, structs and static members, tensor slices made once per coordinate, and the host
 * and device calls of ./builtins.ts and ./device.ts.
 */
import { CuteError, ParseError } from "../../core/errors.js";
import { D, Int } from "../../core/integer.js";
import { PtrIter, Tensor, TmemIter, ptrAdd, rawPtr } from "../../core/tensor.js";
import { Underscore, has_underscore as hasUnderscore } from "../../core/int-tuple.js";
import { findValueType } from "../../core/value-types.js";
import { NO_TARGS, type Node, type TypeRef, memberNode, nameNode, typeNameNode } from "../../notation/parse.js";
import { type Scope, describe } from "../block.js";
import { AtomValue, type EvalHooks, type EvalValue, FloatValue } from "../ext-value.js";
import { makeFloat, toFloat, truncated } from "../float.js";
import { formatFloat } from "../float-format.js";
import { type Frame, Lambda, type Machine } from "./machine.js";
import { Aggregate, ArgvValue, ArrayRef, Buffer, intOf, CStr, Dim3, Endl, FunctionRef, HostObject, RunValue, Stream, memberValue, type StructLayout, StructRef, Unknown } from "./values.js";
import { type CallHost, DEVICE_CALLS, HOST_CALLS, LAUNCH_ATTRIBUTE_IDS } from "./builtins.js";
import { LocalArray } from "./arrays.js";
import { DEVICE_CONSTANTS, PipelineState, type SharedWords, TmemAllocator, deviceObject } from "./device.js";

/** the selected thread's place in its launch, and where its block's shared memory goes next */
export interface Device {
  blockIdx: Dim3;
  threadIdx: Dim3;
  blockDim: Dim3;
  gridDim: Dim3;
  /** the launch's cluster shape (1,1,1 without one) */
  clusterDim: Dim3;
  sharedNext: number;
}

/** what the hooks ask of the program's host (./host.ts's Host) */
export interface ProgramHost extends CallHost, SharedWords {
  readonly machine: Machine;
  device: Device | null;
  globals: Frame | null;
  readonly structs: Map<string, StructLayout>;
  write(text: string, err: boolean): void;
  note(what: string, pos: number): void;
  typeName(t: TypeRef, f: Frame): string;
  thisScope(layout: StructLayout, t: StructRef | null, g: Scope): void;
  staticMember(name: string, f: Frame): { layout: StructLayout; member: string } | undefined;
  structLayout(node: Node & { k: "name" }, f: Frame): StructLayout | undefined;
  constantOf(n: Node, f: Frame): number;
  qualified(name: string, f: Frame): string;
}

/** the scalar types a program declares as C++ integers */
export const SCALARS = new Set(["int", "unsigned", "long", "short", "char", "size_t", "int32_t", "uint32_t", "int64_t", "uint64_t", "uint8_t", "int8_t", "uint16_t", "int16_t", "bool"]);

/** the slices made of each tensor, by coordinate */
const SLICES = new WeakMap<Tensor, Map<string, EvalValue>>();
/** a coordinate of integers and _ as a key (a static integer marked), or undefined for anything else */
function coordKey(args: readonly EvalValue[]): string | undefined {
  let k = "";
  for (const a of args) {
    if (a instanceof Int) k += a.s ? `_${a.v},` : `${a.v},`;
    else if (a instanceof Underscore) k += "*,";
    else if (Array.isArray(a)) {
      const inner = coordKey(a);
      if (inner === undefined) return undefined;
      k += `(${inner}),`;
    } else return undefined;
  }
  return k;
}

/** a library name without its namespaces (cute::, cutlass::arch::, std::) */
export function shortName(name: string): string {
  return name.replace(/^(?:::)?(?:(?:std|cute|cutlass|arch)::)*/, "");
}

/** C++'s ostream of a double or float: %g with 6 significant digits */
function streamFloat(v: FloatValue): string {
  return formatFloat("g", v.v, 6, "");
}

export function programHooks(h: EvalHooks, f: Frame, host: ProgramHost): EvalHooks {
  const m = host.machine;
  const src = m.src;
  return {
    ...h,
    name(n, s) {
      const v = f.values.get(n.name);
      if (v !== undefined) return v;
      const dev = host.device;
      if (dev !== null) {
        const d = { threadIdx: dev.threadIdx, blockIdx: dev.blockIdx, blockDim: dev.blockDim, gridDim: dev.gridDim }[n.name];
        if (d !== undefined) return d;
      }
      const short = n.name.replace(/^(?:::)?(?:std::|cute::)/, "");
      if (short === "cout" || short === "cerr") return new Stream(short === "cerr");
      if (short === "endl") return new Endl();
      const c = CONSTANTS.get(n.name.replace(/^(?:::)?/, "")) ?? DEVICE_CONSTANTS.get(shortName(host.qualified(n.name, f))) ?? LAUNCH_ATTRIBUTE_IDS.get(n.name.replace(/^(?:::)?/, ""));
      if (c !== undefined) return D(c);
      // S::kName: a static constexpr member of a struct the unit defines
      const st = n.name.includes("::") ? host.staticMember(n.name, f) : undefined;
      const sv = st?.layout.scope?.values.get(st.member);
      if (sv !== undefined) return sv;
      if (/^cuda[A-Z]\w*$/.test(n.name)) return D(0);
      if (n.types !== null && /(?:^|::)(?:co)?size_v$/.test(n.name)) return D(host.constantOf(n, f));
      const fns = m.functions(n.name);
      if (fns.length > 0) return new FunctionRef(n.name, fns, n.types);
      const g = host.globals?.values.get(n.name);
      if (g !== undefined) return g;
      return h.name?.(n, s);
    },
    string(n) {
      return new CStr(n.text);
    },
    lambda(n) {
      return m.closure(n, f);
    },
    call(n, args0, s) {
      const args = args0 as EvalValue[];
      const held = f.values.get(n.name);
      if (held instanceof Lambda) return (m.callLambda(held, args, n.pos) ?? D(0));
      if (held instanceof FunctionRef) return (m.call(m.choose(held.decls, args, n.name, n.pos), args, held.types, f, held.bound) ?? D(0));
      // S::f(args): a static member function of a struct the unit defines
      const st = n.name.includes("::") ? host.staticMember(n.name, f) : undefined;
      const statics = st === undefined ? [] : (st.layout.methods ?? []).filter((x) => x.name === st.member);
      if (st !== undefined && statics.length > 0) return (m.call(m.choose(statics, args, n.name, n.pos), args, n.types, f, (g) => host.thisScope(st.layout, null, g)) ?? D(0));
      if (held instanceof Tensor && n.types === null) return this.apply(held, args0);
      const fns = m.functions(n.name);
      if (fns.length > 0 && fns.some((g) => args.length >= g.params.filter((p) => p.default === null).length && args.length <= g.params.length)) {
        const r = m.callAgain(m.choose(fns, args, n.name, n.pos), args, n.types, f);
        return (r ?? D(0));
      }
      const short = shortName(host.qualified(n.name, f));
      if (n.name === "dim3") {
        const d = args.map((x) => intOf(x, "dim3"));
        return new Dim3(d[0] ?? 1, d[1] ?? 1, d[2] ?? 1);
      }
      const sized = n.name === "sizeof" && n.types !== null ? n.types[0] : undefined;
      // sizeof(a) of an array declared in a function: its bytes (a pointer's: 8)
      const arr = n.name === "sizeof" ? (sized?.k === "name" ? f.values.get(sized.name) : n.types === null ? args[0] : undefined) : undefined;
      if (arr instanceof LocalArray) return D(arr.sizeof());
      // sizeof(a[i]): the element's size (the operand is not evaluated: an element never written has one too)
      const sub = n.name === "sizeof" && n.types === null ? n.args[0] : undefined;
      const owner = sub?.k === "apply" && sub.subscript ? m.ev(sub.target, f) : undefined;
      if (owner instanceof LocalArray) return D(owner.elementBytes());
      if (sized?.k === "name") {
        const layout = host.structLayout(sized, f);
        if (layout !== undefined) return D(layout.size);
      }
      // functional casts: int(x), double(x), T(x) of a scalar alias
      const scalar = host.typeName({ k: "type", node: typeNameNode(n.name, n.pos), pos: n.pos }, f);
      if (args.length <= 1 && (SCALARS.has(scalar) || scalar === "float" || scalar === "double" || findValueType(scalar) !== undefined) && n.types === null && !CUTE_SCALAR_CALLS.has(scalar)) {
        const a = args[0] ?? D(0);
        if (a instanceof Unknown) return a;
        if (scalar === "float" || scalar === "double") return (toFloat(a, scalar) ?? a);
        if (SCALARS.has(scalar)) return (a instanceof FloatValue ? truncated(a) : a instanceof Int ? D(a.v) : a);
        return a;
      }
      const obj = deviceObject(short, () => (n.types ?? []).map((t) => host.constantOf(t, f)));
      if (obj !== undefined && args.length === 0) return obj;
      const dev = host.device !== null ? DEVICE_CALLS[short] : undefined;
      if (dev !== undefined) return dev(args, host, n);
      const hc = HOST_CALLS[short];
      if (hc !== undefined) {
        const r = hc(args, host, n, f);
        if (r !== undefined) return r;
      }
      return h.call(n, args0, s);
    },
    subscript(target, args, n, s) {
      // argv[i], a vector's or an array's element: the program's; CuTe's values have no operator[] but a tensor's
      const t = target as unknown;
      if (t instanceof ArgvValue || t instanceof Buffer || t instanceof ArrayRef || t instanceof PtrIter || t instanceof Unknown || t instanceof LocalArray) return this.apply(target, args);
      if (h.subscript !== undefined) return h.subscript(target, args, n, s);
      throw new ParseError(s, n.pos, "operator[] reads a tensor's element (t[i], t[make_coord(i, j)]); call a layout as L(i)");
    },
    addressOf(n, target, args, s) {
      // &p[i], &array[i]: the address of a raw pointer's or a struct's array's element (an mbarrier in shared memory)
      const t = target as unknown;
      const base = t instanceof ArrayRef ? rawPtr(t.bits, t.addr, t.type) : t instanceof PtrIter && t.tags.length === 0 ? t : undefined;
      if (base !== undefined && args.length === 1) return ptrAdd(base, intOf(args[0] as EvalValue, "the index of &p[i]"));
      if (t instanceof LocalArray && args.length === 1) return t.plus(intOf(args[0] as EvalValue, "the index of &a[i]"));
      return h.addressOf(n, target, args, s);
    },
    apply(target, args) {
      const t = target as unknown;
      if (t instanceof ArgvValue) return t.at(intOf(args[0] as EvalValue, "argv[i]"));
      if (t instanceof LocalArray) {
        const i = args[0] as EvalValue | undefined;
        if (args.length !== 1 || i === undefined) throw new CuteError(`${t.elems.name}[...]`, "an array's element is read with one index", (args as EvalValue[]).map((a) => describe(a)));
        return i instanceof Unknown ? i : t.read(intOf(i, `the index of ${t.elems.name}[i]`));
      }
      if (t instanceof Buffer || t instanceof ArrayRef) return new Unknown(`an element of ${t.what} (a value in memory)`);
      if (t instanceof PtrIter) return new Unknown("a value in memory (p[i])");
      if (t instanceof Tensor && (t.iter instanceof PtrIter || t.iter instanceof TmemIter) && !args.some((a) => hasUnderscore(a))) {
        // an element of a tensor over memory: host code in a loop (a reference check) runs none of the loop
        const why = `an element of a tensor in ${t.iter instanceof TmemIter ? "TMEM" : "memory"} (a value only the GPU's run has)`;
        if (host.device === null && m.loops > 0) m.undecided(why, 0);
        return new Unknown(why);
      }
      if (t instanceof Unknown) return t;
      if (t instanceof Lambda) return (m.callLambda(t, args as EvalValue[], t.node.pos) ?? D(0));
      // a slice of a tensor (tCsA(_,_,k)): the same tensor and coordinate give the same slice (a main loop slices the same ones again and again)
      if (t instanceof Tensor) {
        const key = coordKey(args);
        if (key === undefined) return h.apply(target, args);
        let made = SLICES.get(t);
        if (made === undefined) SLICES.set(t, (made = new Map()));
        const seen = made.get(key);
        if (seen !== undefined) return seen;
        const r = h.apply(target, args);
        if (made.size < 64) made.set(key, r);
        return r;
      }
      return h.apply(target, args);
    },
    member(n, target, args, s) {
      const t = target as unknown;
      if (t instanceof Dim3 && n.field) {
        const v = n.name === "x" ? t.x : n.name === "y" ? t.y : n.name === "z" ? t.z : undefined;
        if (v === undefined) throw new ParseError(src, n.pos, `dim3 has members x, y and z, not ${n.name}`);
        return D(v);
      }
      if (t instanceof Buffer) {
        // a host_vector's data() is a T*; a device_vector's a thrust::device_ptr (.get() unwraps it)
        if (n.name === "data" || n.name === "begin") return t.device ? (t) : rawPtr(t.bits, t.addr, t.type);
        if (n.name === "get") return rawPtr(t.bits, t.addr, t.type);
        if (n.name === "size") return D(t.count);
        if (n.name === "end") return rawPtr(t.bits, t.addr + (t.count * t.bits) / 8, t.type);
      }
      if (t instanceof HostObject) {
        const v = t.fields.get(n.name);
        if (v !== undefined) return v;
        if (n.field) throw new ParseError(src, n.pos, `cute-ts does not know the member ${n.name} of ${t.what}`);
        if (/^(?:seconds|milliseconds|elapsed\w*)$/.test(n.name)) return new Unknown(`a time measured on the GPU (${n.name}())`);
        return D(0);
      }
      if (t instanceof StructRef) {
        const mem = t.layout.members.get(n.name);
        const methods = (t.layout.methods ?? []).filter((g) => g.name === n.name);
        if (mem === undefined && !n.field && methods.length > 0) return (m.call(m.choose(methods, args as EvalValue[], n.name, n.pos), args as EvalValue[], null, f, (g) => host.thisScope(t.layout, t, g)) ?? D(0));
        if (mem === undefined) throw new ParseError(src, n.pos, `${t.layout.name} has no member ${n.name}`);
        return memberValue(mem, t.addr);
      }
      if (t instanceof ArrayRef) {
        if (n.name === "begin" || n.name === "data") return rawPtr(t.bits, t.addr, t.type);
        if (n.name === "size") return D(t.count);
      }
      if (t instanceof PipelineState || t instanceof TmemAllocator) {
        const r = t instanceof PipelineState ? t.field(n.name) : t.call(n.name, args as EvalValue[], host);
        if (r === undefined) throw new ParseError(src, n.pos, `cute-ts does not know the member ${n.name} of ${t.what}`);
        return r;
      }
      if (t instanceof Unknown) return t;
      if (t instanceof FunctionRef) throw new ParseError(src, n.pos, `${t.name} is a function: it has no member ${n.name}`);
      // tma.with(barrier[, mask]): the copy bound to its barrier, an executable copy; no data moves on the host
      if (n.name === "with" && !n.field && t instanceof AtomValue && !(t instanceof RunValue)) return target;
      return h.member(n, target, args, s);
    },
    op(n, args0, s) {
      const args = args0 as EvalValue[];
      const [a, b] = args;
      if (n.name === "<<" && a instanceof Stream) {
        host.write(streamText(b!, n.args[1]!, f, host), a.err);
        return a;
      }
      // &storage.member: a pointer to the member's first element
      if (n.name === "u&") return (a instanceof ArrayRef ? rawPtr(a.bits, a.addr, a.type) : a);
      if (a instanceof PipelineState && n.name === "+" && b instanceof Int) return a.advance(b.v);
      if (a instanceof LocalArray || b instanceof LocalArray) {
        // an array decays to a pointer to its first element: *a, a + k, k + a, a - k
        if (n.name === "u*" && a instanceof LocalArray) return a.read(0);
        if (n.name === "u&" || n.name === "u+") return a!;
        if (n.name === "+" && a instanceof LocalArray && b instanceof Int) return a.plus(b.v);
        if (n.name === "+" && b instanceof LocalArray && a instanceof Int) return b.plus(a.v);
        if (n.name === "-" && a instanceof LocalArray && b instanceof Int) return a.plus(-b.v);
        if (n.name === "-" && a instanceof LocalArray && b instanceof LocalArray && a.elems === b.elems) return D(a.offset - b.offset);
        if ((n.name === "==" || n.name === "!=") && a instanceof LocalArray && b instanceof LocalArray) return D(+((a.elems === b.elems && a.offset === b.offset) === (n.name === "==")));
        if (n.name === "u!") return D(0);
        throw new CuteError(n.name.replace(/^u/, ""), `cute-ts does not support this operator on ${a instanceof LocalArray ? a.what : (b as LocalArray).what} yet`, args.map((x) => describe(x)));
      }
      if (n.name === "u*") {
        if (a instanceof StructRef || a instanceof FunctionRef) return a;
        if (a instanceof PtrIter) return new Unknown("a value in memory (*p)");
      }
      const u = args.find((x) => x instanceof Unknown);
      if (u !== undefined) return u;
      if (args.some((x) => x instanceof CStr || x instanceof Buffer || x instanceof FunctionRef)) {
        // a string or a pointer in a condition: non-null
        const t = (x: EvalValue) => (x instanceof Int ? x.v !== 0 : true);
        if (n.name === "&&") return D(+(t(a!) && t(b!)));
        if (n.name === "||") return D(+(t(a!) || t(b!)));
        if (n.name === "u!") return D(+!t(a!));
      }
      if ((n.name === "/" || n.name === "%") && b instanceof Int && b.v === 0 && a instanceof FloatValue) return makeFloat(a.v / 0, a.type);
      return h.op(n, args0, s);
    },
    cast(n, arg, s) {
      // a struct the unit defines, by an alias of its template's arguments or by its own name
      const layout = host.structs.get(n.name) ?? (m.unit.structs.some((x) => x.name === n.name && x.tparams === null) ? host.structLayout(nameNode(n.pos, n.name, NO_TARGS, null, n.pos), f) : undefined);
      if (layout !== undefined) {
        const p = arg as unknown;
        if (!(p instanceof PtrIter)) throw new CuteError(`reinterpret_cast<${n.name}*>`, "casts a pointer to shared memory", [describe(arg as EvalValue)]);
        return new StructRef(layout, p.addr);
      }
      if (n.name === "void" || n.name === "char" || arg instanceof RunValue) return arg;
      return h.cast(n, arg, s);
    },
    init(n, args, s) {
      if (n.name === "" && args.length > 0 && args.some((x) => x instanceof RunValue)) return new Aggregate(args);
      // T::Member{} of a deduced type parameter T: the member type of T's value, as decltype(x)::Member{}
      const colons = n.name.lastIndexOf("::");
      const owner = colons > 0 ? f.decltypes.get(n.name.slice(0, colons)) : undefined;
      if (owner !== undefined && args.length === 0) {
        const member = memberNode(n.pos, n, n.name.slice(colons + 2), NO_TARGS, null, []);
        return h.member(member, owner, [], s);
      }
      if (n.name === "dim3") {
        const d = args.map((x) => intOf(x as EvalValue, "dim3"));
        return new Dim3(d[0] ?? 1, d[1] ?? 1, d[2] ?? 1);
      }
      return h.init(n, args, s);
    },
    truth(v, n) {
      return m.truth(v as EvalValue, n);
    },
  };
}

/** std::cout << x: a string's characters, an integer (a char as its character), a float as ostream prints it */
function streamText(v: EvalValue, n: Node, f: Frame, host: ProgramHost): string {
  if (v instanceof CStr) return v.text;
  if (v instanceof Endl) return "\n";
  if (v instanceof Unknown) {
    host.note(`std::cout << ${v.why}`, n.pos);
    return "";
  }
  if (v instanceof FloatValue) return streamFloat(v);
  if (v instanceof Int) {
    const isChar = (n.k === "name" && f.types.get(n.name) === "char") || (n.k === "int" && host.machine.src[n.pos] === "'");
    return isChar ? String.fromCharCode(v.v & 0xff) : String(v.v);
  }
  if (v instanceof RunValue) return v.what;
  return describe(v);
}

const CONSTANTS = new Map<string, number>([
  ["RAND_MAX", 2147483647],
  ["EXIT_SUCCESS", 0],
  ["EXIT_FAILURE", 1],
  ["cutlass::Status::kSuccess", 0],
  ["Status::kSuccess", 0],
]);
/** CuTe's functions that share a scalar type's name (none today; uint128_t is a type) */
const CUTE_SCALAR_CALLS = new Set<string>([]);

