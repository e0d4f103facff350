/**
 * `cute-ts web [--port N] [--open]`: serve the page `npm run build` writes to dist/web on
 * 127.0.0.1, and nowhere else. The server knows the page's three files by name, read once at
 * start: no request reaches the file system, so no path leads out of dist/web. It answers GET
 * and HEAD, only to a Host header naming the loopback address it listens on (a page elsewhere
 * cannot reach it through a name that resolves to 127.0.0.1).
 */
import { UsageError, quote } from "../../core/errors.js";
import type { CommandSpec } from "../spec.js";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { builtin } from "../builtin.js";

/** the page's files: URL path -> file name in dist/web, and its content type */
const FILES: Record<string, [string, string]> = {
  "/": ["index.html", "text/html; charset=utf-8"],
  "/index.html": ["index.html", "text/html; charset=utf-8"],
  "/app.js": ["app.js", "text/javascript; charset=utf-8"],
  "/app.css": ["app.css", "text/css; charset=utf-8"],
};

const HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  // the page fetches nothing: its own script and style, blobs for the downloads
  "Content-Security-Policy": "default-src 'none'; script-src 'self'; worker-src blob:; style-src 'self'; img-src 'self' data: blob:; connect-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

export const DEFAULT_PORT = 7022;

/** dist/web beside the running CLI: dist/cli.cjs (the bundle bin/cute-ts loads) or dist/cli/commands/web.js */
export function webRoot(): string {
  if (typeof __filename === "string" && __filename.endsWith(".cjs")) return __filename.replace(/[^/\\]*$/, "web");
  return decodeURIComponent(new URL("../../../dist/web", import.meta.url).pathname);
}

export interface WebServer {
  server: Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** serve the page in `root` on 127.0.0.1:port (0: a free port) */
export async function serveWeb(root: string, port: number): Promise<WebServer> {
  const { readFileSync } = builtin<typeof import("node:fs")>("node:fs");
  const { createServer } = builtin<typeof import("node:http")>("node:http");
  const body = new Map<string, Buffer>();
  for (const [name] of Object.values(FILES)) {
    if (body.has(name)) continue;
    try {
      body.set(name, readFileSync(`${root}/${name}`));
    } catch {
      throw new UsageError(`the page is not built (no ${name} in ${root}): run npm run build`);
    }
  }
  let hosts = new Set<string>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = (code: number, text: string, type = "text/plain; charset=utf-8", extra: Record<string, string> = {}) => {
      res.writeHead(code, { ...HEADERS, "Content-Type": type, "Content-Length": Buffer.byteLength(text), ...extra });
      res.end(req.method === "HEAD" ? undefined : text);
    };
    if (!hosts.has((req.headers.host ?? "").toLowerCase())) return send(421, "cute-ts web answers only to 127.0.0.1 and localhost\n");
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "GET or HEAD only\n", undefined, { Allow: "GET, HEAD" });
    const path = (req.url ?? "/").split("?")[0]!;
    const file = Object.prototype.hasOwnProperty.call(FILES, path) ? FILES[path] : undefined;
    if (!file) return send(404, "not found\n");
    const data = body.get(file[0])!;
    res.writeHead(200, { ...HEADERS, "Content-Type": file[1], "Content-Length": data.length });
    res.end(req.method === "HEAD" ? undefined : data);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EADDRINUSE") reject(new UsageError(`port ${port} on 127.0.0.1 is in use; pass --port N (--port 0 picks a free one)`));
      else if (e.code === "EACCES") reject(new UsageError(`no permission to listen on port ${port}; pass --port N above 1023`));
      else reject(e);
    });
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const bound = (server.address() as { port: number }).port;
  hosts = new Set([`127.0.0.1:${bound}`, `localhost:${bound}`]);
  return {
    server,
    url: `http://127.0.0.1:${bound}/`,
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** start the system's browser on a URL; false when none could be started */
async function openBrowser(url: string): Promise<boolean> {
  const { spawn } = builtin<typeof import("node:child_process")>("node:child_process");
  const [cmd, args] = process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", '""', url]] : ["xdg-open", [url]];
  return new Promise((resolve) => {
    const child = spawn(cmd, args as string[], { stdio: "ignore", detached: true });
    child.once("error", () => resolve(false));
    child.once("spawn", () => {
      child.unref();
      resolve(true);
    });
  });
}

function portArg(v: string | boolean | undefined): number {
  if (v === undefined) return DEFAULT_PORT;
  if (typeof v !== "string" || !/^\d{1,5}$/.test(v) || Number(v) > 65535) throw new UsageError(`--port expects a port number from 0 to 65535 (0: any free port), got ${quote(String(v))}`);
  return Number(v);
}

export const command: CommandSpec = {
  name: "web",
  summary: "Serve the page (the same engine in a browser) on 127.0.0.1; dist/web also opens from a file URL",
  args: [],
  options: [
    { name: "port", value: "N", description: `the port on 127.0.0.1 (default ${DEFAULT_PORT}; 0 picks a free one)` },
    { name: "open", description: "open the page in the system's browser" },
  ],
  examples: ["web", "web --port 8080 --open"],
  notNested: "it serves the page until stopped",
  async run(args, opts, io) {
    if (args.length > 0) throw new UsageError(`web takes no positional arguments (got ${quote(args[0]!)})`);
    const port = portArg(opts.port);
    const web = await serveWeb(webRoot(), port);
    io.out(`cute-ts web: the page is at ${web.url} (127.0.0.1 only; Ctrl-C stops)\n`);
    if (opts.open && !(await openBrowser(web.url))) io.err(`cute-ts web: could not start a browser; open ${web.url}\n`);
    await new Promise<void>((resolve) => web.server.once("close", () => resolve()));
    return 0;
  },
};
