/**
 * The terminal view of a TiledMMA operand (beyond CuTe): the operand's grid with `T<t>V<v>` in
 * each cell, coloured per thread (the 8-colour cycle of CuTe's LaTeX pictures), laid out as the
 * MMA docs draw them: A as M x K, B as K x N (k down, n across), C as M x N.
 */
import { Chalk } from "chalk";
import { type Operand, type TiledMma, owners } from "./tiled-mma.js";
import { Chunks, type Write, collect } from "../../print/stream.js";

/** CuTe's print_latex colour map (one colour per thread index mod 8) */
const PALETTE: Array<[number, number, number]> = [
  [175, 175, 255],
  [175, 255, 175],
  [255, 255, 175],
  [255, 175, 175],
  [210, 210, 255],
  [210, 255, 210],
  [255, 255, 210],
  [255, 210, 210],
];

export interface MapOptions {
  color: boolean;
  /** chalk's colour depth when colouring (1 = 16 colours, 2 = 256, 3 = truecolor); 3 when absent */
  colorLevel?: 1 | 2 | 3;
  /** highlight this thread's cells */
  thread?: number;
}

const AXES: Record<Operand, [string, string]> = { A: ["m", "k"], B: ["k", "n"], C: ["m", "n"] };

export function renderMmaMap(mma: TiledMma, w: Operand, opts: MapOptions): string {
  return collect((write) => writeMmaMap(mma, w, opts, write));
}
/** renderMmaMap written as it is made */
export function writeMmaMap(mma: TiledMma, w: Operand, opts: MapOptions, write: Write): void {
  const grid = owners(mma, w);
  // B is stored (n,k); the docs draw it with k down and n across
  const rows = w === "B" ? grid.cols : grid.rows;
  const cols = w === "B" ? grid.rows : grid.cols;
  const cell = (r: number, c: number) => (w === "B" ? grid.owner(c, r) : grid.owner(r, c));
  const size = w === "A" ? "M x K" : w === "B" ? "K x N" : "M x N";
  writeOwnerGrid(`${w} (${size} = ${rows} x ${cols}), ${mma.atom.traits.op}`, AXES[w], rows, cols, cell, opts, write);
}

/**
 * A grid of cells, each labelled `T<t>V<v>` by the thread and value that own it and coloured per
 * thread (the 8-colour cycle), with row and column indices; `title` is the first line.
 */
export function renderOwnerGrid(
  title: string,
  axes: [string, string],
  rows: number,
  cols: number,
  cell: (r: number, c: number) => { thread: number; value: number },
  opts: MapOptions,
): string {
  return collect((w) => writeOwnerGrid(title, axes, rows, cols, cell, opts, w));
}

/**
 * renderOwnerGrid written as it is made: a first pass finds the widest label (nothing kept),
 * the second writes the rows in chunks, so a grid of any size takes constant memory.
 */
export function writeOwnerGrid(
  title: string,
  [rowAxis, colAxis]: [string, string],
  rows: number,
  cols: number,
  cell: (r: number, c: number) => { thread: number; value: number },
  opts: MapOptions,
  write: Write,
): void {
  const label = (o: { thread: number; value: number }) => (o.thread < 0 ? "-" : `T${o.thread}V${o.value}`);
  let width = 0;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) width = Math.max(width, label(cell(r, c)).length);

  const chalk = new Chalk({ level: opts.color ? (opts.colorLevel ?? 3) : 0 });
  const hl = opts.thread;
  const paint = (text: string, thread: number): string => {
    if (!opts.color || thread < 0) {
      return hl !== undefined && thread === hl ? `[${text}]` : ` ${text} `;
    }
    const [r, g, b] = PALETTE[thread % 8]!;
    const padded = ` ${text} `;
    if (hl === undefined) return chalk.bgRgb(r, g, b).black(padded);
    return thread === hl ? chalk.bgRgb(r, g, b).black.bold(padded) : chalk.dim(padded);
  };

  const out = new Chunks(write);
  const corner = `${rowAxis}\\${colAxis}`;
  const rowHead = Math.max(String(rows - 1).length, corner.length);
  const pad = (s: string) => s.padEnd(width);
  const sepHead = " ".repeat(rowHead + 1) + "+";
  const sepCell = "-".repeat(width + 2) + "+";
  const putSep = () => {
    out.put(sepHead);
    out.repeat(sepCell, cols);
  };
  const centred = (lab: string) => (" ".repeat(Math.floor((width + 2 - lab.length) / 2)) + lab).padEnd(width + 3);
  out.put(title + "\n");
  // the header line without its trailing blanks
  const cornerHead = corner.padEnd(rowHead + 2);
  if (cols === 0) out.put(cornerHead.trimEnd());
  else {
    out.put(cornerHead);
    for (let c = 0; c < cols - 1; c++) out.put(centred(String(c)));
    out.put(centred(String(cols - 1)).trimEnd());
  }
  out.put("\n");
  putSep();
  for (let r = 0; r < rows; r++) {
    out.put("\n" + String(r).padStart(rowHead) + " |");
    for (let c = 0; c < cols; c++) {
      const o = cell(r, c);
      out.put(paint(pad(label(o)), o.thread));
      out.put("|");
    }
    out.put("\n");
    putSep();
  }
  out.put("\n");
  out.end();
}
