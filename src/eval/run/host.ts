/**
 * What a program's host and device code see around CuTe (`cute-ts run`): output streams, argv,
 * allocations with distinct addresses, the CUDA runtime's answers, kernel launches for one
 * selected thread, shared memory placed as the GPU places it, assertions reported as the
 * compiler and glibc report them, and the names a program's hooks add to the block's.
 */
import { CuteError, type Input, ParseError, UsageError, input, spell, words } from "../../core/errors.js";
import { D, Int } from "../../core/integer.js";
import { PtrIter, Tensor, TmemIter, rawPtr } from "../../core/tensor.js";
import { findValueType } from "../../core/value-types.js";
import { type Declarator, NO_TARGS, type Node, type Stmt, type TypeRef, callNode, nameNode, opNode, spellType } from "../../notation/parse.js";
import { ProgramParser, type StructDecl } from "../../notation/cxx/program.js";
import { type Scope, bind, check, constexpr, describe, resolveTypes, typeArg } from "../block.js";
import { AtomValue, type EvalHooks, type EvalValue, FloatValue } from "../ext-value.js";
import { makeFloat, toFloat, truncated } from "../float.js";
import { type Frame, type Machine, type MachineHost, type PrintOutcome, placed } from "./machine.js";
import { ArrayRef, Buffer, Exit, intOf, CStr, Dim3, FunctionRef, HostObject, RunValue, type Member, memberValue, type StructLayout, StructRef, Unknown } from "./values.js";
import type { StaticFailure } from "./checks.js";
import { deviceObject } from "./device.js";
import { LocalArray, declareArray } from "./arrays.js";
import { type Device, type ProgramHost, SCALARS, programHooks, shortName } from "./hooks.js";

export { type Device, shortName };

/** where global allocations begin, and how far apart (2 MiB, as cudaMalloc's large allocations are) */
const GMEM_BASE = 0x7f0000000000;
const GMEM_ALIGN = 1 << 21;
/** the shared window of the selected block; its first KiB is the system's (dynamic and static shared memory start after it) */
const SMEM_BASE = 0x7ff000000000;
const SMEM_RESERVED = 0x400;


export interface HostConfig {
  file: string;
  origin: { file: string; line: number }[];
  block: [number, number, number];
  thread: number;
  arch: "sm90" | "sm100";
  /** told of each print statement that runs, where it stands in its file (1-based line, 0-based column) and what it did */
  onPrint?: (at: SourcePoint, out: PrintOutcome) => void;
  /** how a note on stderr names the caller's inputs (by default by their parameters' names; the CLI by its options) */
  spelling?: (i: Input) => string;
}

/** a place in a source file: 1-based line, 0-based column */
export interface SourcePoint {
  file: string;
  line: number;
  col: number;
}

export class Host implements MachineHost, ProgramHost {
  out = "";
  err = "";
  private readonly said = new Set<string>();
  device: Device | null = null;
  globals: Frame | null = null;
  machine!: Machine;
  private nextGlobal = GMEM_BASE;
  readonly structs = new Map<string, StructLayout>();
  /** the words of shared memory device code wrote (a TMEM allocation's address), by address; cleared at each launch */
  private readonly sharedWords = new Map<number, EvalValue>();
  /** how many elements the program's arrays declared in functions hold, all together (./arrays.ts's budget) */
  private readonly arrays = { elements: 0 };
  /** what each launch printed, by its kernel, configuration and arguments */
  private readonly launches = new Map<string, string>();
  constructor(readonly config: HostConfig) {}

