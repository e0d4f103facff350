/**
 * `cute-ts tma --explain`: what make_tma_copy decided, in plain words (beyond CuTe, which only
 * prints the objects): the gmem mode behind each TMA dimension, the box in elements and bytes,
 * the swizzle mode, the bytes one copy moves (the mbarrier transaction count), and the hardware
 * checks (src/atoms/tma/hw-rules.ts): those passed, those broken.
 */
import { Int } from "../../core/integer.js";
import { ScaledBasis, type Idx } from "../../core/basis.js";
import { leaves, tupText, wrap } from "../../core/int-tuple.js";
import { showLayout } from "../../core/layout.js";
import { isLoad } from "./types.js";
import type { TmaCopy } from "./make-tma-copy.js";
import { type HwReport, CONSEQUENCE_WORDS } from "./hw-rules.js";
import { im2colThreads, type Im2colCopy } from "./im2col.js";
import * as T from "../../core/int-tuple.js";
import { size } from "../../core/layout.js";

function modeName(e: Idx): string {
  if (e instanceof ScaledBasis) return e.modes.length ? `gmem mode ${e.modes.join(".")}` : "gmem mode 0";
  if (e instanceof Int) return "gmem mode 0";
  return "?";
}

export function explainTma(t: TmaCopy, hw?: HwReport): string {
  const { desc, args } = t;
  const bytesPerElem = args.type.bits / 8;
  const fmtBytes = (n: number) => (Number.isInteger(n) ? `${n}` : n.toFixed(1));
  const lines: string[] = [];
  const dir = isLoad(args.op) ? "global -> shared" : args.op === "SM90_TMA_STORE" ? "shared -> global" : "shared -> global, adding";
  lines.push(`${args.op} (${dir}), ${args.type.name} elements (${args.type.bits} bits), ${desc.dim}-D TMA descriptor`);
  lines.push(`gmem ${showLayout(args.gmem)}, smem ${showLayout(args.smem.layout)}`);
  const modes = wrap(t.tmaGbasis.stride as Idx | Idx[]) as Idx[];
  modes.forEach((m, i) => {
    const names = leaves<Idx>(m).map(modeName);
    const stride = i === 0 ? "contiguous (1 element)" : `stride ${desc.globalStrides[i - 1]} bytes`;
    lines.push(
      `  TMA dim ${i}: ${names.join(" + ")}, extent ${desc.globalDim[i]}, ${stride}, box ${desc.boxDim[i]}` +
        (i === 0 ? ` (${fmtBytes(desc.boxDim[0]! * bytesPerElem)} bytes per row)` : ""),
    );
  });
  const boxElems = desc.boxDim.reduce((a, b) => a * b, 1);
  lines.push(`box: (${desc.boxDim.join(",")}) = ${boxElems} elements = ${fmtBytes(boxElems * bytesPerElem)} bytes per TMA instruction`);
  lines.push(`swizzle: ${desc.swizzle.replace("CU_TENSOR_MAP_SWIZZLE_", "")}` + swizzleNote(desc.swizzle));
  const tileElems = t.numElems.v;
  const cluster = t.numMulticast;
  if (cluster > 1) {
    lines.push(
      `multicast over ${cluster} CTAs: each CTA issues one box of ${boxElems} elements and every CTA in the mask receives it; ` +
        `each CTA's smem gets the whole ${tileElems}-element tile`,
    );
  }
  const tileBytes = fmtBytes(tileElems * bytesPerElem);
  if (isLoad(args.op)) {
    lines.push(
      `one copy moves ${tileBytes} bytes into each CTA's smem tile ${tupText(t.tilerMN)}: ` +
        `the mbarrier transaction count, set_barrier_transaction_bytes(mbar, ${tileBytes})`,
    );
  } else {
    lines.push(
      `one copy moves ${tileBytes} bytes from the CTA's smem tile ${tupText(t.tilerMN)} to gmem ` +
        "(no mbarrier: tma_store_fence before, tma_store_arrive / tma_store_wait after)",
    );
  }
  if (hw) lines.push(...hardwareLines(hw));
  return lines.join("\n") + "\n";
}

function swizzleNote(s: string): string {
  if (s.endsWith("NONE")) return " (smem rows stored as is)";
  const m = /SWIZZLE_(\d+)B(?:_ATOM_(\d+)B)?/.exec(s);
  if (!m) return "";
  return ` (16-byte chunks XOR-permuted within each ${m[1]}-byte row${m[2] ? `, ${m[2]}-byte atoms` : ""})`;
}

