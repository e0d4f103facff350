/** Small helpers the commands share: option values, and text-or-JSON output of CuTe's prints. */
import { UsageError } from "../core/errors.js";
import type { Io } from "./spec.js";

/** a `--name VALUE` option: undefined when absent */
export function stringOption(v: string | boolean | undefined, name: string): string | undefined {
  if (v === undefined || v === false) return undefined;
  if (v === true) throw new UsageError(`${name} needs a value`);
  return v;
}

/** CuTe's print text, or with --json its objects (fields and parsed layouts) plus `extra` */
export async function printedOrJson(io: Io, text: string, extra: Record<string, unknown> = {}): Promise<string> {
  if (!io.json) return text;
  const { jsonLine, printedObjectsJson } = await import("../print/json.js");
  const { parseLayoutText } = await import("../notation/read.js");
  return jsonLine({ ...(printedObjectsJson(text, parseLayoutText) as object), ...extra } as never);
}