  get file(): string {
    return this.config.file;
  }
  /** file:line of a position in the preprocessed text */
  where(pos: number): string {
    const src = this.machine.src;
    let line = 0;
    for (let i = src.indexOf("\n"); i >= 0 && i < pos; i = src.indexOf("\n", i + 1)) line++;
    const o = this.config.origin[line];
    return o === undefined ? this.file : `${o.file}:${o.line}`;
  }
  /** the file, line and column a position in the preprocessed text comes from */
  point(pos: number): SourcePoint {
    const src = this.machine.src;
    let line = 0, start = 0;
    for (let i = src.indexOf("\n"); i >= 0 && i < pos; i = src.indexOf("\n", i + 1)) {
      line++;
      start = i + 1;
    }
    const o = this.config.origin[line];
    return { file: o?.file ?? this.file, line: o?.line ?? line + 1, col: pos - start };
  }
  printed(pos: number, out: PrintOutcome): void {
    this.config.onPrint?.(this.point(pos), out);
  }
  /** what a host function did beyond printing on stdout and returning: allocations, stores to shared memory, std::cerr */
  effects = 0;
  write(text: string, err: boolean): void {
    if (err) this.effects++;
    if (err) this.err += text;
    else this.out += text;
    if (this.out.length + this.err.length > 1 << 26) throw new UsageError("the program printed more than 64 MiB: cute-ts stops there");
  }
  outLength(): number {
    return this.out.length;
  }
  outSince(at: number): string {
    return this.out.slice(at);
  }
  inKernel(): boolean {
    return this.device !== null;
  }
  argsKey(args: EvalValue[]): string | undefined {
    return argsKey(args);
  }
  truncate(at: number): void {
    this.out = this.out.slice(0, at);
  }
  /** what cute-ts cannot know without the GPU, said once per construct and line */
  note(what: string, pos: number): void {
    const msg = `cute-ts: ${this.where(pos)}: ${what}: only a run on the GPU knows it; cute-ts prints nothing for it\n`;
    if (this.said.has(msg)) return;
    this.said.add(msg);
    this.err += msg;
  }
  staticFailure(pos: number, f: StaticFailure): never {
    this.err += `${this.where(pos)}: error: static assertion failed in ${f.header}${f.message === null ? "" : `: ${f.message}`}\n  ${f.cond}\n${f.operands().map((o) => `  ${o}\n`).join("")}`;
    throw new Exit(1);
  }
  needsGpu(why: string, pos: number): Error {
    return placed(new UsageError(`${this.where(pos)}: the program branches on ${why}: only a run on the GPU knows it, so cute-ts stops here`));
  }

  writeShared(addr: number, v: EvalValue): void {
    this.effects++;
    this.sharedWords.set(addr, v);
  }
  readShared(addr: number): EvalValue {
    return this.sharedWords.get(addr) ?? new Unknown(`the value in shared memory at 0x${addr.toString(16)}`);
  }

  allocate(type: string, count: number, device: boolean): Buffer {
    const bits = findValueType(type)?.bits ?? 32;
    const bytes = Math.max(1, Math.ceil((count * bits) / 8));
    const addr = this.nextGlobal;
    this.effects++;
    this.nextGlobal += Math.ceil(bytes / GMEM_ALIGN) * GMEM_ALIGN + GMEM_ALIGN;
    if (!Number.isSafeInteger(this.nextGlobal)) throw new UsageError("the program allocated more memory than cute-ts addresses");
    return new Buffer(type, bits, count, addr, device);
  }

  // ------------------------------------------------------------ statements

