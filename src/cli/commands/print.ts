import { UsageError } from "../../core/errors.js";
import { Layout } from "../../core/layout.js";
import { ComposedLayout } from "../../core/swizzle.js";
import { Tensor } from "../../core/tensor.js";
import { AtomValue, type EvalValue, describe } from "../../eval/evaluate.js";
import { type PastedResult, evaluatePasted } from "../../eval/run/pasted.js";
import { hintDialect } from "./eval.js";
import { FILE_OPTION, programText, readsStdin } from "../input.js";
import { asIntTuple, isIntTuple } from "../../notation/coerce.js";
import * as L from "../../core/layout.js";
import { FORCE_MAX_CELLS, STREAM_MAX_CELLS, writeLayoutCellsJson, writePrintLayout, writePrintTensor, writeTensorValuesJson } from "../../print/layout.js";
import { jsonLine, toJson } from "../../print/json.js";
import { printedObjectsJson } from "../../print/json.js";
import { parseLayoutText } from "../../notation/read.js";
import { pictureOptions, type CommandSpec, type Io, type OptionValues } from "../spec.js";

export const command: CommandSpec = {
  name: "print",
  summary: "Draw a rank-2 layout as print_layout, a tensor as print_tensor (or --latex / --svg)",
  args: ["[EXPR]"],
  readsStdin,
  options: [
    FILE_OPTION,
    ...pictureOptions(
      "print CuTe's print_latex of the layout",
      "draw the layout as an SVG in the style of CuTe's MMA pictures",
      "print even when the result has more than 262,144 (2^18) cells or lines (65,536 cells for --latex/--svg); the command line streams up to 2^32 cells in constant memory, a batch record or transcript case prints at most 2^20",
    ),
  ],
  examples: [
    "print 'make_tensor(ArithTuple(_0,_0),((_4,_8),2):((_1@0,_1@1),_64@1))'",
    "print '(_4,_8):(_8,_1)'",
    "print 'local_tile(make_tensor(counting_iter(0),(8,24)),(_4,_8),(1,2))'",
    "print '(2,(2,2)):(4,(2,1))' --latex",
    "print 'Layout<Shape<_4,_8>, Stride<_8,_1>>{}'",
    "print 'make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, half_t>{}, Layout<Shape<_4,_8>>{}, Layout<Shape<_2,_1>>{})' --latex",
  ],
  // synchronous but for the pictures and atoms, which load their modules: batch and check then pay no promise per record
  run(args, opts, io) {
    const text = programText("print", args, opts);
    if (typeof text !== "string") return text.then((t) => answer(t, opts, io));
    return answer(text, opts, io);
  },
};

function answer(text: string, opts: OptionValues, io: Io): number | Promise<number> {
  hintDialect(text, io, "print");
  const r = evaluatePasted(text, opts.force === true);
  return r instanceof Promise ? r.then((w) => result(w, opts, io)) : result(r, opts, io);
}

/** a block prints what its print statements wrote; without one, its last value is drawn as an expression's */
function result(r: PastedResult, opts: OptionValues, io: Io): number | Promise<number> {
  if (r.k === "value") return draw(r.value, opts, io);
  if (r.k === "run") {
    // a block run as a program (src/eval/run/pasted.ts): what it printed, as eval gives it
    if (opts.latex || opts.svg) throw new UsageError("--latex and --svg draw one value: this block prints with its own print statements");
    if (r.stdout !== "") io.out(io.json ? jsonLine({ kind: "printed", text: r.stdout }) : r.stdout);
    if (r.stderr !== "" && !io.json) io.err(r.stderr);
    return r.exit;
  }
  if (r.printed !== null) {
    if (opts.latex || opts.svg) throw new UsageError("--latex and --svg draw one value: this block prints with its own print statements");
    io.out(io.json ? jsonLine({ kind: "printed", text: r.printed }) : r.printed);
    return 0;
  }
  if (r.last === undefined) throw new UsageError("print draws a value: this block has no statement with one");
  return draw(r.last, opts, io);
}

function draw(e: EvalValue, opts: OptionValues, io: Io): number | Promise<number> {
    // an atom prints as CuTe's print() does, and draws as its print_latex / print_svg
    if (e instanceof AtomValue) return drawAtom(e, opts, io);
    let v = e;
    if (isIntTuple(v)) v = L.make_layout(asIntTuple(v, "shape"));
    const force = opts.force === true;
    if (opts.latex || opts.svg) {
      if (!(v instanceof Layout || v instanceof ComposedLayout)) throw new UsageError(`--latex and --svg draw a layout; got ${describe(v)}`);
      const l = v;
      return import("../../print/pictures.js").then((pics) => {
        io.out(opts.latex ? pics.print_latex_layout(l, force) : pics.print_svg_layout(l, force));
        return 0;
      });
    }
    // written as made, in chunks: on the command line a forced print of any size takes constant
    // memory; where the answer is held whole (batch, check, the page) it stays within FORCE_MAX_CELLS
    const lim = { force, hard: io.stream ? STREAM_MAX_CELLS : FORCE_MAX_CELLS, bytes: io.outBytes };
    const write = (s: string) => io.out(s);
    if (io.json) {
      if (!(v instanceof Tensor || v instanceof Layout || v instanceof ComposedLayout)) throw new UsageError(`print draws a rank-2 layout or a tensor; this is ${describe(v)}`);
      // the document's fields, then the cells or values as JSON text (the same bytes as JSON.stringify of the whole)
      const head = jsonLine(toJson(v));
      const open = head.slice(0, head.lastIndexOf("}"));
      if (v instanceof Tensor) writeTensorValuesJson(v, write, { ...lim, prefix: `${open},"values":`, suffix: "}\n" });
      else writeLayoutCellsJson(v, write, { ...lim, prefix: `${open},"cells":`, suffix: "}\n" });
      return 0;
    }
    if (v instanceof Tensor) writePrintTensor(v, write, lim);
    else if (v instanceof Layout || v instanceof ComposedLayout) writePrintLayout(v, write, lim);
    else throw new UsageError(`print draws a rank-2 layout (print_layout) or a tensor (print_tensor); this is ${describe(v)} — use \`cute-ts eval\` to print other values`);
    return 0;
}

async function drawAtom(v: AtomValue, opts: OptionValues, io: Io): Promise<number> {
  if (opts.latex || opts.svg) {
    if (opts.latex && opts.svg) throw new UsageError("choose one of --latex and --svg");
    const pics = await import("../../atoms/pictures.js");
    io.out(v.picture(opts.latex ? "latex" : "svg", opts.force === true, pics));
    return 0;
  }
  const text = v.print();
  io.out(io.json ? jsonLine(printedObjectsJson(text, parseLayoutText)) : text);
  return 0;
}
