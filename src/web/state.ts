/**
 * The page's state in its URL: the input line, the selected thread and the theme live in the
 * fragment (`#q=...&t=5&theme=dark`), so a link shares exactly what is on the screen and works
 * from a file URL as from a server (a fragment never reaches a server).
 */
export interface PageState {
  line: string;
  thread?: number;
  theme?: "light" | "dark";
}

export function encodeState(s: PageState): string {
  const p = new URLSearchParams();
  p.set("q", s.line);
  if (s.thread !== undefined) p.set("t", String(s.thread));
  if (s.theme !== undefined) p.set("theme", s.theme);
  return "#" + p.toString();
}

export function decodeState(hash: string): PageState {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const t = p.get("t");
  const theme = p.get("theme");
  return {
    line: p.get("q") ?? "",
    thread: t !== null && /^\d+$/.test(t) ? Number(t) : undefined,
    theme: theme === "light" || theme === "dark" ? theme : undefined,
  };
}