/** the hardware checks: the verdict, each rule broken, then each rule passed with its source */
function hardwareLines(hw: HwReport): string[] {
  const out: string[] = [];
  const errors = hw.findings.filter((f) => f.severity === "error");
  out.push(
    `hardware (${hw.arch}): ` +
      (hw.holds
        ? "the driver accepts the descriptor and every box lands where the smem layout says" +
          (hw.findings.some((f) => f.severity === "warning") ? " by the rules measured (see the warnings)" : "")
        : [...new Set(errors.map((f) => CONSEQUENCE_WORDS[f.consequence]))].join("; ")) +
      " (verify tma gives each rule's source and fix)",
  );
  for (const f of hw.findings) {
    const tag = f.severity === "error" ? "broken" : f.severity === "warning" ? "warning (not measured)" : "note";
    out.push(`  ${tag}: ${f.detail} [${f.rule}]`);
  }
  for (const p of hw.passed) {
    if (p.off) out.push(`  not a rule on ${hw.arch}: ${p.title} [${p.rule}]`);
    else out.push(`  passed: ${p.title} [${p.rule}]${p.cuteChecks ? " (CuTe asserts it too)" : ""}`);
  }
  return out;
}

/**
 * `tma --explain` of an im2col TiledCopy (make_im2col_tma_copy and its SM100 A/B builders): the
 * activation as the descriptor sees it (C, W, H[, D], N), the box (channels per pixel x pixels per
 * column), the convolution's corners and traversal strides, the swizzle, and the bytes a copy moves.
 */
export function explainIm2col(t: Im2colCopy): string {
  const { desc, args } = t;
  const bytesPerElem = args.type.bits / 8;
  const lines: string[] = [];
  const dir = args.op === "SM90_TMA_STORE_IM2COL" ? "shared -> global" : "global -> shared";
  const spatial = desc.dim - 2;
  const names = ["C", ...["W", "H", "D"].slice(0, spatial), "N"];
  lines.push(`${args.op} (${dir}, im2col), ${args.type.name} elements (${args.type.bits} bits), ${desc.dim}-D im2col TMA descriptor (cuTensorMapEncodeIm2col)`);
  lines.push(`gmem ${showLayout(args.gmem)}, smem ${showLayout(args.smem.layout)}`);
  lines.push(`the activation as the descriptor sees it, (${names.join(",")}) = ${showLayout(t.cwhdn)}:`);
  names.forEach((n, i) => {
    const stride = i === 0 ? "contiguous (1 element)" : `stride ${desc.globalStrides[i - 1]} bytes`;
    const walk = i === 0 ? "channels" : i === names.length - 1 ? "images" : "pixels";
    lines.push(`  TMA dim ${i} (${n}, ${walk}): extent ${desc.globalDim[i]}, ${stride}, element stride ${desc.elementStrides[i]}`);
  });
  const boxElems = desc.channelsPerPixel * desc.pixelsPerColumn;
  const bytes = (n: number) => (Number.isInteger(n * bytesPerElem) ? `${n * bytesPerElem}` : (n * bytesPerElem).toFixed(1));
  lines.push(
    `box: ${desc.channelsPerPixel} channels per pixel x ${desc.pixelsPerColumn} pixels per column = ${boxElems} elements = ${bytes(boxElems)} bytes per TMA instruction ` +
      `(the smem's first two vector modes, ${showLayout(t.tmaLayoutTrunc)})`,
  );
  const tup = (xs: number[]) => `(${xs.join(",")})`;
  lines.push(
    `pixel box: lower corner ${tup(desc.pixelBoxLowerCorner)}, upper corner ${tup(desc.pixelBoxUpperCorner)} (W,H,D order): ` +
      "the filter window's offsets from each output pixel's base pixel; traversal strides " +
      tup(desc.elementStrides.slice(1, 1 + spatial)),
  );
  lines.push(`swizzle: ${desc.swizzle.replace("CU_TENSOR_MAP_SWIZZLE_", "")}` + swizzleNote(desc.swizzle));
  if (im2colThreads(args.op) === 2) {
    lines.push("issued by both peer CTAs of a 2-SM MMA (ThrID _2): each loads its own box, and the transaction bytes complete on the even CTA's mbarrier");
  }
  const cluster = t.numMulticast;
  if (cluster > 1) {
    lines.push(
      `multicast over ${cluster} CTAs: each issues 1/${cluster} of a ${t.numElems.v}-element box (${boxElems} elements) and every CTA in the mask receives it; ` +
        `each CTA's smem gets the whole tile`,
    );
  }
  const tileElems = size(args.smem.layout).v;
  const perTile = Math.max(1, Math.round(tileElems / t.numElems.v));
  const tileText = tupText(T.product_each(args.smem.layout.shape));
  const count = `${perTile} instruction${perTile === 1 ? "" : "s"} of ${t.numElems.v} elements`;
  if (dir === "global -> shared") {
    lines.push(
      `one copy of the smem tile ${tileText} is ${count} and moves ${bytes(tileElems)} bytes into each CTA's smem: ` +
        `the mbarrier transaction count, set_barrier_transaction_bytes(mbar, ${bytes(tileElems)})`,
    );
  } else {
    lines.push(`one copy of the smem tile ${tileText} is ${count} and moves ${bytes(tileElems)} bytes from smem to gmem (no mbarrier)`);
  }
  return lines.join("\n") + "\n";
}
