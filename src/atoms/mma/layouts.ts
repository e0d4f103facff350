/**
 * The thread-value layouts CuTe's MMA traits use, as notation strings (what CuTe prints),
 * built by small functions of the op's shape.
 */

const s = (n: number): string => `_${n}`;

/** `Layout<_T>` (T threads, compact): `_1:_0`, `_32:_1` */
export const thrLinear = (t: number): string => `${s(t)}:${t === 1 ? "_0" : "_1"}`;

/** `Layout<Shape<_1,_V>>` of a single-thread op: `(_1,_V):(_0,_1)` (V == 1 gives `_0` strides) */
export const singleThread = (v: number): string => `(_1,${s(v)}):(_0,${v === 1 ? "_0" : "_1"})`;

// ---- warp-level mma.sync (SM75 / SM80 / SM89 / SM90 / SM120) ---------------------------

/** (T32,V4) -> (M16,N8): the accumulator layout shared by every 16x8xK warp MMA */
export const C_16x8 = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))";
/** (T32,V2) -> (M8,N8) */
export const C_8x8 = "((_4,_8),_2):((_16,_1),_8)";

/**
 * A of a 16x8xK warp MMA whose K row holds `v` values per register pair and `k2` such
 * chunks: ((_4,_8),(v,_2[,_2])):((16v,_1),(_16,_8[,64v])).
 */
export function warpA16(v: number, twoK: boolean): string {
  return twoK
    ? `((_4,_8),(${s(v)},_2,_2)):((${s(16 * v)},_1),(_16,_8,${s(64 * v)}))`
    : `((_4,_8),(${s(v)},_2)):((${s(16 * v)},_1),(_16,_8))`;
}

/**
 * B of an 8-wide warp MMA, `v` values per register and `c` register chunks along K:
 * ((_4,_8),v):((8v,_1),_8) for one chunk, ((_4,_8),(v,c)):((8v,_1),(_8,32v)) otherwise.
 */
export function warpB8(v: number, c: number): string {
  return c > 1 ? `((_4,_8),(${s(v)},${s(c)})):((${s(8 * v)},_1),(_8,${s(32 * v)}))` : `((_4,_8),${s(v)}):((${s(8 * v)},_1),_8)`;
}

// ---- SM90 GMMA (warpgroup) ---------------------------------------------------------------

/** operand in shared memory: every thread sees the whole MxK (NxK) tile */
export const gmmaSmem = (mn: number, k: number): string => `(_128,(${s(mn)},${s(k)})):(_0,(_1,${s(mn)}))`;

/** accumulator of a 64xN GMMA */
export const gmmaC = (n: number): string => `((_4,_8,_4),(_2,_2,${s(n / 8)})):((_128,_1,_16),(_64,_8,_512))`;

/** register-sourced A of a 64xK GMMA (K in elements of the operand type, 256 bits per row chunk) */
export function gmmaRegA(k: number): string {
  if (k === 8) return "((_4,_8,_4),(_2,_2)):((_64,_1,_16),(_8,_256))";
  const v = k / 8;
  return `((_4,_8,_4),(${s(v)},_2,_2)):((${s(8 * k)},_1,_16),(_64,_8,${s(32 * k)}))`;
}

// ---- SM100 UMMA ----------------------------------------------------------------------------

/**
 * UMMA operand / accumulator: one "thread" per SM; `sms` = 1 or 2 (2x1SM ops split M and N).
 * A is (M,K), B is (N,K), C is (M,N): one rule, the 2-SM half being Int<M/2>, C++'s truncating division.
 */
export function ummaA(m: number, k: number, sms: number): string {
  const h = Math.trunc(m / 2);
  return sms === 1 ? `(_1,(${s(m)},${s(k)})):(_0,(_1,${s(m)}))` : `(_2,(${s(h)},${s(k)})):(${s(h)},(_1,${s(m)}))`;
}
export const ummaB = ummaA;
export const ummaC = ummaA;
