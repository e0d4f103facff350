/**
 * Verdicts as text: a headline (holds / FAILS), the facts, and the counterexample — with a
 * small ownership grid for 2-D tiles and cli-table3 tables where rows line up.
 */
import { Chalk, type ChalkInstance } from "chalk";
import type Table from "cli-table3";
import type { TvCell, TvVerdict } from "./tv.js";
import type { EqualVerdict } from "./equal.js";
import type { PropertyVerdict } from "./props.js";
import type { VectorVerdict } from "./vector.js";
import type { BanksVerdict, PhaseResult } from "./banks.js";
import type { GmmaVerdict } from "./gmma-smem.js";
import type { MmaVerdict } from "./mma.js";
import type { CopyVerdict } from "./copy.js";
import type { TmaVerdict } from "./tma.js";
import { fmtCoord } from "./common.js";
import { type Input, type Wording, input, spell } from "../core/errors.js";

export type Verdict = TvVerdict | EqualVerdict | PropertyVerdict | VectorVerdict | BanksVerdict | GmmaVerdict | MmaVerdict | CopyVerdict | TmaVerdict;

interface Style {
  c: ChalkInstance;
  ok(s: string): string;
  bad(s: string): string;
  /** text that may name the caller's inputs, each spelled as the caller names it */
  say(w: Wording): string;
}

