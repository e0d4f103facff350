/**
 * `cute-ts web`: the built page (dist/web, from `npm run build`, which `npm test` runs first),
 * served on 127.0.0.1 only, its three files and nothing else; and it runs neither from batch nor
 * from a transcript.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWeb, webRoot, type WebServer } from "../src/cli/commands/web.js";
import { run } from "./helpers.js";
import { scratchDir } from "./support/scratch.js";

const ROOT = join(__dirname, "..");
const WEB = join(ROOT, "dist", "web");

/** one raw HTTP request (no URL normalisation on the way), answered as status, headers and body */
function get(port: number, path: string, opts: { method?: string; host?: string | null } = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    // host null: no Host header at all
    const headers = opts.host === null ? {} : { Host: opts.host ?? `127.0.0.1:${port}` };
    const req = request({ host: "127.0.0.1", port, path, method: opts.method ?? "GET", headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the built page", () => {
  it("is exactly index.html, app.css and app.js, and loads nothing from elsewhere", () => {
    expect(readdirSync(WEB).sort()).toEqual(["app.css", "app.js", "index.html"]);
    const html = readFileSync(join(WEB, "index.html"), "utf8");
    // the icon is empty data: the browser asks for no favicon
    expect([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])).toEqual(["data:,", "app.css", "app.js"]);
    // a classic script: a module script does not load from a file URL
    expect(html).toMatch(/<script src="app.js"><\/script>/);
    const js = readFileSync(join(WEB, "app.js"), "utf8");
    // no way to the network: the only URLs are the SVG namespace and the server's own address (the web command is bundled, never run)
    expect(js).not.toMatch(/\bfetch\(|XMLHttpRequest|WebSocket|EventSource|sendBeacon|importScripts/);
    const urls = [...new Set(js.match(/https?:\/\/[^"'`\s)]*/g))].map((u) => u.replace(/\$\{\w+\}/, "PORT")).sort();
    expect(urls).toEqual(["http://127.0.0.1:PORT/", "http://www.w3.org/2000/svg"]);
  });
  it("is found beside the CLI", () => {
    expect(webRoot().replace(/\/$/, "")).toBe(WEB);
  });
});

describe("serveWeb", () => {
  let web: WebServer;
  beforeAll(async () => {
    web = await serveWeb(WEB, 0);
  });
  afterAll(async () => {
    await web.close();
  });

  it("listens on 127.0.0.1 only", () => {
    expect(web.server.address()).toMatchObject({ address: "127.0.0.1", family: "IPv4" });
    expect(web.url).toBe(`http://127.0.0.1:${web.port}/`);
  });
  it("serves the three files as built, with a policy that forbids fetching", async () => {
    for (const [path, file, type] of [
      ["/", "index.html", "text/html"],
      ["/index.html", "index.html", "text/html"],
      ["/app.js", "app.js", "text/javascript"],
      ["/app.css", "app.css", "text/css"],
      ["/app.js?v=1", "app.js", "text/javascript"],
    ] as const) {
      const r = await get(web.port, path);
      expect(r.status, path).toBe(200);
      expect(r.headers["content-type"]).toContain(type);
      expect(r.body.equals(readFileSync(join(WEB, file)))).toBe(true);
      expect(r.headers["content-security-policy"]).toMatch(/default-src 'none'.*connect-src 'none'/);
      expect(r.headers["x-content-type-options"]).toBe("nosniff");
    }
    const head = await get(web.port, "/app.js", { method: "HEAD" });
    expect([head.status, head.body.length]).toEqual([200, 0]);
  });
  it("serves nothing else: no path leads out of dist/web", async () => {
    for (const path of ["/../package.json", "/..%2fpackage.json", "/%2e%2e/package.json", "/web/../../package.json", "//etc/passwd", "/index.html/", "/APP.JS", "/app.js%00", "/dist/web/app.js", "/.git/config", "/cli.cjs"]) {
      const r = await get(web.port, path);
      expect(r.status, path).toBe(404);
      expect(r.body.toString()).toBe("not found\n");
    }
  });
  it("answers GET and HEAD only, and only to its own host names", async () => {
    expect((await get(web.port, "/", { method: "POST" })).status).toBe(405);
    expect((await get(web.port, "/", { method: "PUT" })).status).toBe(405);
    expect((await get(web.port, "/", { host: `localhost:${web.port}` })).status).toBe(200);
    for (const host of ["evil.example", `evil.example:${web.port}`, "127.0.0.1", `127.0.0.1:${web.port + 1}`, null]) {
      // Node itself refuses an HTTP/1.1 request without a Host header (400)
      expect([400, 421], String(host)).toContain((await get(web.port, "/", { host })).status);
    }
  });
  it("says how to build the page when it is missing", async () => {
    const empty = scratchDir("web");
    await expect(serveWeb(empty, 0)).rejects.toThrow(/the page is not built .*npm run build/);
    writeFileSync(join(empty, "index.html"), "x");
    await expect(serveWeb(empty, 0)).rejects.toThrow(/no app\.js/);
  });
  it("refuses a port in use, naming the way out", async () => {
    await expect(serveWeb(WEB, web.port)).rejects.toThrow(/port \d+ on 127\.0\.0\.1 is in use; pass --port N/);
  });
});

describe("cute-ts web", () => {
  it("serves the page until stopped, saying where", async () => {
    expect(existsSync(join(ROOT, "dist", "cli.cjs"))).toBe(true);
    const child = spawn(process.execPath, [join(ROOT, "bin", "cute-ts"), "web", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString();
          if (out.includes("\n")) resolve(out);
        });
        child.once("exit", (code) => reject(new Error(`exited ${code}`)));
      });
      const m = /^cute-ts web: the page is at http:\/\/127\.0\.0\.1:(\d+)\/ \(127\.0\.0\.1 only; Ctrl-C stops\)\n$/.exec(line);
      expect(m).not.toBeNull();
      const r = await get(Number(m![1]), "/");
      expect(r.body.equals(readFileSync(join(WEB, "index.html")))).toBe(true);
    } finally {
      child.kill();
    }
  });
  it("reads its options", async () => {
    expect((await run(["web", "--port", "70000"])).stderr).toMatch(/--port expects a port number from 0 to 65535/);
    expect((await run(["web", "extra"])).stderr).toMatch(/web takes no positional arguments/);
    expect((await run(["web", "--port", "x"])).exit).toBe(2);
  });
  it("is not run from batch or a transcript", async () => {
    const dir = scratchDir("web");
    writeFileSync(join(dir, "b.jsonl"), JSON.stringify({ id: 1, cmd: ["web", "--port", "0"] }) + "\n");
    const b = await run(["batch", join(dir, "b.jsonl")]);
    expect(JSON.parse(b.stdout)).toMatchObject({ id: 1, exit: 2, stderr: expect.stringMatching(/a batch record cannot run 'web' \(it serves the page until stopped\)/) });
    writeFileSync(join(dir, "t.cute"), "$ cute-ts web --port 0\n");
    const c = await run(["check", join(dir, "t.cute")]);
    expect(c.exit).toBe(2);
    expect(c.stderr).toMatch(/a transcript cannot run 'web'/);
  });
});
