import { UsageError } from "../../core/errors.js";
import { AtomValue, type EvalValue, evaluateAny } from "../../eval/evaluate.js";
import { show } from "../../print/print.js";
import { jsonLine, printedObjectsJson, toJson } from "../../print/json.js";
import { parseLayoutText } from "../../notation/read.js";
import type { CommandSpec, Io } from "../spec.js";

export const command: CommandSpec = {
  name: "eval",
  summary: "Evaluate a CuTe expression and print the result as CuTe's print() does",
  args: ["EXPR"],
  options: [],
  examples: [
    "eval 'logical_divide((16,32):(32,1),(4,8))'",
    "eval 'composition((6,2):(8,2),(4,3):(3,1))'",
    "eval 'size<1>((_4,(_2,3)):(_1,(_4,_8)))'",
    "eval '(4,8):(1,4)(3)'",
    "eval 'local_tile(counting_iter(0) o (8,24):(1,8),(_4,_8),(1,2))'",
    "eval 'make_layout(make_shape(Int<8>{}, 4), LayoutRight{})'",
    "eval 'tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_64,_64>{})'",
    "eval 'make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{})'",
  ],
  // synchronous unless the expression makes an atom and the atoms module is not loaded yet
  run(args, _opts, io) {
    if (args.length !== 1) throw new UsageError("eval takes one expression (quote it for the shell)");
    const v = evaluateAny(args[0]!);
    return v instanceof Promise ? v.then((w) => write(io, w)) : write(io, v);
  },
};

function write(io: Io, v: EvalValue): number {
  if (v instanceof AtomValue) {
    const text = v.print();
    io.out(io.json ? jsonLine(printedObjectsJson(text, parseLayoutText)) : text);
    return 0;
  }
  io.out(io.json ? jsonLine(toJson(v)) : show(v) + "\n");
  return 0;
}
