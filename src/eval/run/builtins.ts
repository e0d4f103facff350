/**
 * The functions a program calls that are not CuTe's algebra: the C library (sscanf, atoi, rand,
 * exit), the CUDA runtime (fixed answers: success, the device --arch names), CUTLASS's launch
 * helpers, and in device code the thread-index helpers and the data movement and
 * synchronisation that move no data on the host.
 */
import { CuteError, Unsupported, UsageError } from "../../core/errors.js";
import { D, Int } from "../../core/integer.js";
import { Tensor, TransformIter, rawPtr } from "../../core/tensor.js";
import { Layout } from "../../core/layout.js";
import { show } from "../../print/print.js";
import { findValueType } from "../../core/value-types.js";
import type { Idx } from "../../core/basis.js";
import type { Node } from "../../notation/parse.js";
import type { CallNode } from "../../notation/read.js";
import { bind, describe } from "../block.js";
import { type EvalValue, FloatValue } from "../ext-value.js";
import { makeFloat } from "../float.js";
import { Aggregate, type Buffer, Buffer as BufferClass, CStr, type Dim3, Dim3 as Dim3Class, Exit, HostObject, Unknown, intOf } from "./values.js";
import { type Frame, Lambda } from "./machine.js";
import { LocalArray } from "./arrays.js";
import { type StaticFailure, cooperativeCopyCheck, copyAtomCheck, gemmCheck } from "./checks.js";

/** what the builtins ask of the host (./host.ts) */
export interface CallHost {
  device: { blockIdx: Dim3; threadIdx: Dim3; blockDim: Dim3; gridDim: Dim3; clusterDim: Dim3 } | null;
  allocate(type: string, count: number, device: boolean): Buffer;
  write(text: string, err: boolean): void;
  note(what: string, pos: number): void;
  /** a CuTe header's static assertion failed where the program calls it: reported as the compiler reports it, exit 1 */
  staticFailure(pos: number, f: StaticFailure): never;
  runKernel(fn: EvalValue, args: EvalValue[], grid: EvalValue | undefined, block: EvalValue | undefined, pos: number, caller: Frame, cluster?: EvalValue): void;
  machine: { callLambda(l: Lambda, args: EvalValue[], pos: number): EvalValue | undefined };
}
type Host = CallHost;

type Call = (args: EvalValue[], host: Host, n: CallNode, f?: Frame) => EvalValue | undefined;
/** a device call always answers (a host call may decline: undefined) */
type DeviceCall = (args: EvalValue[], host: Host, n: CallNode) => EvalValue;

const ok: DeviceCall = () => D(0);

/** the variable a `&x` argument names */
function target(n: Node | undefined): string | undefined {
  if (n === undefined) return undefined;
  if (n.k === "op" && n.name === "u&" && n.args[0]!.k === "name") return n.args[0]!.name;
  if (n.k === "cast") return target(n.args[0]);
  return undefined;
}

function sscanf(args: EvalValue[], host: Host, n: CallNode, f?: Frame): EvalValue {
  const [s, fmt] = args;
  if (!(s instanceof CStr) || !(fmt instanceof CStr) || f === undefined) throw new CuteError("sscanf", "takes a string and a format string");
  let text = s.text;
  let count = 0;
  const convs = [...fmt.text.matchAll(/%(\d*)(l{0,2}|h{0,2})([dicfsux])/g)];
  for (let i = 0; i < convs.length; i++) {
    const c = convs[i]![3]!;
    const name = target(n.args[i + 2]);
    if (name === undefined) throw new CuteError("sscanf", "cute-ts stores sscanf's conversions into variables written &x");
    let v: EvalValue;
    if (c === "c") {
      if (text.length === 0) break;
      v = D(text.charCodeAt(0));
      text = text.slice(1);
    } else {
      text = text.replace(/^\s+/, "");
      const m = (c === "f" ? /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/ : c === "x" ? /^[-+]?(?:0[xX])?[0-9a-fA-F]+/ : /^[-+]?\d+/).exec(text);
      if (m === null) break;
      text = text.slice(m[0].length);
      v = c === "f" ? makeFloat(Number(m[0]), f.values.get(name) instanceof FloatValue ? (f.values.get(name) as FloatValue).type : "float") : D(c === "x" ? Number.parseInt(m[0], 16) : Number(m[0]));
      if (v instanceof Int && !Number.isSafeInteger(v.v)) throw new UsageError(`sscanf: ${m[0]} does not fit an int`);
    }
    bind(f, name, v, false);
    count++;
  }
  void host;
  return D(count);
}