  /** a loop whose body only stores into memory (filling a vector): its values need no run */
  dataLoop(st: Stmt & { k: "loop" }, f: Frame): boolean {
    const body = st.body.k === "compound" ? st.body.stmts : [st.body];
    if (body.length === 0 || !body.every((s) => s.k === "store")) return false;
    // stores into an array declared in a function, or into a host object, are the program's own: the loop runs
    if (body.some((s) => s.k === "store" && this.ownStore(s.target, f) !== undefined)) return false;
    this.note("the values this loop stores into memory", st.pos);
    return true;
  }
  /** the array or host object a store's target starts from (`a[i]`, `attrs[0].val.x`, `*p`, `config.gridDim`), if it is one */
  private ownStore(tg: Node, f: Frame): LocalArray | HostObject | undefined {
    let n = tg;
    for (let i = 0; i < 64; i++) {
      if (n.k === "name") {
        const v = f.values.get(n.name) ?? this.globals?.values.get(n.name);
        return v instanceof LocalArray || v instanceof HostObject ? v : undefined;
      }
      if (n.k === "member" && n.field) n = n.target;
      else if (n.k === "apply" && n.subscript && n.args.length === 1) n = n.target;
      else if (n.k === "op" && n.name === "u*" && n.args.length === 1) n = n.args[0]!;
      else return undefined;
    }
    return undefined;
  }
  /** `a[i] = v`, `a[i] op= v`, `*p = v`, `o.f = v`, `a[i].f.g = v`: an element of an array declared in a function or a host object's member */
  private ownStoreRun(st: Stmt & { k: "store" }, f: Frame): boolean {
    const tg = st.target, m = this.machine;
    if (this.ownStore(tg, f) === undefined) return false;
    const value = (): EvalValue => m.ev(st.op === null ? st.e : opNode(st.pos, st.op, [tg, st.e]), f);
    if ((tg.k === "apply" && tg.subscript) || (tg.k === "op" && tg.name === "u*")) {
      const a = m.ev(tg.k === "apply" ? tg.target : tg.args[0]!, f);
      if (!(a instanceof LocalArray)) return false;
      const i = tg.k === "apply" ? m.ev(tg.args[0]!, f) : D(0);
      const v = value();
      this.effects++;
      if (i instanceof Unknown) {
        this.note(`${a.elems.name}[...] = ... stores at an index that is ${i.why}, so every element of ${a.elems.name}`, st.pos);
        a.forget(i.why);
        return true;
      }
      a.write(intOf(i, `the index of ${a.elems.name}[i]`), v);
      return true;
    }
    if (tg.k === "member" && tg.field) {
      const owner = tg.target.k === "apply" && tg.target.subscript ? m.ev(tg.target.target, f) : undefined;
      if (owner instanceof LocalArray && owner.elems.kind.k !== "object" && owner.elems.kind.k !== "any") throw new ParseError(m.src, tg.pos, `member reference base type '${owner.elems.type}' is not a structure or union`);
      const o = m.ev(tg.target, f);
      if (o instanceof Unknown) throw new ParseError(m.src, tg.pos, `${describe(o)} has no member ${tg.name} cute-ts can store into`);
      if (!(o instanceof HostObject)) throw new ParseError(m.src, tg.pos, `member reference base type (${describe(o)}) is not a structure: it has no member ${tg.name}`);
      o.fields.set(tg.name, value());
      this.effects++;
      return true;
    }
    return false;
  }
  /** a loop cute-ts did not run stored into an array: its elements are what only the GPU knows */
  forgetStore(st: Stmt & { k: "store" }, f: Frame, why: string): void {
    const a = this.ownStore(st.target, f);
    if (a instanceof LocalArray) a.forget(why);
  }
  store(st: Stmt & { k: "store" }, f: Frame): void {
    if (this.ownStoreRun(st, f)) return;
    // `t.data() = p`: the tensor t over another iterator (a TMEM address read back from shared memory)
    const tg = st.target;
    if (st.op === null && tg.k === "member" && tg.name === "data" && !tg.field && tg.args.length === 0 && tg.target.k === "name") {
      const t = f.values.get(tg.target.name);
      if (t instanceof Tensor) {
        let v = this.machine.ev(st.e, f);
        if (v instanceof ArrayRef && v.scalar) v = this.readShared(v.addr);
        if (v instanceof Unknown) return this.note(`${tg.target.name}.data() = ${v.why}`, st.pos);
        bind(f, tg.target.name, new Tensor(retargeted(t.iter, v), t.layout), false);
        return;
      }
    }
    // any other store moves data: only what CuTe would check of it is checked (nothing for a scalar store)
  }

  shared(st: Stmt & { k: "shared" }, f: Frame): void {
    const m = this.machine;
    if (this.device === null) throw new ParseError(m.src, st.pos, "__shared__ memory exists only in a kernel");
    const type = this.typeName(st.type, f);
    const bits = findValueType(type)?.bits ?? 8;
    const count = st.size === null ? 0 : intOf(m.ev(st.size, f), "the size of a __shared__ array");
    const align = Math.max(st.align, Math.ceil(bits / 8));
    const addr = Math.ceil(this.device.sharedNext / align) * align;
    this.device.sharedNext = addr + Math.ceil((count * bits) / 8);
    const v = rawPtr(bits, addr, type);
    f.values.set(st.name, v);
    f.types.set(st.name, type);
  }

  /** the name of the type a TypeRef names, aliases followed */
  typeName(t: TypeRef, f: Frame): string {
    if (t.k !== "type") return "auto";
    let name = t.node.name;
    for (let i = 0; i < 16; i++) {
      const a = f.aliases.get(name) ?? this.globals?.aliases.get(name);
      if (a === undefined || a.k !== "type") break;
      name = a.node.types === null ? a.node.name : spellType(a.node, this.machine.src);
    }
    return name.replace(/^(?:::)?(?:cute::)/, "");
  }

