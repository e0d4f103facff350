/** The golden copy records of atoms.jsonl, run through the same path as `cute-ts copy`. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readGolden } from "./helpers.js";
import { command } from "../src/cli/commands/copy.js";
import { CuteError, ParseError, UsageError } from "../src/core/errors.js";

const recs = readGolden("../fixtures/golden/atoms.jsonl").filter((r) => r.cmd[0] === "copy");

/** argv after `copy` -> positional args and options, as the CLI parses them */
function parseArgv(argv: string[]): [string[], Record<string, string | boolean>] {
  const args: string[] = [];
  const opts: Record<string, string | boolean> = {};
  const flags = new Set(command.options.filter((o) => !o.value).map((o) => o.name));
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith("--")) {
      const name = a.slice(2);
      if (flags.has(name)) opts[name] = true;
      else opts[name] = argv[++i]!;
    } else args.push(a);
  }
  return [args, opts];
}

async function run(argv: string[]): Promise<{ code: number; out: string }> {
  const [args, opts] = parseArgv(argv);
  let out = "";
  const code = await command.run(args, opts, { out: (t) => (out += t), err: () => {}, color: false });
  return { code, out };
}

const trimEnd = (s: string) => s.replace(/\n+$/, "");

describe("copy goldens", () => {
  for (const r of recs) {
    it(`${r.id} ${r.cmd.slice(1).join(" ")}`, async () => {
      if (r.out !== undefined) {
        const { code, out } = await run(r.cmd.slice(1));
        expect(code).toBe(0);
        expect(trimEnd(out)).toBe(trimEnd(r.out));
      } else {
        let err: unknown;
        try {
          await run(r.cmd.slice(1));
        } catch (e) {
          err = e;
        }
        expect(err instanceof CuteError || err instanceof UsageError || err instanceof ParseError).toBe(true);
      }
    });
  }
});