function atoi(args: EvalValue[]): EvalValue {
  const s = args[0];
  if (!(s instanceof CStr)) throw new CuteError("atoi", "takes a string", args.map((a) => describe(a)));
  const m = /^\s*([-+]?\d+)/.exec(s.text);
  return D(m === null ? 0 : Number(m[1]));
}

function launchOnCluster(args: EvalValue[], host: Host, n: CallNode, f?: Frame): EvalValue {
  const [params, kernel, ...rest] = args;
  if (!(params instanceof Aggregate)) throw new CuteError("launch_kernel_on_cluster", "takes ClusterLaunchParams {grid, block, cluster, smem}", [describe(params!)]);
  host.runKernel(kernel!, rest, params.items[0] as EvalValue, params.items[1] as EvalValue, n.pos, f!, params.items[2] as EvalValue | undefined);
  return D(0);
}

/** the CUDA runtime's launch attribute ids (driver_types.h's enum cudaLaunchAttributeID, CUDA 13), by name */
export const LAUNCH_ATTRIBUTE_IDS: ReadonlyMap<string, number> = new Map([
  ["cudaLaunchAttributeIgnore", 0],
  ["cudaLaunchAttributeAccessPolicyWindow", 1],
  ["cudaLaunchAttributeCooperative", 2],
  ["cudaLaunchAttributeSynchronizationPolicy", 3],
  ["cudaLaunchAttributeClusterDimension", 4],
  ["cudaLaunchAttributeClusterSchedulingPolicyPreference", 5],
  ["cudaLaunchAttributeProgrammaticStreamSerialization", 6],
  ["cudaLaunchAttributeProgrammaticEvent", 7],
  ["cudaLaunchAttributePriority", 8],
  ["cudaLaunchAttributeMemSyncDomainMap", 9],
  ["cudaLaunchAttributeMemSyncDomain", 10],
  ["cudaLaunchAttributePreferredClusterDimension", 11],
  ["cudaLaunchAttributeLaunchCompletionEvent", 12],
  ["cudaLaunchAttributeDeviceUpdatableKernelNode", 13],
  ["cudaLaunchAttributePreferredSharedMemoryCarveout", 14],
  ["cudaLaunchAttributeNvlinkUtilCentricScheduling", 16],
]);
const LAUNCH_ATTRIBUTE_NAMES = new Map([...LAUNCH_ATTRIBUTE_IDS].map(([k, v]) => [v, k]));

/** a member of a launch attribute the program stored (`attrs[0].val.clusterDim.x = 2`), refused where it never did */
function attributeField(o: EvalValue | undefined, path: string[], at: string): EvalValue {
  let v = o;
  for (const name of path) {
    v = v instanceof HostObject ? v.fields.get(name) : undefined;
    if (v === undefined || v instanceof Unknown) throw new UsageError(`cudaLaunchKernelEx: ${at}.${path.join(".")} is never set: its value is indeterminate (C++: undefined behaviour)`);
  }
  return v!;
}

/**
 * config.attrs[0 .. numAttrs): the cluster's shape of cudaLaunchAttributeClusterDimension
 * (undefined: no cluster); cudaLaunchAttributeIgnore is ignored, as CUDA ignores it, any other id is refused
 */