  assertion(st: Stmt & { k: "assert" }, f: Frame): void {
    const m = this.machine;
    const v = m.ev(st.e, f);
    const end = m.src.indexOf(";", st.pos);
    const text = m.src.slice(st.pos, end < 0 ? m.src.length : end).replace(/\s+/g, " ");
    const cond = text.slice(text.indexOf("(") + 1, text.lastIndexOf(")")).replace(/,\s*"[^"]*"\s*$/, "").trim();
    if (st.fn === "assert") {
      if (v instanceof Unknown) return this.note(`assert(${cond}) reads ${v.why}`, st.pos);
      const ok = v instanceof Int ? v.v !== 0 : v instanceof FloatValue ? v.v !== 0 : true;
      if (ok) return;
      // as glibc's assert reports it, then abort(): exit 134
      this.err += `${this.file.split("/").pop()}: ${this.where(st.pos)}: ${f.fn}: Assertion \`${cond}' failed.\n`;
      throw new Exit(134);
    }
    try {
      check(st, v, m.src, constexpr(st.e, f));
    } catch (e) {
      if (!(e instanceof CuteError)) throw e;
      this.err += `${this.where(st.pos)}: error: ${e.rule}\n  ${st.fn}(${cond})\n`;
      throw new Exit(1);
    }
  }

  /** a declaration the host knows the type of; undefined leaves it to the block's declare */
  declare(t: TypeRef, d: Declarator, f: Frame): EvalValue | undefined {
    const m = this.machine;
    if (d.array !== undefined) return this.declareArray(t, d, f);
    if (t.k !== "type") {
      if (d.init?.k === "=") {
        const v = m.ev(d.init.e, f);
        if (v instanceof RunValue) return v;
      }
      return undefined;
    }
    const name = this.typeName(t, f);
    // T* p; with no value (cudaMalloc(&p, ...) gives it one): a null pointer of its element type until then
    if (t.pointer === true && d.init === null) {
      const vt = findValueType(name);
      return vt !== undefined ? rawPtr(vt.bits, 0, name) : new Unknown(`${name}* ${d.name}, declared without a value`);
    }
    const args = (): EvalValue[] => (d.init === null ? [] : d.init.k === "=" ? [m.ev(d.init.e, f)] : d.init.args.map((a) => m.ev(a, f)));
    const short = name.replace(/^(?:std|thrust|cutlass)::/, "");
    if (short === "host_vector" || short === "device_vector") {
      const elem = t.node.types?.[0] === undefined ? "float" : this.typeNameOf(t.node.types[0], f);
      const a = args();
      const count = a[0] instanceof Buffer ? a[0].count : a[0] === undefined ? 0 : intOf(a[0], name);
      return this.allocate(elem, count, short === "device_vector");
    }
    if (name === "dim3") {
      const a = args();
      if (a.length === 1 && a[0] instanceof Dim3) return a[0];
      const n = a.map((x) => intOf(x, "dim3"));
      return new Dim3(n[0] ?? 1, n[1] ?? 1, n[2] ?? 1);
    }
    if (name === "char" || name === "bool" || (SCALARS.has(name) && t.node.types === null)) {
      const a = args();
      const v = a[0];
      if (v === undefined) return D(0);
      if (v instanceof Unknown || v instanceof PtrIter) return v;
      // T* p = array: the array's first element's address
      if (v instanceof ArrayRef) return rawPtr(v.bits, v.addr, v.type);
      if (v instanceof RunValue) return v;
      if (v instanceof FloatValue) return truncated(v);
      if (v instanceof Int) return name === "bool" ? D(+(v.v !== 0)) : D(name === "char" ? ((v.v + 128) & 0xff) - 128 : v.v);
      return undefined;
    }
    if (name === "void") return args()[0] ?? new Unknown("a void pointer");
    const obj = deviceObject(shortName(name), () => []);
    if (obj !== undefined) return obj;
    // CuTe's narrow floating-point types (half_t, bfloat16_t, tfloat32_t, ...): held as a float value
    if (t.node.types === null && name !== "float" && name !== "double" && !SCALARS.has(name) && findValueType(name) !== undefined && !/^u?int\d+_t$|^uint\d+$/.test(name)) {
      const v = args()[0];
      if (v === undefined) return makeFloat(0, "float");
      if (v instanceof Unknown) return v;
      return toFloat(v, "float") ?? v;
    }
    if (HOST_OBJECTS.has(short) || /^cuda[A-Z]\w*$/.test(short) || this.machine.unit.structs.some((s) => s.name === name)) {
      // `cudaLaunchConfig_t config = {0};`: a C struct zeroed, its members stored one by one after
      if (d.init?.k === "=" && d.init.e.k === "init" && d.init.e.name === "" && d.init.e.args.every((x) => x.k === "int" && x.v === 0)) return hostObject(short, this.config.arch);
      const a = args();
      if (a[0] instanceof RunValue || a[0] instanceof Int) return a[0];
      return hostObject(short, this.config.arch);
    }
    if (d.init?.k === "=") {
      const v = m.ev(d.init.e, f);
      // T* p = ptr (a pointer declaration's type is read without its '*'): the pointer; T* p = array: its first element's
      // (a null pointer takes the declared element type: float* A = nullptr is a float*)
      const vt = findValueType(name);
      if (v instanceof PtrIter && v.bits === 0 && v.addr === 0 && vt !== undefined) return rawPtr(vt.bits, 0, name);
      if (v instanceof Unknown || v instanceof StructRef || v instanceof FunctionRef || v instanceof PtrIter) return v;
      if (v instanceof ArrayRef) return rawPtr(v.bits, v.addr, v.type);
    }
    return undefined;
  }

