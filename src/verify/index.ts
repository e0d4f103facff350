/** Verdicts: each returns whether a property holds and, when it does not, its counterexample. */
export { verifyTV, type TvVerdict, type TvCell, type TvOptions } from "./tv.js";
export { verifyEqual, type EqualVerdict } from "./equal.js";
export { verifyProperty, type Property, type PropertyVerdict } from "./props.js";
export { verifyVector, type VectorVerdict, type VectorLimit } from "./vector.js";
export { verifyBanks, verifyCopyBanks, type BanksVerdict, type PhaseResult } from "./banks.js";
export { verifyGmmaSmem, gmmaAtom, type GmmaVerdict, type GmmaMajor, type GmmaSwizzle } from "./gmma-smem.js";
export { verifyMma, type MmaVerdict } from "./mma.js";
export { verifyCopyAtom, verifyTiledCopy, type CopyVerdict } from "./copy.js";
export { verifyTma, type TmaVerdict } from "./tma.js";
export { formatVerdict, loadFormatting, type Verdict } from "./format.js";
export * from "./common.js";