function launchCluster(config: HostObject): Dim3 | undefined {
  const count = intOf(config.fields.get("numAttrs")!, "config.numAttrs");
  if (count === 0) return undefined;
  if (count < 0) throw new UsageError(`cudaLaunchKernelEx: config.numAttrs is ${count}: it counts the attributes of config.attrs`);
  const attrs = config.fields.get("attrs");
  if (attrs === undefined) throw new UsageError(`cudaLaunchKernelEx: config.numAttrs is ${count} but config.attrs is never set`);
  let cluster: Dim3 | undefined;
  for (let i = 0; i < count; i++) {
    const at = `config.attrs[${i}]`;
    const a = attrs instanceof LocalArray ? attrs.read(i) : attrs instanceof HostObject && i === 0 ? attrs : undefined;
    if (!(a instanceof HostObject)) throw new UsageError(`cudaLaunchKernelEx: ${at} is ${a === undefined ? `past the attributes config.attrs points to (${describe(attrs)})` : describe(a)}, not a cudaLaunchAttribute`);
    const id = attributeField(a, ["id"], at);
    const v = intOf(id, `${at}.id`);
    if (v === 0) continue;
    if (v !== 4) {
      const name = LAUNCH_ATTRIBUTE_NAMES.get(v);
      throw new Unsupported(`cudaLaunchKernelEx's launch attribute ${name ?? `id ${v}`}${name === undefined ? ", which the CUDA runtime does not define," : ""}`, ": cute-ts reads cudaLaunchAttributeClusterDimension (a cluster's shape) and cudaLaunchAttributeIgnore");
    }
    const d = ["x", "y", "z"].map((k) => intOf(attributeField(a, ["val", "clusterDim", k], at), `${at}.val.clusterDim.${k}`));
    if (d.some((x) => x <= 0)) throw new UsageError(`cudaLaunchKernelEx: ${at}.val.clusterDim is (${d.join(",")}): a cluster has at least one block in each dimension, the launch fails (cudaErrorInvalidValue)`);
    cluster = new Dim3Class(d[0]!, d[1]!, d[2]!);
  }
  return cluster;
}

/** cudaLaunchKernelEx(&config, kernel, args...): config's gridDim and blockDim, and the cluster's shape its attributes give */
function launchKernelEx(args: EvalValue[], host: Host, n: CallNode, f?: Frame): EvalValue {
  const [config, kernel, ...rest] = args;
  if (!(config instanceof HostObject)) throw new CuteError("cudaLaunchKernelEx", "takes a cudaLaunchConfig_t* (&config), the kernel and its arguments", [describe(config!)]);
  const cluster = config.fields.has("numAttrs") ? launchCluster(config) : undefined;
  host.runKernel(kernel!, rest, config.fields.get("gridDim") as EvalValue | undefined, config.fields.get("blockDim") as EvalValue | undefined, n.pos, f!, cluster);
  return D(0);
}

function cudaMalloc(args: EvalValue[], host: Host, n: CallNode, f?: Frame): EvalValue {
  const name = target(n.args[0]);
  if (name === undefined || f === undefined) throw new CuteError("cudaMalloc", "cute-ts allocates into a pointer variable written &p");
  const type = (f.types.get(name) ?? "char").replace(/^cute::/, "");
  const bytes = intOf(args[1]!, "cudaMalloc's size");
  // device memory of that many bytes; p is a T* to its start (as thrust::raw_pointer_cast of a device_vector's data is)
  const vt = findValueType(type);
  const elem = vt === undefined ? "uint8_t" : type, bits = vt?.bits ?? 8;
  const buf = host.allocate(elem, Math.max(1, Math.ceil((bytes * 8) / bits)), true);
  bind(f, name, rawPtr(bits, buf.addr, elem), false);
  return D(0);
}

/**
 * cutlass/util/print_error.hpp's print_matrix_multiply_mollified_relative_error(name_a, A, name_b, B,
 * name_c, C, C_ref) (or (name, A, B, C, C_ref)): the matrices' shapes are printed; their norms and the
 * relative error it returns are values in memory
 */
function printRelativeError(args: EvalValue[], h: Host, n: CallNode): EvalValue {
  const [na, a, nb, b, nc, c] = args.length === 5 ? [args[0], args[1], args[0], args[2], args[0], args[3]] : args;
  const name = (x: EvalValue | undefined) => (x instanceof CStr ? x.text : "");
  const dims = (t: EvalValue | undefined): string => {
    if (!(t instanceof Tensor) || !(t.layout instanceof Layout) || !Array.isArray(t.layout.shape)) throw new CuteError("print_matrix_multiply_mollified_relative_error", "takes matrices (rank-2 tensors)", [describe(t!)]);
    const s = t.layout.shape;
    return `${show(s[0] as never)}x${show(s[1] as never)}`;
  };
  h.write(`Matrix A: ${dims(a)} of ${name(na)}\nMatrix B: ${dims(b)} of ${name(nb)}\nMatrix C: ${dims(c)} of ${name(nc)}\n`, false);
  h.note("print_matrix_multiply_mollified_relative_error prints the norms of values in memory", n.pos);
  return new Unknown("the relative error of values in memory");
}