  /** `T a[N];`, `T a[N] = {...}`, `T a[] = {...}` in a function (./arrays.ts); at file scope, zero-initialised */
  private declareArray(t: TypeRef, d: Declarator, f: Frame): LocalArray {
    if (t.k !== "type") throw new ParseError(this.machine.src, d.pos, `'auto' is not allowed in an array's declaration: write the element type (T ${d.name}[N])`);
    const name = this.typeName(t, f), short = name.replace(/^(?:std|thrust|cutlass)::/, "");
    const isObject = t.pointer !== true && !SCALARS.has(name) && (HOST_OBJECTS.has(short) || /^cuda[A-Z]\w*$/.test(short) || this.machine.unit.structs.some((s) => s.name === name));
    const elem = { name, pointer: t.pointer === true, scalar: SCALARS.has(name), object: isObject ? () => hostObject(short, this.config.arch) : undefined, objectBytes: OBJECT_BYTES.get(short) };
    return declareArray(d, elem, (n) => this.machine.ev(n, f), f === this.globals || f.fn === "", this.arrays);
  }

  /** a type template argument's name (aliases followed) */
  typeNameOf(n: Node, f: Frame): string {
    const r = resolveTypes(n, f, this.machine.src);
    return r.k === "name" ? (r.spelled ?? r.name).replace(/^(?:::)?cute::/, "") : spellType(r, this.machine.src);
  }

  /** `using S = SharedStorage<...>;` of a struct template the unit defines: its layout, by name */
  structAlias(name: string, node: Node & { k: "name" }, f: Frame): boolean {
    const layout = this.structLayout(node, f);
    if (layout === undefined) return false;
    this.structs.set(name, layout);
    return true;
  }

  /**
   * a member function's frame: the struct's template parameters and static constants, its member
   * functions by name (called on the same object), and, for an object (`this`), its data members by name
   */
  thisScope(layout: StructLayout, t: StructRef | null, g: Scope): void {
    const scope = layout.scope;
    if (scope !== undefined) {
      for (const [k, v] of scope.aliases) if (!g.aliases.has(k)) g.aliases.set(k, v);
      for (const [k, v] of scope.constants) if (!g.constants.has(k)) g.constants.set(k, v);
      for (const [k, v] of scope.decltypes) if (!g.decltypes.has(k)) g.decltypes.set(k, v);
      for (const [k, v] of scope.values) if (!g.values.has(k)) g.values.set(k, v);
    }
    for (const name of new Set((layout.methods ?? []).map((x) => x.name))) {
      if (!g.values.has(name)) g.values.set(name, new FunctionRef(name, layout.methods!.filter((x) => x.name === name), null, (h) => this.thisScope(layout, t, h)));
    }
    if (t !== null) for (const [name, mem] of layout.members) if (!g.values.has(name)) g.values.set(name, memberValue(mem, t.addr));
  }

