// The page's build (part of `npm run build`, after tsc): dist/web/ becomes exactly the static
// page, index.html + app.css + app.js, loadable from a file URL or any static host.
// app.js is the page script bundled by esbuild from tsc's output (dist/web/page.js) as one
// classic script: a module script would not load from a file URL. Node's built-in modules are
// reachable only through the commands the page never runs (batch, check, web); they are bundled
// as stubs that fail if ever called. tsc's modules of the page are removed afterwards.
// The bundle is one function, `__cuteApp`, called at once: the page makes its engine's Web Worker
// from that function's own source text (src/web/engine.ts), so nothing is fetched for it.
import { build } from "esbuild";
import { builtinModules } from "node:module";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = join(root, "dist", "web");
const builtin = new Set(builtinModules);

const nodeStub = {
  name: "node-builtins-stub",
  setup(b) {
    b.onResolve({ filter: /^[a-z_:/]+$/ }, (a) => (builtin.has(a.path.replace(/^node:/, "")) ? { path: a.path, namespace: "node-stub" } : undefined));
    b.onLoad({ filter: /.*/, namespace: "node-stub" }, (a) => ({
      loader: "js",
      contents: `module.exports = new Proxy({}, { get(_t, k) { if (k === "__esModule" || typeof k === "symbol") return undefined; throw new Error(${JSON.stringify(a.path)} + " is not available in the page"); } });`,
    }));
  },
};

const result = await build({
  entryPoints: [join(out, "main.js")],
  bundle: true,
  platform: "browser",
  format: "iife",
  target: "es2022",
  write: false,
  outfile: join(out, "app.js"),
  minify: true,
  legalComments: "none",
  banner: { js: "var __cuteApp = function () {" },
  footer: { js: "};\n__cuteApp();" },
  logLevel: "warning",
  // src/cli/commands/web.ts finds dist/web through import.meta only when run as an ES module
  logOverride: { "empty-import-meta": "silent" },
  plugins: [nodeStub],
});

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "app.js"), result.outputFiles[0].contents);
for (const f of ["index.html", "app.css"]) copyFileSync(join(root, "src", "web", f), join(out, f));
