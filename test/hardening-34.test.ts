/**
 * Issue 34's findings in a pasted block's printf, the block's and the DSL's bounds on work, batch's
 * ids and blank lines, the DSL's powers that Python refuses, and --cta-tile's limits checked
 * before the work. Each test asserts what is printed or refused, never how long it took.
 */
import { describe, expect, it } from "vitest";
import { ok, refused, run } from "./helpers.js";

const block = (src: string) => ok(["eval", src]);

describe("printf in a block: bounded before it formats, and as glibc prints", { timeout: 120_000 }, () => {
  it("the issue's line prints as C prints it", async () => {
    expect(await block('printf("[%.5d][%.5x][% d][%#x][%.3s][%hhd][%hd]\\n",1,255,5,255,"abcdef",300,70000);')).toBe("[00001][000ff][ 5][0xff][abc][44][4464]\n");
  });
  it("a width or precision past the block's printed-text limit is refused (exit 2), before any text is made", async () => {
    for (const f of ["%536870900d", "%.1000000000f", "%.1000000000d", "%#.1000000000g", "%1000000000s", "%*d"]) {
      const err = await refused(["eval", `printf("${f}", ${f.endsWith("s") ? '"x"' : f === "%*d" ? "2000000000, 1" : f.endsWith("d") ? "1" : "1.0"});`]);
      expect(err).toBe("cute-ts: the block's print statements would write more than 67108864 characters: cute-ts stops there\n");
    }
  });
  it("a large precision that fits is printed: the exact digits, then zeros; %g drops them", async () => {
    const out = await block('printf("%.10000000f", 0.5);');
    expect(out.length).toBe(10_000_002);
    expect(out.startsWith("0.5000")).toBe(true);
    expect(/^0\.50*$/.test(out)).toBe(true);
    expect(await block('printf("%.1000000000g", 0.5);')).toBe("0.5");
    expect(await block('printf("%.100000000s|", "abc");')).toBe("abc|");
  }, 120_000);
  it("extra arguments are ignored, as C ignores them", async () => {
    expect(await block('printf("%%", 1);')).toBe("%");
    expect(await block('printf("%d\\n", 1, 2, "x");')).toBe("1\n");
  });
  it("what C leaves undefined is a usage error, not a CuTe rejection", async () => {
    const cases: [string, RegExp][] = [
      ['printf("%d %d", 1);', /^cute-ts: printf: the format's %d has no argument \(1 given\)/],
      ['printf("%s", 3);', /^cute-ts: printf: %s prints a string; the argument is 3 /],
      ['printf("%f", 3);', /^cute-ts: printf: %f prints a floating-point value \(a float or a double\); the argument is 3 /],
      ['printf("%d", 5000000000);', /^cute-ts: printf: %d reads an int \(32 bits\); the argument 5000000000 needs a 64-bit type/],
      ['printf("%hf", 1.0);', /^cute-ts: printf: %hf: the length modifier 'h' does not go with %f/],
      ['printf("%k", 1);', /^cute-ts: printf: '%k' is not a conversion C's printf knows/],
    ];
    for (const [src, want] of cases) {
      const err = await refused(["eval", src]);
      expect(err).toMatch(want);
      expect(err).not.toMatch(/CuTe rejects/);
    }
    expect(await refused(["eval", 'printf("%n", 1);'])).toMatch(/^cute-ts does not support printf's %n yet \(it writes to memory\)/);
    expect(await refused(["eval", 'printf("%1$d", 1);'])).toMatch(/does not support printf's numbered arguments/);
    expect(await refused(["eval", 'printf("%c", 233);'])).toBe("cute-ts does not support %c of the byte 0xE9 yet (C writes a single byte that is not UTF-8 text)\n");
  });
  it("%p prints a pointer as glibc does: (nil), or 0x and its address", async () => {
    expect(await block('auto p = make_gmem_ptr<float>(nullptr);\nprintf("[%p][%p][%12p][%-8p]", p, p + 4, p + 4, p);')).toBe("[(nil)][0x10][        0x10][(nil)   ]");
  });
});

describe("a block's loops and the DSL's sampling are bounded by work, not by the clock", { timeout: 120_000 }, () => {
  it("a loop that builds an MMA atom each time is refused for its work, on every machine", async () => {
    const err = await refused(["eval", "for (int i = 0; i < 2000; ++i) { auto m = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{}); }\nprint(1);"]);
    expect(err).toBe("cute-ts: the block's loops did more than 4194304 steps of work (calls, and the integers they read and made): cute-ts stops there (a bound on time)\n");
  });
  it("a loop of 65,000 integer steps runs to its end", async () => {
    let want = 0;
    for (let i = 0; i < 65000; ++i) want += i % 7;
    expect(await block("int s = 0;\nfor (int i = 0; i < 65000; ++i) { s += i % 7; }\nprint(s);")).toBe(String(want));
  });
  it("the evaluator reads no clock to decide what it answers", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const dir = new URL("../src/eval/", import.meta.url);
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(10);
    const clocks = files.filter((f) => /\b(?:Date\.now|performance\.now|process\.hrtime)\b/.test(readFileSync(new URL(f, dir), "utf8")));
    expect(clocks).toEqual([]);
  });
});

describe("batch: ids echoed as spelled, blank lines, CRLF, a BOM, bytes that are not UTF-8", { timeout: 120_000 }, () => {
  const answers = async (input: string | Buffer): Promise<{ text: string; lines: string[] }> => {
    const { mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "cute-ts-h34-"));
    try {
      const file = join(dir, "records.jsonl");
      writeFileSync(file, input);
      const r = await run(["batch", file]);
      expect(r.exit).toBe(0);
      return { text: r.stdout, lines: r.stdout.split("\n").filter((l) => l !== "") };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  it("an id JavaScript cannot hold is echoed as the line spells it", async () => {
    const ids = ["9007199254740993", "1e400", "-0", "1.50", '"\\u00e9\\ud83d\\ude00"', '[1, {"a": "}]"}]', '{"k":9007199254740993}', "null"];
    const { lines } = await answers(ids.map((id) => `{"id": ${id}, "cmd": ["eval", "_1"]}`).join("\n") + "\n");
    expect(lines.map((l) => l.slice(0, l.indexOf(',"stdout"')))).toEqual(ids.map((id) => `{"id":${id}`));
    // each answer is still JSON
    for (const l of lines) expect(JSON.parse(l).stdout).toBe("_1\n");
  });
  it("the last of two ids is the one echoed, as JSON.parse keeps it; no id is null", async () => {
    const { lines } = await answers('{"id":1,"\\u0069d":2,"cmd":["eval","_1"]}\n{"cmd":["eval","_2"]}\n');
    expect(lines.map((l) => JSON.parse(l).id)).toEqual([2, null]);
  });
  it("blank lines (spaces, tabs, a bare CR) get no answer; CRLF records are read; a BOM before the first is skipped", async () => {
    const { lines } = await answers('\uFEFF{"id":1,"cmd":["eval","_1"]}\r\n\r\n   \r\n\t\n\r\n{"id":2,"cmd":["eval","_2"]}\r\n \u00A0\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { id: 1, stdout: "_1\n", stderr: "", exit: 0 },
      { id: 2, stdout: "_2\n", stderr: "", exit: 0 },
      // a no-break space is no JSON whitespace: the line is answered, refused
      expect.objectContaining({ id: null, stdout: "", exit: 2 }),
    ]);
  });
  it("a line that is not UTF-8 is answered with exit 2 and says where, not read with U+FFFD", async () => {
    const bytes = Buffer.concat([Buffer.from('{"id":"a'), Buffer.from([0xa9]), Buffer.from('b","cmd":["eval","_1"]}\n{"id":7,"cmd":["eval","_7"]}\n')]);
    const { lines } = await answers(bytes);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { id: null, stdout: "", stderr: "cute-ts: batch: the line is not UTF-8 (the byte 0xA9 after 8 bytes): JSON text is UTF-8, so the line is no record\n", exit: 2 },
      { id: 7, stdout: "_7\n", stderr: "", exit: 0 },
    ]);
  });
});

describe("the DSL's ** where Python raises or gives a complex number", { timeout: 120_000 }, () => {
  const dsl = (e: string) => run(["eval", "--dialect", "dsl", e]);
  it("0 ** -1 is Python's ZeroDivisionError, as 0.0 ** -1 already was", async () => {
    for (const e of ["0 ** -1", "0 ** -3", "0.0 ** -1", "0 ** -1.5"]) {
      const r = await dsl(e);
      expect([r.exit, r.stdout, r.stderr]).toEqual([2, "", "cute-ts: 0.0 cannot be raised to a negative power (Python raises ZeroDivisionError)\n"]);
    }
  });
  it("a negative number to a fractional power is refused as a complex number; an integral power is not", async () => {
    const r = await dsl("(-2) ** 0.5");
    expect([r.exit, r.stdout, r.stderr]).toEqual([2, "", "cute-ts does not support complex numbers yet (in Python (-2) ** 0.5 is one)\n"]);
    expect((await dsl("(-2.5) ** -0.5")).stderr).toBe("cute-ts does not support complex numbers yet (in Python (-2.5) ** -0.5 is one)\n");
    expect((await dsl("(-2) ** 2.0")).stdout).toBe("4.0\n");
    expect((await dsl("2 ** -1")).stdout).toBe("0.5\n");
    // a DSL value's power is the run time's: traced, not refused
    expect((await dsl("cutlass.Int32(0) ** -1")).stdout).toBe("?\n");
  });
});

describe("--cta-tile views check their limits from the sizes, before listing a thread's coordinates", { timeout: 120_000 }, () => {
  it("mma --cta-tile (_32768,_32768,_64) --thread 3: refused for its cells (it listed 33,554,432 coordinates first: 3 GB)", async () => {
    const err = await refused(["mma", "SM80_16x8x16_F32F16F16F32_TN", "--cta-tile", "(_32768,_32768,_64)", "--thread", "3"]);
    expect(err).toBe("cute-ts: mma --cta-tile --thread: the result has 33554432 cells, more than cute-ts's limit of 262144; pass --force to print it anyway\n");
    const json = await refused(["mma", "SM80_16x8x16_F32F16F16F32_TN", "--cta-tile", "(_32768,_32768,_64)", "--thread", "3", "--operand", "C", "--json"]);
    expect(JSON.parse(json).error.message).toBe("mma --cta-tile --json: the result has 33554432 cells, more than cute-ts's limit of 262144; pass --force to print it anyway");
  });
  it("copy --cta-tile likewise, --force past the hard ceiling included", async () => {
    const err = await refused(["copy", "UniversalCopy<uint32_t>", "--value", "float", "--thr", "(_32,_32)", "--val", "(_1,_1)", "--cta-tile", "(_1048576,_1048576)", "--thread", "3", "--side", "S", "--force"]);
    expect(err).toBe("cute-ts: copy --thread: the result has 1073741824 cells, more than the 1048576 cute-ts prints even with --force (a hard limit: an answer held whole (a batch record, a transcript case, the page) stays bounded; the command line streams up to 4294967296)\n");
  });
  it("a thread's part knows its size without listing its coordinates", async () => {
    const { mmaPart } = await import("../src/atoms/cta-tile.js");
    const { makeTiledMma } = await import("../src/eval/args/mma.js");
    const { resolveMma } = await import("../src/atoms/mma/catalog.js");
    const { S } = await import("../src/core/integer.js");
    const tiled = makeTiledMma(resolveMma("SM80_16x8x16_F32F16F16F32_TN"));
    const p = mmaPart(tiled, "C", [S(32768), S(32768), S(64)], 3);
    expect(p.size).toBe(33554432);
    expect(p.thread).toBe(3);
  });
  it("a map or a --json of every thread partitions at most 65,536 threads, refused before the first", async () => {
    const err = await refused(["copy", "UniversalCopy<uint32_t>", "--value", "float", "--thr", "(_1024,_1024)", "--val", "(_1,_1)", "--map", "--force"]);
    expect(err).toBe("cute-ts: copy --map: a view of every thread partitions each of the 1048576 threads, more than the 65536 cute-ts partitions for one answer (a CTA runs at most 1024 threads); name one with --thread T\n");
  });
});
