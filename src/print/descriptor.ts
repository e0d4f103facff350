/**
 * CuTe's print(GmmaDescriptor) (arch/mma_sm90_desc.hpp), from the 64-bit value: the bit-fields
 * read back as the union's bitfield struct reads them. What print_tensor prints for each element
 * of a GMMA descriptor tensor (pretty_print of a GmmaDescriptor is two spaces and its print).
 */

/** GMMA::LayoutType's enumerators by value (to_string(LayoutType)) */
export const GMMA_LAYOUT_TYPES: Readonly<Record<number, string>> = { 0: "INTERLEAVE", 1: "B128", 2: "B64", 3: "B32" };

const bits = (d: bigint, lo: number, width: number): number => Number((d >> BigInt(lo)) & ((1n << BigInt(width)) - 1n));
const hex = (v: number | bigint, width: number): string => v.toString(16).padStart(width, "0");

/** print(GmmaDescriptor), byte for byte */
export function showGmmaDescriptor(desc: bigint): string {
  const start = bits(desc, 0, 14), lbo = bits(desc, 16, 14), sbo = bits(desc, 32, 14), base = bits(desc, 49, 3), type = bits(desc, 62, 2);
  return (
    `GmmaDescriptor: 0x${hex(desc, 16)}\n` +
    `  start_addr :  0x${hex(start, 4)}\n` +
    `  leading_off:  0x${hex(lbo, 4)} (${lbo})\n` +
    `  stride_off :  0x${hex(sbo, 4)} (${sbo})\n` +
    `  base_offset:  0x${hex(base, 1)}\n` +
    `  layout_type:  0x${hex(type, 1)} (${GMMA_LAYOUT_TYPES[type]})\n`
  );
}
