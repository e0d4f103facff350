// node test/bench/rss.cjs ARGS...: the CLI (dist/cli.cjs) run on ARGS in this process, which writes
// its peak resident set size to stderr at exit as a last line {"maxRSS": KB}. Used by bench.mjs.
const { writeSync } = require("node:fs");
process.on("exit", () => writeSync(2, `\n${JSON.stringify({ maxRSS: process.resourceUsage().maxRSS })}\n`));
require("../../dist/cli.cjs");