  /** `S::name` where S names a struct the unit defines (through aliases and template parameters): its layout and the member's name */
  staticMember(name: string, f: Frame): { layout: StructLayout; member: string } | undefined {
    const at = name.lastIndexOf("::");
    if (at <= 0) return undefined;
    let head = name.slice(0, at);
    for (let i = 0; i < 16; i++) {
      const layout = this.structs.get(head) ?? (this.machine.unit.structs.some((x) => x.name === head && x.tparams === null) ? this.structLayout(nameNode(0, head, [], null, 0, head), f) : undefined);
      if (layout !== undefined) return { layout, member: name.slice(at + 2) };
      const a = f.aliases.get(head) ?? this.globals?.aliases.get(head);
      if (a === undefined || a.k !== "type") return undefined;
      head = a.node.name;
    }
    return undefined;
  }

  /** the layout of a struct the unit defines, its template arguments bound */
  structLayout(node: Node & { k: "name" }, f: Frame): StructLayout | undefined {
    const s = this.machine.unit.structs.find((x) => x.name === node.name.replace(/^(?:::)?(?:cute::)?/, ""));
    if (s === undefined) return this.structs.get(node.name);
    const frame = this.machine.newFrame(s.name);
    const args = node.types === null ? [] : node.types.map((t) => typeArg(t, f, this.machine.src, 0));
    (s.tparams ?? []).forEach((tp, i) => {
      const a = args[i];
      if (a !== undefined) this.machine.bindTypeParam(tp.name, a, frame);
    });
    // static constexpr members: constants of the struct's scope
    for (const c of s.statics) bind(frame, c.name, this.machine.ev(new ProgramParser(c.init).exprAt(0), frame), true);
    return { ...this.placeMembers(s, frame), methods: s.methods, scope: frame };
  }

  /** a struct's (or union's) data members placed as C++ places them: each at its alignment, a union's all at 0 */
  private placeMembers(s: StructDecl, frame: Frame): StructLayout {
    const members = new Map<string, Member>();
    let offset = 0, size = 0, align = Math.max(1, s.align);
    for (const mem of s.members) {
      if (s.union === true) offset = 0;
      if (mem.inline !== undefined) {
        const inner = this.placeMembers(mem.inline, frame);
        const a = Math.max(mem.align, inner.align);
        offset = Math.ceil(offset / a) * a;
        members.set(mem.name, { offset, type: "", bits: 8, count: inner.size, layout: inner });
        offset += inner.size;
        size = Math.max(size, offset);
        align = Math.max(align, a);
        continue;
      }
      const t = new ProgramParser(mem.type).typeAt();
      const mt = this.memberType(t, frame);
      const { type, elemAlign } = mt;
      const count = mem.size === null ? mt.count : mt.count * intOf(this.machine.ev(new ProgramParser(mem.size).exprAt(0), frame), `the size of ${s.name}::${mem.name}`);
      const bits = findValueType(type)?.bits ?? 8;
      const a = Math.max(mem.align, elemAlign, Math.ceil(bits / 8));
      offset = Math.ceil(offset / a) * a;
      members.set(mem.name, { offset, type, bits, count, scalar: mem.size === null && mt.scalar });
      offset += Math.ceil((count * bits) / 8);
      size = Math.max(size, offset);
      align = Math.max(align, a);
    }
    return { name: s.name === "" ? (s.union === true ? "union" : "struct") : s.name, size: Math.ceil(size / align) * align, align, members };
  }

  /** a member's type: an array engine (ArrayEngine<T,N>, array_aligned<T,N[,A]>, array<T,N>) or one scalar */
  private memberType(t: Node, f: Frame): { type: string; count: number; elemAlign: number; scalar: boolean } {
    if (t.k !== "name") throw new UsageError("cute-ts reads struct members of a type named by name");
    const short = t.name.replace(/^(?:::)?(?:cute::|cutlass::|std::)/, "");
    if ((short === "ArrayEngine" || short === "array_aligned" || short === "array" || short === "Array" || short === "AlignedArray") && t.types !== null && t.types.length >= 2) {
      const type = this.typeNameOf(t.types[0]!, f);
      const n = resolveTypes(t.types[1]!, f, this.machine.src);
      const count = this.constantOf(n, f);
      const al = t.types[2] === undefined ? (short === "array_aligned" ? 16 : 1) : this.constantOf(resolveTypes(t.types[2], f, this.machine.src), f);
      return { type, count, elemAlign: al, scalar: false };
    }
    return { type: this.typeNameOf(t, f), count: 1, elemAlign: 1, scalar: true };
  }