export const HOST_CALLS: Record<string, Call> = {
  print_matrix_multiply_mollified_relative_error: printRelativeError,
  sscanf,
  atoi,
  atol: atoi,
  rand: () => new Unknown("rand()"),
  srand: ok,
  exit: (args) => {
    throw new Exit(args[0] instanceof Int ? args[0].v & 0xff : 0);
  },
  device_init: ok,
  CUTE_CHECK_LAST: ok,
  CUTE_CHECK_ERROR: ok,
  cudaMalloc,
  cudaGetErrorString: () => new CStr("no error"),
  cudaEventElapsedTime: (_a, host, n, f) => {
    const name = target(n.args[0]);
    if (name !== undefined && f !== undefined) bind(f, name, new Unknown("a time measured on the GPU (cudaEventElapsedTime)"), false);
    void host;
    return D(0);
  },
  "thrust::raw_pointer_cast": (args) => {
    const b = args[0];
    if (b instanceof BufferClass) return rawPtr(b.bits, b.addr, b.type);
    return b;
  },
  launch_kernel_on_cluster: launchOnCluster,
  cudaLaunchKernelEx: launchKernelEx,
  "cutlass::launch_kernel_on_cluster": launchOnCluster,
  "lazy::transform": lazyTransform,
};
for (const name of ["cudaFree", "cudaMemcpy", "cudaMemset", "cudaDeviceSynchronize", "cudaGetLastError", "cudaPeekAtLastError", "cudaEventCreate", "cudaEventRecord", "cudaEventSynchronize", "cudaEventDestroy", "cudaFuncSetAttribute", "cudaSetDevice", "cudaGetDevice", "cudaStreamCreate", "cudaStreamSynchronize", "cudaStreamDestroy", "cudaDeviceReset", "cudaGetDeviceProperties", "cudaDeviceGetAttribute", "cudaMemcpyAsync", "fflush", "thrust::copy"]) HOST_CALLS[name] = ok;

const linearThread = (h: Host) => h.device!.threadIdx.x + h.device!.blockDim.x * (h.device!.threadIdx.y + h.device!.blockDim.y * h.device!.threadIdx.z);
const linearBlock = (h: Host) => h.device!.blockIdx.x + h.device!.gridDim.x * (h.device!.blockIdx.y + h.device!.gridDim.y * h.device!.blockIdx.z);

/** lazy::transform(tensor, f): the tensor's layout over its elements passed through f when read */
function lazyTransform(args: EvalValue[], h: Host, n: CallNode): EvalValue {
  const [t, fn] = args;
  if (args.length !== 2 || !(t instanceof Tensor) || !(fn instanceof Lambda)) throw new CuteError("lazy::transform", "takes a tensor and a function (a lambda): lazy::transform(t, [&](auto x) { ... })", args.map(describe));
  const m = h.machine;
  return new Tensor(new TransformIter(t.iter, (x: Idx) => m.callLambda(fn, [x as EvalValue], n.pos) as Idx), t.layout);
}

/** a dim3 of the block's index, the cluster's shape and the grid's, mode by mode */
function dim3Of(h: Host, f: (b: number, c: number, g: number) => number): EvalValue {
  const { blockIdx: b, clusterDim: c, gridDim: g } = h.device!;
  return new Dim3Class(f(b.x, c.x, g.x), f(b.y, c.y, g.y), f(b.z, c.z, g.z));
}

/** data movement and math in device code: no data moves; the operands are CuTe's tensors or atoms */
const noData: DeviceCall = (args) => {
  void args;
  return D(0);
};
/** each value's identity as a number (values are immutable: the same operands pass the same checks) */
const IDS = new WeakMap<object, number>();
let nextId = 0;
const idOf = (v: EvalValue): number => {
  const o = v as object;
  let id = IDS.get(o);
  if (id === undefined) IDS.set(o, (id = ++nextId));
  return id;
};
/** the operand lists that passed a check, by check and operands' identities */
const PASSED = new Set<string>();

