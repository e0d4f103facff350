/**
 * The terminal view of a TiledMMA operand (beyond CuTe): the operand's grid with `T<t>V<v>` in
 * each cell, coloured per thread (the 8-colour cycle of CuTe's LaTeX pictures), laid out as the
 * MMA docs draw them: A as M x K, B as K x N (k down, n across), C as M x N.
 */
import { Chalk } from "chalk";
import { type Operand, type TiledMma, owners } from "./tiled-mma.js";

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
  const grid = owners(mma, w);
  // B is stored (n,k); the docs draw it with k down and n across
  const rows = w === "B" ? grid.cols : grid.rows;
  const cols = w === "B" ? grid.rows : grid.cols;
  const cell = (r: number, c: number) => (w === "B" ? grid.owner(c, r) : grid.owner(r, c));
  const size = w === "A" ? "M x K" : w === "B" ? "K x N" : "M x N";
  return renderOwnerGrid(`${w} (${size} = ${rows} x ${cols}), ${mma.atom.traits.op}`, AXES[w], rows, cols, cell, opts);
}

/**
 * A grid of cells, each labelled `T<t>V<v>` by the thread and value that own it and coloured per
 * thread (the 8-colour cycle), with row and column indices; `title` is the first line.
 */
export function renderOwnerGrid(
  title: string,
  [rowAxis, colAxis]: [string, string],
  rows: number,
  cols: number,
  cell: (r: number, c: number) => { thread: number; value: number },
  opts: MapOptions,
): string {
  const labels: string[][] = [];
  let width = 0;
  for (let r = 0; r < rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < cols; c++) {
      const o = cell(r, c);
      const s = o.thread < 0 ? "-" : `T${o.thread}V${o.value}`;
      width = Math.max(width, s.length);
      row.push(s);
    }
    labels.push(row);
  }

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

  const corner = `${rowAxis}\\${colAxis}`;
  const rowHead = Math.max(String(rows - 1).length, corner.length);
  const pad = (s: string) => s.padEnd(width);
  const sep = " ".repeat(rowHead + 1) + "+" + Array.from({ length: cols }, () => "-".repeat(width + 2) + "+").join("");
  const centred = (label: string) => (" ".repeat(Math.floor((width + 2 - label.length) / 2)) + label).padEnd(width + 3);
  const head = corner.padEnd(rowHead + 2) + Array.from({ length: cols }, (_, c) => centred(String(c))).join("");
  const lines = [title, head.trimEnd(), sep];
  for (let r = 0; r < rows; r++) {
    let line = String(r).padStart(rowHead) + " |";
    for (let c = 0; c < cols; c++) {
      const o = cell(r, c);
      line += paint(pad(labels[r]![c]!), o.thread) + "|";
    }
    lines.push(line, sep);
  }
  return lines.join("\n") + "\n";
}