  /** an integer template argument: a literal, a constant, or cosize_v<L> / size_v<L> of a layout */
  constantOf(n: Node, f: Frame): number {
    if (n.k === "int") return n.v;
    if (n.k === "name" && (n.name.endsWith("cosize_v") || n.name.endsWith("size_v")) && n.types !== null) {
      const arg = resolveTypes(n.types[0]!, f, this.machine.src);
      const v = arg.k === "name" && arg.value !== undefined ? arg.value : f.decltypes.get(arg.k === "name" ? arg.name : "");
      const fn = n.name.endsWith("cosize_v") ? "cosize" : "size";
      if (v === undefined) throw new UsageError(`cute-ts cannot compute ${n.name}<${spellType(arg, this.machine.src)}>: it names no layout cute-ts knows (${arg.k} ${arg.k === "name" ? arg.name : ""})`);
      const r = this.machine.hooks(f).call(callNode(n.pos, fn, NO_TARGS, null, []), [v as EvalValue], this.machine.src);
      return intOf(r, fn);
    }
    if (n.k === "texpr") return intOf(this.machine.ev(n.e, f), "a template argument");
    if (n.k === "name" && f.constants.has(n.name)) return f.constants.get(n.name)!;
    throw new UsageError(`cute-ts cannot size a struct member of ${spellType(n, this.machine.src)}`);
  }

  // ------------------------------------------------------------ launches

  launch(st: Stmt & { k: "launch" }, f: Frame): void {
    const m = this.machine;
    const fn = m.ev(st.fn, f);
    const cfg = st.config.map((c) => m.ev(c, f));
    const args = st.args.map((a) => m.ev(a, f));
    this.runKernel(fn, args, cfg[0], cfg[1], st.pos, f);
  }

  runKernel(fn: EvalValue, args: EvalValue[], grid0: EvalValue | undefined, block0: EvalValue | undefined, pos: number, caller: Frame, cluster0?: EvalValue): void {
    const m = this.machine;
    if (!(fn instanceof FunctionRef)) throw new ParseError(m.src, pos, `a launch names a __global__ function, not ${describe(fn)}`);
    if (this.device !== null) throw new ParseError(m.src, pos, "cute-ts does not run a launch from device code (dynamic parallelism)");
    const grid = dim(grid0), block = dim(block0), cluster = dim(cluster0);
    if (grid.x % cluster.x !== 0 || grid.y % cluster.y !== 0 || grid.z % cluster.z !== 0) throw placed(new UsageError(`${this.where(pos)}: the grid (${grid.x},${grid.y},${grid.z}) is not a whole number of clusters (${cluster.x},${cluster.y},${cluster.z}): the launch fails (cudaErrorInvalidClusterSize)`));
    const [bx, by, bz] = this.config.block;
    if (bx >= grid.x || by >= grid.y || bz >= grid.z) throw placed(new UsageError(words`${this.where(pos)}: ${input("block")} ${bx},${by},${bz} is outside the launch's grid (${grid.x},${grid.y},${grid.z})`));
    const t = this.config.thread;
    const nthreads = block.x * block.y * block.z;
    if (t >= nthreads) {
      // the GPU runs no such thread: the launch prints nothing for it
      this.err += spell(words`cute-ts: ${this.where(pos)}: this launch's blocks have ${nthreads} threads (${block.x},${block.y},${block.z}): ${input("thread")} ${t} runs none of its code\n`, this.config.spelling);
      return;
    }
    const g = m.choose(fn.decls, args, fn.name, pos);
    // the same kernel launched again with the same arguments (a timing loop) prints what it printed before
    const key = launchKey(fn.name, grid, block, args);
    const seen = key === undefined ? undefined : this.launches.get(key);
    if (seen !== undefined) {
      this.write(seen, false);
      return;
    }
    const before = this.out.length;
    this.sharedWords.clear();
    this.device = {
      blockIdx: new Dim3(bx, by, bz),
      threadIdx: new Dim3(t % block.x, Math.floor(t / block.x) % block.y, Math.floor(t / (block.x * block.y))),
      blockDim: block,
      gridDim: grid,
      clusterDim: cluster,
      sharedNext: SMEM_BASE + SMEM_RESERVED,
    };
    try {
      m.call(g, args, fn.types, caller);
    } finally {
      this.device = null;
    }
    if (key !== undefined && this.launches.size < 64) this.launches.set(key, this.out.slice(before));
  }