/** the same, after what CuTe checks of the operands at compile time (./checks.ts) */
const checked =
  (name: string, check: (args: EvalValue[]) => StaticFailure | undefined): DeviceCall =>
  (args, h, n) => {
    const key = args.every((a) => typeof a === "object" && a !== null) ? `${name}:${args.map(idOf).join(",")}` : undefined;
    if (key !== undefined && PASSED.has(key)) return D(0);
    const failed = check(args);
    if (failed !== undefined) h.staticFailure(n.pos, failed);
    if (key !== undefined) {
      if (PASSED.size >= 4096) PASSED.clear();
      PASSED.add(key);
    }
    return D(0);
  };

export const DEVICE_CALLS: Record<string, DeviceCall> = {
  thread0: (_a, h) => D(+(linearThread(h) === 0 && linearBlock(h) === 0)),
  block0: (_a, h) => D(+(linearBlock(h) === 0)),
  thread: (a, h) => D(+(linearThread(h) === intOf(a[0]!, "thread") && linearBlock(h) === (a[1] === undefined ? 0 : intOf(a[1], "thread")))),
  block: (a, h) => D(+(linearBlock(h) === intOf(a[0]!, "block"))),
  elect_one_sync: (_a, h) => D(+(linearThread(h) % 32 === 0)),
  canonical_warp_idx_sync: (_a, h) => D(Math.floor(linearThread(h) / 32)),
  canonical_warp_idx: (_a, h) => D(Math.floor(linearThread(h) / 32)),
  canonical_warp_group_idx: (_a, h) => D(Math.floor(linearThread(h) / 128)),
  canonical_lane_idx: (_a, h) => D(linearThread(h) % 32),
  // the cluster's geometry (cute/arch/cluster_sm90.hpp): the block's place in its cluster, x fastest
  block_rank_in_cluster: (_a, h) => {
    const { blockIdx: b, clusterDim: c } = h.device!;
    return D((b.x % c.x) + c.x * ((b.y % c.y) + c.y * (b.z % c.z)));
  },
  cluster_id_in_grid: (_a, h) => dim3Of(h, (b, c) => Math.floor(b / c)),
  block_id_in_cluster: (_a, h) => dim3Of(h, (b, c) => b % c),
  cluster_shape: (_a, h) => new Dim3Class(h.device!.clusterDim.x, h.device!.clusterDim.y, h.device!.clusterDim.z),
  cluster_grid_dims: (_a, h) => dim3Of(h, (_b, c, g) => g / c),
  copy: checked("copy", copyAtomCheck),
  copy_if: noData,
  cooperative_copy: checked("cooperative_copy", cooperativeCopyCheck),
  copy_aligned: noData,
  cooperative_gemm: noData,
  gemm: checked("gemm", gemmCheck),
  clear: noData,
  fill: noData,
  axpby: noData,
  transform: noData,
};
// the mbarrier's static functions (cutlass::arch::ClusterBarrier, ClusterTransactionBarrier): they synchronise, no data moves
for (const name of ["init", "wait", "test_wait", "try_wait", "arrive", "arrive_and_expect_tx", "expect_transaction", "complete_transaction", "invalidate"]) {
  DEVICE_CALLS[`ClusterBarrier::${name}`] = ok;
  DEVICE_CALLS[`ClusterTransactionBarrier::${name}`] = ok;
}
for (const name of ["__syncthreads", "initialize_barrier", "wait_barrier", "set_barrier_transaction_bytes", "arrive_barrier", "__syncwarp", "__threadfence", "__threadfence_block", "cp_async_fence", "cp_async_wait", "warpgroup_arrive", "warpgroup_commit_batch", "warpgroup_wait", "warpgroup_fence_operand", "cluster_sync", "cluster_arrive", "cluster_wait", "cluster_arrive_relaxed", "fence_view_async_shared", "fence_barrier_init", "tma_store_fence", "tma_store_arrive", "tma_store_wait", "prefetch_tma_descriptor", "umma_arrive", "umma_arrive_multicast", "umma_arrive_2x1SM", "umma_arrive_multicast_2x1SM"]) DEVICE_CALLS[name] = ok;

