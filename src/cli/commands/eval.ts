import { UsageError } from "../../core/errors.js";
import { evaluate } from "../../eval/evaluate.js";
import { show } from "../../print/print.js";
import { jsonLine, toJson } from "../../print/json.js";
import type { CommandSpec } from "../spec.js";

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
  ],
  run(args, _opts, io) {
    if (args.length !== 1) throw new UsageError("eval takes one expression (quote it for the shell)");
    const v = evaluate(args[0]!);
    io.out(io.json ? jsonLine(toJson(v)) : show(v) + "\n");
    return 0;
  },
};