  /** a name whose first part is an alias (`ProducerBarType::init`) spelled with the type the alias names */
  qualified(name: string, f: Frame): string {
    for (let i = 0; i < 8; i++) {
      const at = name.indexOf("::", 1);
      if (at < 0) return name;
      const a = f.aliases.get(name.slice(0, at)) ?? this.globals?.aliases.get(name.slice(0, at));
      if (a === undefined || a.k !== "type") return name;
      name = spellType(a.node, this.machine.src) + name.slice(at);
    }
    return name;
  }

  /** the hooks a frame's expressions run with: the program's names and calls, then the block's */
  hooks(h: EvalHooks, f: Frame): EvalHooks {
    return programHooks(h, f, this);
  }
}

const HOST_OBJECTS = new Set(["cudaDeviceProp", "GPU_Clock", "CPU_Clock", "cudaEvent_t", "cudaStream_t", "cudaError_t", "Status", "ClusterLaunchParams", "cudaLaunchConfig_t", "cudaLaunchAttribute", "TmemAllocator", "Allocator1Sm", "Allocator2Sm"]);

/** sizeof of the host objects an array may hold, as the CUDA runtime's headers lay them out (cudaLaunchAttribute: an 8-byte id, a 64-byte union) */
const OBJECT_BYTES = new Map([["cudaLaunchAttribute", 72], ["dim3", 12]]);

function hostObject(name: string, arch: "sm90" | "sm100"): EvalValue {
  if (name === "cudaDeviceProp") {
    const [major, minor] = arch === "sm100" ? [10, 0] : [9, 0];
    return new HostObject(name, new Map<string, EvalValue>([
      ["major", D(major)],
      ["minor", D(minor)],
      ["multiProcessorCount", D(arch === "sm100" ? 148 : 132)],
      ["name", new CStr(arch === "sm100" ? "NVIDIA B200" : "NVIDIA H200")],
      ["sharedMemPerBlockOptin", D(arch === "sm100" ? 232448 : 232448)],
      ["warpSize", D(32)],
    ]));
  }
  if (name === "cudaError_t" || name === "cudaError" || name === "Status") return D(0);
  // a launch attribute: its id and the union of values (driver_types.h's cudaLaunchAttributeValue), members stored one by one
  if (name === "cudaLaunchAttribute") return new HostObject("a cudaLaunchAttribute", new Map<string, EvalValue>([["val", new HostObject("a cudaLaunchAttributeValue", new Map([["clusterDim", new HostObject("a cudaLaunchAttributeValue's clusterDim", new Map())]]))]]));
  return new HostObject(`a ${name}`, new Map());
}

/** a launch's identity: the kernel, its grid and block, each argument as it prints (undefined where one does not print) */
function launchKey(name: string, grid: Dim3, block: Dim3, args: EvalValue[]): string | undefined {
  const k = argsKey(args);
  return k === undefined ? undefined : [name, grid.what, block.what, k].join("\u0000");
}

/** arguments' identity, each as it prints (a pointer's and a tensor's element type too); undefined where one does not print */
export function argsKey(args: EvalValue[]): string | undefined {
  const parts: string[] = [];
  for (const a of args) {
    try {
      if (a instanceof RunValue && !(a instanceof CStr)) return undefined;
      const typed = a instanceof Tensor && a.iter instanceof PtrIter ? `${a.iter.type ?? ""}:` : "";
      parts.push(a instanceof CStr ? JSON.stringify(a.text) : a instanceof AtomValue ? a.print() : a instanceof FloatValue ? `${a.type} ${a.v}` : a instanceof PtrIter ? `${a.type}@${a.addr}/${a.bits}/${a.tags.join(",")}` : typed + describe(a));
    } catch {
      return undefined;
    }
  }
  return parts.join("\u0000");
}

function dim(v: EvalValue | undefined): Dim3 {
  if (v === undefined) return new Dim3(1, 1, 1);
  if (v instanceof Dim3) return v;
  return new Dim3(intOf(v, "a launch's dimension"), 1, 1);
}

/** an iterator moved to another address: a TMEM pointer to the address an integer gives, any iterator to a pointer's */
function retargeted(it: Tensor["iter"], v: EvalValue): Tensor["iter"] {
  if (it instanceof TmemIter && v instanceof Int) return new TmemIter(it.bits, v.v >>> 0, it.type);
  if (v instanceof PtrIter) return v;
  throw new CuteError("tensor.data() = x", "assigns an iterator of the tensor's kind (a TMEM tensor takes the uint32_t address tcgen05.alloc wrote)", [describe(v)]);
}
