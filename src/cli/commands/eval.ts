import { UsageError } from "../../core/errors.js";
import { AtomValue, type EvalValue, unchecked } from "../../eval/evaluate.js";
import { type PastedResult, evaluatePasted } from "../../eval/run/pasted.js";
import { FloatValue, printFloat } from "../../eval/float.js";
import { show } from "../../print/print.js";
import { jsonLine, printedObjectsJson, toJson } from "../../print/json.js";
import { parseLayoutText } from "../../notation/read.js";
import { looksLikeDsl } from "../../notation/dsl.js";
import { type Dialect, type DslValue, evaluateDsl, showDslValue } from "../../eval/dsl.js";
import { FILE_OPTION, programText, readsStdin } from "../input.js";
import type { CommandSpec, Io } from "../spec.js";

export const command: CommandSpec = {
  name: "eval",
  summary: "Evaluate a CuTe expression (or a pasted block of statements) and print the result as CuTe's print() does",
  args: ["[EXPR]"],
  options: [FILE_OPTION],
  readsStdin,
  examples: [
    "eval 'logical_divide((16,32):(32,1),(4,8))'",
    "eval 'composition((6,2):(8,2),(4,3):(3,1))'",
    "eval 'size<1>((_4,(_2,3)):(_1,(_4,_8)))'",
    "eval '(4,8):(1,4)(3)'",
    "eval 'local_tile(counting_iter(0) o (8,24):(1,8),(_4,_8),(1,2))'",
    "eval 'make_layout(make_shape(Int<8>{}, 4), LayoutRight{})'",
    "eval 'tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_64,_64>{})'",
    "eval 'make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{})'",
    "eval 'make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{}).get_slice(37).partition_A(make_identity_tensor(make_shape(Int<128>{}, Int<64>{})))'",
    "eval 'auto mma = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_16,_1>>{}); print(mma.get_slice(37).partition_C(make_identity_tensor(make_shape(Int<128>{}, Int<128>{})))); print(\"\\n\");'",
    "eval --dialect dsl 'cute.composition(cute.make_layout((6, 2), stride=(cutlass.Int32(8), 2)), cute.make_layout((4, 3), stride=(3, 1)))'",
    "eval --dialect dsl-printf 'cute.make_layout((cutlass.Int32(8), 2))'",
  ],
  // synchronous unless the expression makes an atom and the atoms module is not loaded yet, or the text is read from a file or stdin
  run(args, opts, io) {
    const text = programText("eval", args, opts);
    if (typeof text !== "string") return text.then((t) => answer(t, io));
    return answer(text, io);
  },
};

function answer(text: string, io: Io): number | Promise<number> {
  if (io.dialect === "dsl" || io.dialect === "dsl-printf") return evalDsl(text, io);
  hintDialect(text, io);
  const r = evaluatePasted(text, false);
  return r instanceof Promise ? r.then((w) => write(io, w)) : write(io, r);
}

/** the CuTe DSL's spelling given without --dialect: said on stderr, never read as the DSL */
export function hintDialect(expr: string, io: Io, command = "eval"): void {
  // with --json, stderr holds only JSON error documents: no free-text hint there
  if (io.json || !looksLikeDsl(expr)) return;
  const how = command === "eval" ? "give --dialect dsl (or dsl-printf) to read it as the DSL" : "cute-ts eval --dialect dsl reads it as the DSL";
  io.err(`cute-ts: hint: this looks like the CuTe DSL's Python spelling; ${how}\n`);
}

/** --dialect dsl / dsl-printf: the DSL's spelling in, the DSL's print out */
function evalDsl(expr: string, io: Io): number | Promise<number> {
  const dialect = io.dialect as Dialect;
  const out = (r: DslValue): number => {
    if (io.json) {
      if (r.value instanceof AtomValue) throw new UsageError("--json of an atom is given in CuTe's C++ dialect only: drop --dialect");
      io.out(jsonLine({ ...(toJson(r.value as never) as object), [dialect]: showDslValue(r, dialect).replace(/\n$/, "") } as never));
      return 0;
    }
    io.out(showDslValue(r, dialect));
    return 0;
  };
  const r = evaluateDsl(expr, dialect);
  return r instanceof Promise ? r.then(out) : out(r);
}

function write(io: Io, r: PastedResult): number {
  if (r.k === "run") {
    // a block run as a program (src/eval/run/pasted.ts): what it wrote on stdout and stderr, its exit code
    if (r.stdout !== "") io.out(io.json ? jsonLine({ kind: "printed", text: r.stdout }) : r.stdout);
    if (r.stderr !== "" && !io.json) io.err(r.stderr);
    return r.exit;
  }
  if (r.k === "block") {
    // a block prints what its print statements wrote; without one, the value of its last statement
    if (r.printed !== null) io.out(io.json ? jsonLine({ kind: "printed", text: r.printed }) : r.printed);
    else if (r.last !== undefined) writeValue(io, r.last);
    return 0;
  }
  writeValue(io, r.value);
  return 0;
}

function writeValue(io: Io, v: EvalValue): void {
  if (v instanceof FloatValue) {
    io.out(io.json ? jsonLine({ kind: "float", type: v.type, value: v.v }) : printFloat(v) + "\n");
    return;
  }
  if (v instanceof AtomValue) {
    const text = v.print();
    io.out(io.json ? jsonLine(printedObjectsJson(text, parseLayoutText)) : text);
    return;
  }
  // a core value (the evaluator refused a braced list as an expression's value: checkValue)
  const c = unchecked(v);
  io.out(io.json ? jsonLine(toJson(c)) : show(c) + "\n");
}
