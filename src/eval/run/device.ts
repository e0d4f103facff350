/**
 * The objects of device code beside CuTe's algebra (`cute-ts run`): CUTLASS's pipeline state (a
 * circular stage index and its phase) and CuTe's TMEM allocators (TMEM::Allocator1Sm /
 * Allocator2Sm), whose allocation writes the TMEM address the hardware gives into shared memory.
 */
import { CuteError } from "../../core/errors.js";
import { D, Int } from "../../core/integer.js";
import { PtrIter } from "../../core/tensor.js";
import { describe } from "../block.js";
import type { EvalValue } from "../ext-value.js";
import { ArrayRef, RunValue, intOf } from "./values.js";

/** cutlass::PipelineState<Stages>: index() cycles through the stages, phase() flips at each wrap, count() counts */
export class PipelineState extends RunValue {
  readonly what: string;
  constructor(
    readonly stages: number,
    readonly index: number = 0,
    readonly phase: number = 0,
    readonly count: number = 0,
  ) {
    super();
    this.what = `a cutlass::PipelineState<${stages}>`;
  }
  /** advance(k), as `++state` and `state += k` do */
  advance(k: number): PipelineState {
    if (this.stages <= 0) return this;
    let phase = this.phase;
    if (k < this.stages && this.index + k >= this.stages) phase ^= 1;
    if (k >= this.stages && Math.floor((this.index + k) / this.stages) % 2 === 1) phase ^= 1;
    return new PipelineState(this.stages, (this.index + k) % this.stages, phase, (this.count + k) >>> 0);
  }
  field(name: string): EvalValue | undefined {
    if (name === "index") return D(this.index);
    if (name === "phase") return D(this.phase);
    if (name === "count") return D(this.count);
    return undefined;
  }
}

/** the columns of one SM's TMEM, and the granule an allocation takes (TMEM::Allocator1Sm's constants) */
const TMEM_COLUMNS = 512;
const TMEM_SLICE = 32;
export const DEVICE_CONSTANTS = new Map<string, number>();
for (const a of ["Allocator1Sm", "Allocator2Sm"]) {
  DEVICE_CONSTANTS.set(`TMEM::${a}::Sm100TmemCapacityColumns`, TMEM_COLUMNS);
  DEVICE_CONSTANTS.set(`TMEM::${a}::ColumnsPerAllocationSlice`, TMEM_SLICE);
}

/** what the allocator asks of the host: shared memory's words that device code wrote */
export interface SharedWords {
  writeShared(addr: number, v: EvalValue): void;
  readShared(addr: number): EvalValue;
}

/**
 * cute::TMEM::Allocator1Sm / Allocator2Sm (tcgen05.alloc with cta_group::1 or ::2). The first
 * allocation of a CTA that holds the whole of TMEM starts at lane 0, column 0: the address written
 * is 0 (the Blackwell tutorials' TMEM_ADDR); a later allocation takes the columns after it.
 */
export class TmemAllocator extends RunValue {
  readonly what: string;
  private next = 0;
  constructor(readonly ctaGroup: 1 | 2) {
    super();
    this.what = `a cute::TMEM::Allocator${ctaGroup}Sm`;
  }
  call(name: string, args: EvalValue[], host: SharedWords): EvalValue | undefined {
    const op = `Allocator${this.ctaGroup}Sm::${name}`;
    if (name === "allocate") {
      const [n, dst] = args;
      const cols = intOf(n!, op);
      if (cols < TMEM_SLICE || cols > TMEM_COLUMNS || (cols & (cols - 1)) !== 0) throw new CuteError(op, `tcgen05.alloc takes a power of two of columns from ${TMEM_SLICE} to ${TMEM_COLUMNS}, not ${cols}`);
      if (!(dst instanceof PtrIter)) throw new CuteError(op, "writes the TMEM address to a uint32_t* in shared memory (&storage.tmem_base_ptr)", [describe(dst!)]);
      if (this.next + cols > TMEM_COLUMNS) throw new CuteError(op, `TMEM holds ${TMEM_COLUMNS} columns: ${this.next} are allocated, ${cols} more do not fit (tcgen05.alloc would wait forever)`);
      host.writeShared(dst.addr, D(this.next));
      this.next += cols;
      return D(0);
    }
    if (name === "free") {
      const cols = intOf(args[1]!, op);
      const at = args[0] instanceof ArrayRef ? host.readShared(args[0].addr) : args[0];
      if (at instanceof Int && at.v + cols === this.next) this.next = at.v;
      return D(0);
    }
    if (name === "release_allocation_lock") return D(0);
    return undefined;
  }
}

/** a device object a declaration `T x{};` or a call `T<args>()` makes, by T's name without namespaces */
export function deviceObject(name: string, targs: () => number[]): EvalValue | undefined {
  if (name === "TMEM::Allocator1Sm") return new TmemAllocator(1);
  if (name === "TMEM::Allocator2Sm") return new TmemAllocator(2);
  if (name === "PipelineState") return new PipelineState(targs()[0] ?? 0);
  return undefined;
}
