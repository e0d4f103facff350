/** `print(MMA_Atom<OP>{})`: CuTe's text for an atom's traits. */
import type { MmaTraits } from "./family.js";

export function shapeMNK(t: Pick<MmaTraits, "M" | "N" | "K">): string {
  return `(_${t.M},_${t.N},_${t.K})`;
}

/** the atom print from the static notation strings (phase 1; byte-exact for static layouts) */
export function formatMmaAtom(t: MmaTraits): string {
  return (
    "MMA_Atom\n" +
    `  ThrID:      ${t.thrID}\n` +
    `  Shape_MNK:  ${shapeMNK(t)}\n` +
    `  LayoutA_TV: ${t.layoutA}\n` +
    `  LayoutB_TV: ${t.layoutB}\n` +
    `  LayoutC_TV: ${t.layoutC}\n`
  );
}
