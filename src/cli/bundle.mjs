// The command line's build (part of `npm run build`, after tsc): dist/cli.cjs, the whole CLI in one
// CommonJS file that bin/cute-ts loads, and dist/cli.cache, V8's compiled code for it.
//
// The bundle: esbuild over tsc's output. commander (help only) and cli-table3 (tables only) stay
// outside and load when used. chalk's terminal probe (its `#supports-color`, which loads node:tty,
// node:net and node:stream: about 3 ms) is swapped for chalk's own browser variant: cute-ts never
// uses chalk's default instance, every Chalk it makes is given the level src/cli/color.ts decided.
//
// The code cache: V8 compiles a function only when it first runs, and a cache holds only what was
// compiled when it was made; so a child process runs the bundle on the command lines of WARM_UP
// (output thrown away; no file read or written but the bundle and the cache), then writes it. More
// warm-up is not better: a bigger cache takes longer to load than the compiling it saves. The
// file starts with a header naming the bundle's size and modification time; bin/cute-ts uses the
// cache only for exactly that bundle (V8 itself checks just the source's length, its own version
// and flags). Written atomically.
import { build } from "esbuild";
import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bundle = join(root, "dist", "cli.cjs");
const cache = join(root, "dist", "cli.cache");

/** what the cache is made from: the paths most runs take (reading, the algebra, printing, verdicts) */
const WARM_UP = [
  ["eval", "(4,8):(1,4)"],
  ["verify", "tv", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "--tile", "(_16,_8)"],
];
/**
 * The TMA commands' own cache (dist/cli-tma.cache, which bin/cute-ts loads for tma and tma-coords):
 * make_tma_copy's code on top of the common paths. In the common cache it would make every other
 * command load more than it compiles (tma-coords 63.2 -> 61.0 ms, mma 61.1 -> 62.1 ms measured so).
 */
const WARM_UP_TMA = [...WARM_UP, ["tma-coords", "--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "(64,64):(64,_1)", "--smem", "(_8,_8):(_8,_1)"]];
const CACHES = { common: [cache, WARM_UP], tma: [join(root, "dist", "cli-tma.cache"), WARM_UP_TMA] };

async function makeBundle() {
  const chalkDir = dirname(createRequire(import.meta.url).resolve("chalk"));
  const quietChalk = {
    name: "chalk-without-terminal-probe",
    setup(b) {
      b.onResolve({ filter: /^#supports-color$/ }, () => ({ path: join(chalkDir, "vendor", "supports-color", "browser.js") }));
    },
  };
  await build({
    entryPoints: [join(root, "dist", "cli", "main.js")],
    bundle: true,
    platform: "node",
    format: "cjs",
    outfile: bundle,
    external: ["commander", "cli-table3"],
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: "warning",
    // src/cli/commands/web.ts finds dist/web through import.meta only when run as an ES module
    logOverride: { "empty-import-meta": "silent" },
    plugins: [quietChalk],
  });
}

/** in the child: the bundle's module function run once per warm-up line, then the cache written */
async function writeCache(which) {
  const [out, lines] = CACHES[which];
  const require = createRequire(bundle);
  const Module = require("node:module");
  const { Script } = require("node:vm");
  const script = new Script(Module.wrap(readFileSync(bundle, "utf8")), { filename: bundle });
  const moduleFunction = script.runInThisContext();
  for (const argv of lines) {
    process.argv = [process.argv[0], bundle, ...argv];
    const mod = new Module(bundle);
    moduleFunction.call(mod.exports, mod.exports, require, mod, bundle, dirname(bundle));
    // main is asynchronous: let it finish before the next line starts
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
  }
  process.exitCode = 0;
  const { size, mtimeMs } = statSync(bundle);
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.concat([Buffer.from(`cute-ts ${size} ${mtimeMs}\n`, "latin1"), script.createCachedData()]));
  renameSync(tmp, out);
}

if (process.argv[2] === "--cache") {
  await writeCache(process.argv[3] ?? "common");
} else {
  await makeBundle();
  for (const which of Object.keys(CACHES)) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--cache", which], { stdio: ["ignore", "ignore", "inherit"] });
    if (r.status !== 0) {
      process.stderr.write(`bundle: the warm-up run for the ${which} code cache failed (exit ${r.status})\n`);
      process.exit(1);
    }
  }
}