function style(color: boolean, spelling?: (i: Input) => string): Style {
  const c = new Chalk({ level: color ? 1 : 0 });
  return { c, ok: (s) => c.green(s), bad: (s) => c.red.bold(s), say: (w) => spell(w, spelling) };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const more = (shown: number, total: number) => (total > shown ? `  … and ${total - shown} more\n` : "");

/**
 * cli-table3 (and string-width behind it) is loaded only for the verdicts that draw a table
 * (equal, banks, gmma-smem): `verify tv` and the others start as fast as `eval`.
 */
let TableCtor: typeof Table | undefined;
const TABLE_KINDS: ReadonlySet<string> = new Set(["equal", "banks", "gmma-smem"]);
/** load what formatVerdict(v) needs; call (and await) it first */
export async function loadFormatting(v: Verdict): Promise<void> {
  // in the CLI's CommonJS bundle a require (an import() would start the ES module loader); in the library an import
  if (TABLE_KINDS.has(v.kind)) TableCtor ??= typeof require === "function" ? (require("cli-table3") as typeof Table) : (await import("cli-table3")).default;
}

function table(head: string[]): Table.Table {
  if (TableCtor === undefined) throw new Error("formatVerdict: loadFormatting(verdict) was not awaited");
  return new TableCtor({ head, style: { head: [], border: [], compact: true }, chars: { mid: "", "left-mid": "", "mid-mid": "", "right-mid": "" } });
}

/** a verdict as text; `spelling` names the caller's inputs it mentions (by default by their parameters' names; the CLI by its options) */
export function formatVerdict(v: Verdict, color = false, spelling?: (i: Input) => string): string {
  const st = style(color, spelling);
  switch (v.kind) {
    case "tv":
      return formatTV(v, st);
    case "equal":
      return formatEqual(v, st);
    case "property":
      return formatProperty(v, st);
    case "vector":
      return formatVector(v, st);
    case "banks":
      return formatBanks(v, st);
    case "gmma-smem":
      return formatGmma(v, st);
    case "mma":
      return formatMma(v, st);
    case "copy":
      return formatCopy(v, st);
    case "tma":
      return formatTma(v, st);
  }
}

// ------------------------------------------------------------------------------------ tv

const pair = (p: { t: number; v: number }) => `T${p.t}V${p.v}`;
const cellText = (c: TvCell, axes: string) => `${axes}=${fmtCoord(c.coord)} (index ${c.index})`;

/** the TV verdict's body without its headline, indented by `ind` */
function tvBody(v: TvVerdict, st: Style, ind = "  ", axes?: string): string {
  const ax = axes ?? (v.tileShape.length === 2 ? "(m,n)" : "coord");
  let out = "";
  const threadsText = v.activeThreads !== undefined ? `${v.activeThreads} of ${v.threads} threads` : plural(v.threads, "thread");
  out += `${ind}${threadsText} x ${plural(v.values, "value")} over the ${v.tileSize}-element tile ${v.tile}`;
  if (v.tileElements !== undefined) out += ` (${v.tileElements} elements belong to it)`;
  out += "\n";
  const b = v.broadcast;
  if (b.factor > 1) {
    if (b.allowed) out += `${ind}broadcast: every element ${v.multicast ? "it reaches " : ""}is owned ${b.factor} times (stride-0 modes ${b.modes.join(" ") || "of the unused threads"}), accepted\n`;
    else out += `${ind}note: stride-0 modes ${b.modes.join(" ")} replicate each element ${b.factor} times (${st.say([input("allowBroadcast")])} accepts that)\n`;
  }
  if (v.multicast) out += `${ind}multicast: a value-mode stride-0 mode sends each element to ${v.multicast.factor} values; ${v.multicast.untouched} elements are the other copies' share\n`;
  if (v.holds) return out;
  const exp = v.expected === 1 ? "once" : `${v.expected} times`;
  if (v.holeCount > 0 && !v.multicast) {
    out += `${ind}${st.bad(plural(v.holeCount, "hole"))} (never owned):\n`;
    for (const h of v.holes) out += `${ind}  ${cellText(h, ax)}\n`;
    out += more(v.holes.length, v.holeCount).replace(/^ {2}/, ind + "  ");
  }
  if (v.overOwnedCount > 0) {
    out += `${ind}${st.bad(plural(v.overOwnedCount, "element"))} not owned exactly ${exp}:\n`;
    for (const c of v.overOwned) {
      const owners = c.owners.map(pair).join(" ") + (c.count > c.owners.length ? " …" : "");
      out += `${ind}  ${cellText(c, ax)} owned ${c.count}x by ${owners}\n`;
    }
    out += more(v.overOwned.length, v.overOwnedCount).replace(/^ {2}/, ind + "  ");
  }
  if (v.outsideCount > 0) {
    out += `${ind}${st.bad(plural(v.outsideCount, "(t,v) pair"))} outside the tile:\n`;
    for (const o of v.outside) out += `${ind}  ${pair(o)} -> index ${o.index}\n`;
    out += more(v.outside.length, v.outsideCount).replace(/^ {2}/, ind + "  ");
  }
  out += grid(v, st, ind);
  return out;
}

/** ownership counts on the 2-D tile: `.` owned as expected, digits otherwise */
function grid(v: TvVerdict, st: Style, ind: string): string {
  if (!v.counts || v.tileShape.length !== 2) return "";
  const [rows, cols] = v.tileShape as [number, number];
  if (cols > 64 || rows > 32) return "";
  const wrong = v.counts.filter((c) => c !== v.expected);
  if (wrong.length === v.counts.length && wrong.every((c) => c === wrong[0])) return ""; // uniform: nothing to see
  let out = `${ind}ownership (rows m, columns n; '.' = ${v.expected === 1 ? "once" : `${v.expected}x`}, digits = times owned):\n`;
  for (let m = 0; m < rows; m++) {
    let line = "";
    for (let n = 0; n < cols; n++) {
      const c = v.counts[m + n * rows]!;
      if (c === v.expected) line += ".";
      else if (c === 0) line += st.bad("0");
      else line += st.c.yellow(c > 9 ? "+" : String(c));
    }
    out += `${ind}  ${line}\n`;
  }
  return out;
}

function formatTV(v: TvVerdict, st: Style): string {
  const head = v.holds
    ? `${st.ok("holds")}: ${v.layout} partitions the tile ${v.tile}${v.broadcast.allowed && v.broadcast.factor > 1 ? ` (with ${v.broadcast.factor}-fold broadcast)` : ""}\n`
    : `${st.bad("FAILS")}: ${v.layout} does not partition the tile ${v.tile}\n`;
  return head + tvBody(v, st);
}

// ------------------------------------------------------------------------------- mma, copy

function formatMma(v: MmaVerdict, st: Style): string {
  const what = v.atoms !== undefined || v.tileArg !== undefined ? `TiledMMA of ${v.op}${v.atoms ? ` ${st.say([input("atoms")])} ${v.atoms}` : ""}${v.tileArg ? ` ${st.say([input("tile")])} ${v.tileArg}` : ""}` : v.op;
  let out = v.holds
    ? `${st.ok("holds")}: ${what}: A, B and C partition their tiles; ${plural(v.threads, "thread")}\n`
    : `${st.bad("FAILS")}: ${what}\n`;
  for (const o of v.operands) {
    const mark = o.verdict.holds ? st.ok("ok") : st.bad("FAILS");
    out += `${o.operand} ${o.axes} tile ${o.tile}: ${mark}  TV ${o.tv}\n`;
    out += tvBody(o.verdict, st, "  ", o.axes);
  }
  if (!v.threadsAgree) {
    out += `${st.bad("thread counts disagree")}: TiledMMA has ${v.threads}; ` + v.operands.map((o) => `${o.operand} ${o.threads}`).join(", ") + "\n";
  }
  return out;
}

function formatCopy(v: CopyVerdict, st: Style): string {
  const what = `${v.object === "atom" ? "Copy_Atom" : "TiledCopy"}<${v.op}, ${v.type}>`;
  let out = v.holds
    ? `${st.ok("holds")}: ${what}: source and destination partition the tile ${v.tile}; ${plural(v.threads, "thread")}\n`
    : `${st.bad("FAILS")}: ${what} over the tile ${v.tile}\n`;
  for (const s of v.sides) {
    const mark = s.verdict.holds ? st.ok("ok") : st.bad("FAILS");
    out += `${s.side}: ${mark}  TV ${s.tv}\n`;
    out += tvBody(s.verdict, st, "  ", v.object === "atom" ? "value" : undefined);
  }
  if (!v.threadsAgree) out += `${st.bad("thread counts disagree")}: ${v.threads} threads; ` + v.sides.map((s) => `${s.side} ${s.threads}`).join(", ") + "\n";
  return out;
}

// ----------------------------------------------------------------------------------- equal

function formatEqual(v: EqualVerdict, st: Style): string {
  if (v.holds) {
    const how = v.method === "structure" ? "same coalesced layout" : `all ${v.sizeA} values agree`;
    return `${st.ok("holds")}: ${v.a} and ${v.b} are the same function (${how})\n`;
  }
  let out = `${st.bad("FAILS")}: ${v.a} and ${v.b} differ\n`;
  if (v.method === "size") {
    out += `  domain sizes differ: ${v.sizeA} vs ${v.sizeB}\n`;
    return out;
  }
  const d = v.difference!;
  const t = table(["", "coordinate", "value"]);
  t.push(["A", d.coordA, String(d.valueA)]);
  t.push(["B", d.coordB, String(d.valueB)]);
  out += `  first difference at 1-D index ${d.index}:\n` + indent(t.toString(), "  ") + "\n";
  return out;
}

function indent(text: string, ind: string): string {
  return text
    .split("\n")
    .map((l) => ind + l)
    .join("\n");
}

// ------------------------------------------------------------------------------ properties

function formatProperty(v: PropertyVerdict, st: Style): string {
  const range = `values ${v.min}..${v.max}, ${v.distinct} distinct of ${v.size}`;
  if (v.holds) {
    const what = v.property === "bijective" ? `a bijection onto [0,${v.size})` : v.property === "compact" ? "compact (no holes between its smallest and largest value)" : "injective";
    return `${st.ok("holds")}: ${v.layout} is ${what} (${range})\n`;
  }
  let out = `${st.bad("FAILS")}: ${v.layout} is not ${v.property} (${range})\n`;
  if (v.collision) {
    const c = v.collision;
    out += `  ${c.first.coord} and ${c.second.coord} (indices ${c.first.index}, ${c.second.index}) both map to ${c.value}\n`;
  }
  if (v.outside) out += `  ${v.outside.coord} (index ${v.outside.index}) maps to ${v.outside.value}, outside [0,${v.size})\n`;
  if (v.holeCount > 0) {
    const where = v.property === "bijective" ? `[0,${v.size})` : `[${v.min},${v.max}]`;
    out += `  ${plural(v.holeCount, "value")} of ${where} never taken: ${v.holes.join(", ")}${v.holeCount > v.holes.length ? ", …" : ""}\n`;
  }
  return out;
}

// ---------------------------------------------------------------------------------- vector

function formatVector(v: VectorVerdict, st: Style): string {
  const bytes = (b: number) => (b % 8 === 0 ? `${b / 8} bytes` : `${b} bits`);
  const head = v.holds ? st.ok("holds") : st.bad("FAILS");
  let out = `${head}: max_common_vector = ${v.elements} ${v.type} (${bytes(v.bits)})`;
  if (v.min !== undefined) out += `; required at least ${v.min}`;
  out += "\n";
  out += `  src ${v.src}\n  dst ${v.dst}\n`;
  out += `  max_common_layout: ${v.commonLayout}\n`;
  out += `  widest access: ${v.accessElements} x ${v.type} = ${bytes(v.accessBits)}${v.bits > v.accessBits ? ` per instruction (hardware maximum 16 bytes; ${v.bits / v.accessBits} instructions per vector)` : ""}\n`;
  const l = v.limit;
  let why: string;
  switch (l.kind) {
    case "size":
      why = `the layouts themselves: all ${l.size} elements are contiguous in both`;
      break;
    case "dst-run":
      why = `dst: its contiguous run from offset 0 has ${l.run} elements`;
      break;
    case "src-disagrees":
      why = `src: the element at dst offset ${l.dstOffset} (dst${l.coordDst}) is at src offset ${l.srcOffset} (src${l.coordSrc}), not ${l.dstOffset}`;
      break;
    case "no-unit-stride":
      why =
        l.index === undefined
          ? "dst has no stride-1 mode: consecutive elements are never adjacent in dst"
          : `src: the element at dst offset 1 (src${l.coordSrc}) is at src offset ${l.srcOffset}, not 1`;
      break;
    case "dynamic":
      why = `the common run has dynamic size ${l.run}; max_common_vector needs it static`;
      break;
    case "swizzle":
      why = `${l.side}'s swizzle ${l.swizzle}: it keeps runs of 2^M = ${l.base} elements together and permutes the runs`;
      break;
  }
  out += `  limited by ${why}\n`;
  for (const n of v.notes) out += `  note: ${n}\n`;
  if (v.sizeSrc !== v.sizeDst) out += `  note: the sizes differ (src ${v.sizeSrc}, dst ${v.sizeDst})\n`;
  return out;
}

// ----------------------------------------------------------------------------------- banks

function phaseRow(p: PhaseResult): string[] {
  const shown = p.threads.slice(0, 4);
  const threads = shown.map((t) => `T${t.thread}@${t.byte}`).join(" ") + (p.threadCount > shown.length ? ` … (${p.threadCount})` : "");
  return [String(p.warp), String(p.access), `${p.phase} (T${p.firstThread}-${p.lastThread})`, String(p.wavefronts), String(p.worstBank), threads];
}

function formatBanks(v: BanksVerdict, st: Style): string {
  const b = v.brokenVector;
  const head = v.holds
    ? `${st.ok("holds")}: conflict-free — every phase takes one wavefront\n`
    : b !== undefined
      ? `${st.bad("FAILS")}: the copy atom's ${v.accessBytes}-byte access is ${b.why} in shared memory: thread ${b.thread}, values ${b.value}..${b.value + v.vector - 1} start at byte ${b.byte}${v.conflictedPhases > 0 ? `; ${v.conflictedPhases} of ${v.phases} phases conflict as well` : ""}\n`
      : `${st.bad("FAILS")}: ${v.conflictedPhases} of ${v.phases} phases conflict; ${v.wavefronts} wavefronts where ${v.ideal} would do (worst phase: ${v.worst.wavefronts}-way)\n`;
  let out = head;
  out += `  smem ${v.smem}${v.swizzleOn === "bytes" ? " (swizzle on byte addresses)" : v.swizzleOn === "elements" ? " (swizzle on element offsets)" : ""}\n`;
  out += `  ${v.side !== undefined ? "copy" : "tv  "} ${v.tv}: ${plural(v.threads, "thread")} (${plural(v.warps, "warp")}) x ${plural(v.values, "value")} of ${v.type}\n`;
  const how = v.vectorChosen === "auto" ? "widest contiguous, aligned" : v.vectorChosen === "atom" ? `the copy atom's values per thread${v.side === undefined ? "" : ` on side ${v.side}`}` : st.say([input("vector")]);
  out += `  access: ${v.vector} x ${v.type} = ${v.accessBytes} bytes per thread (${how}); ${v.threadsPerPhase} threads per phase; 32 banks x 4 bytes\n`;
  if (!v.holds && v.conflictedPhases > 0) {
    const w = v.worst;
    out += `  worst: warp ${w.warp}, access ${w.access}, phase ${w.phase} (threads ${w.firstThread}-${w.lastThread}): bank ${w.worstBank} serves ${w.wavefronts} different words:\n`;
    for (const t of w.threads) out += `    T${t.thread}: byte ${t.byte}, word ${t.word}\n`;
    if (w.threadCount > w.threads.length) out += `    … and ${w.threadCount - w.threads.length} more\n`;
  }
  const rows = v.warpPhases.filter((p) => !v.holds || p.warp === 0);
  const shown = rows.slice(0, v.holds ? 4 : 8);
  if (shown.length) {
    const t = table(["warp", "access", "phase", "wavefronts", "worst bank", "threads in it (T@byte)"]);
    for (const p of shown) t.push(phaseRow(p));
    out += indent(t.toString(), "  ") + "\n";
    if (rows.length > shown.length) out += `  … ${rows.length - shown.length} more phases of warp ${shown[0]!.warp}\n`;
  }
  return out;
}

// ----------------------------------------------------------------------------------- gmma

function formatGmma(v: GmmaVerdict, st: Style): string {
  let out: string;
  if (v.holds) {
    const m = v.match!;
    out = `${st.ok("holds")}: ${v.layout} is the canonical GMMA ${v.major}-major ${m.swizzle} layout for ${v.type}\n`;
    out += `  ${m.expression}\n  = ${m.layout}\n`;
    out += `  make_gmma_desc<GMMA::Major::${v.major}> accepts it (layout type ${m.swizzle === "INTER" ? "INTERLEAVE" : "B" + m.swizzle.slice(2)})\n`;
    return out;
  }
  out = `${st.bad("FAILS")}: ${v.layout} is not a canonical GMMA ${v.major}-major layout for ${v.type}\n`;
  out += `  its swizzle on byte addresses: ${v.swizzle} (GMMA's are Sw<0..3,4,3>)\n`;
  const t = table(["candidate", "verdict"]);
  for (const c of v.candidates) {
    let r: string;
    if (c.refusal) r = `not tileable: ${c.refusal}`;
    else if (c.difference) {
      const d = c.difference;
      r = `differs at ${d.coord} (index ${d.index}): byte ${d.byte}, atom has byte ${d.expectedByte}`;
    } else r = "matches";
    t.push([c.expression, r]);
  }
  out += indent(t.toString(), "  ") + "\n";
  if (v.nearest) out += `  nearest: ${v.nearest.expression} (agrees on the first ${v.nearest.difference!.index} elements)\n`;
  return out;
}


// ------------------------------------------------------------------------------------ tma

const TMA_HEAD: Record<string, string> = {
  rejected: "cuTensorMapEncodeTiled rejects the descriptor (CUDA_ERROR_INVALID_VALUE)",
  misplaced: "the driver accepts the descriptor, but boxes land elsewhere than the smem layout says",
  fault: "the driver accepts the descriptor, but the copy faults (misaligned shared-memory address)",
  launch: "the driver accepts the descriptor, but no CTA can hold the smem tile beside its mbarrier: the kernel cannot launch",
};

function formatTma(v: TmaVerdict, st: Style): string {
  const errors = v.findings.filter((f) => f.severity === "error");
  let out: string;
  const warnings = v.findings.filter((f) => f.severity === "warning").length;
  if (v.holds && warnings === 0) out = `${st.ok("holds")} on ${v.arch}: the driver accepts the descriptor and every box lands where the smem layout says\n`;
  else if (v.holds) {
    out =
      `${st.ok("holds")} on ${v.arch} by every rule the measurements confirm, ` +
      `with ${plural(warnings, "warning")} (documented or derived, not measured) below\n`;
  }
  else {
    const worst = !v.accepted
      ? "rejected"
      : (["launch", "misplaced", "fault"] as const).find((c) => errors.some((f) => f.consequence === c)) ?? "fault";
    out = `${st.bad("FAILS")} on ${v.arch}: ${TMA_HEAD[worst]}\n`;
  }
  const dims = v.boxDim.length;
  out +=
    `  ${v.op} ${v.type}: ${dims}-D box (${v.boxDim.join(",")}) = ${v.boxBytes} B${v.ctas > 1 ? ` per CTA (each box split over ${v.ctas} CTAs)` : ""}, ` +
    `swizzle ${v.swizzle}, ${plural(v.boxesPerCta, "instruction")} per CTA\n`;
  for (const f of v.findings) {
    const label =
      f.severity === "error" ? st.bad(f.consequence) : f.severity === "warning" ? st.c.yellow(`warning (${f.consequence}, not measured)`) : `note`;
    out += `  ${label}: ${f.detail}\n`;
    out += `    rule ${f.rule} (${f.field}): ${f.title}; source: ${f.source}\n`;
    if (f.severity !== "note") out += `    fix: ${f.fix}\n`;
  }
  const passed = v.passed.filter((p) => !p.off);
  out += `  passed: ${passed.map((p) => p.rule).join(", ")}\n`;
  for (const p of v.passed.filter((p) => p.off)) out += `  not a rule on ${v.arch}: ${p.rule}: ${p.source}\n`;
  for (const n of v.notModelled) out += `  not modelled: ${st.say(n)}\n`;
  out += `  not checked on the host (needs the pointers): ${v.notChecked.join("; ")}\n`;
  return out;
}
