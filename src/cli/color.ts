/**
 * Whether, and how deep, to colour: the conventions of chalk's supports-color and no-color.org.
 * --no-color and --color decide first (a flag on the command line beats the environment);
 * then NO_COLOR with a non-empty value turns colour off; FORCE_COLOR=0|false turns it off and
 * FORCE_COLOR=1|2|3 (empty or true: 1) turns it on at that depth, terminal or not; otherwise a
 * terminal gets colour unless TERM=dumb, at the depth COLORTERM and TERM announce.
 */
export type ColorLevel = 0 | 1 | 2 | 3;

export function colorLevel(flags: { color: boolean; noColor: boolean }, env: Record<string, string | undefined>, isTTY: () => boolean): ColorLevel {
  if (flags.noColor) return 0;
  const forced = forceLevel(env.FORCE_COLOR);
  if (flags.color) return forced !== undefined && forced > 0 ? forced : Math.max(1, terminalLevel(env)) as ColorLevel;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return 0;
  if (forced !== undefined) return forced;
  if (!isTTY()) return 0;
  return terminalLevel(env);
}

/** FORCE_COLOR as supports-color reads it: undefined when unset or unrecognised */
function forceLevel(v: string | undefined): ColorLevel | undefined {
  if (v === undefined) return undefined;
  if (v === "" || v === "true") return 1;
  if (v === "false") return 0;
  if (/^[0-3]$/.test(v)) return Number(v) as ColorLevel;
  return /^\d+$/.test(v) ? 3 : undefined;
}

/** the depth a terminal announces */
function terminalLevel(env: Record<string, string | undefined>): ColorLevel {
  const term = env.TERM ?? "";
  if (term === "dumb") return 0;
  if (env.COLORTERM === "truecolor" || env.COLORTERM === "24bit") return 3;
  if (/-256(color)?$/i.test(term)) return 2;
  return 1;
}
