/**
 * The page's script (bundled as dist/web/app.js): in the page it is the page (page.ts); the same
 * script run as the page's Web Worker (engine.ts makes it from this script's own source) is the
 * engine that runs the lines.
 */
if (typeof document === "undefined") {
  void import("./engine.js").then((m) => m.serveWorker(globalThis as unknown as Parameters<typeof m.serveWorker>[0]));
} else {
  void import("./page.js");
}
export {};
