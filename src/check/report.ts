/**
 * What `check` found, case by case, and the reports made of it: plain text (a unified diff per
 * failure), GitHub Actions annotations, JUnit XML and TAP. Pure functions from results to text;
 * the command decides where the text goes (stdout) and when (each case as it ends; JUnit, which
 * puts its counts first, at the end).
 */
import { unifiedDiff } from "./transcript.js";

export type CaseStatus = "passed" | "failed" | "skipped";

export interface CaseResult {
  file: string;
  /** 1-based line of the case (a transcript's `$ cute-ts` line, a C++ source's print statement) */
  line: number;
  /** what ran: a transcript's command line as written, a C++ case's print statement */
  name: string;
  status: CaseStatus;
  /** a failed comparison: the expected and the actual text, trailing newlines trimmed */
  expected?: string;
  actual?: string;
  /** why a case was skipped, or why a failure has no texts to compare (a file with no cases under --ci) */
  reason?: string;
  /** seconds the case took */
  time: number;
}

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  /** with --update: the cases whose expected text was rewritten (counted in neither passed nor failed) */
  updated?: number;
}

/** `N passed, N failed` then `, N skipped` when some were, `, N updated` with --update */
export function summaryLine(s: Summary): string {
  return `${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ""}${s.updated !== undefined ? `, ${s.updated} updated` : ""}`;
}

export function summarize(results: readonly CaseResult[]): Summary {
  const s: Summary = { passed: 0, failed: 0, skipped: 0 };
  for (const r of results) s[r.status]++;
  return s;
}

export interface Reporter {
  /** before the first case, with the number of cases that will run */
  begin(total: number): string;
  /** after each case */
  result(r: CaseResult, index: number): string;
  /** after the last case: what is left to write, ending with the summary line */
  end(results: readonly CaseResult[], summary: Summary): string;
}

export type ReporterName = "text" | "junit" | "tap";
export const REPORTERS: readonly ReporterName[] = ["text", "junit", "tap"];

/** the diff a failure shows; a failure without texts shows its reason */
export function failureText(r: CaseResult): string {
  if (r.expected === undefined || r.actual === undefined) return `${r.reason ?? "failed"}\n`;
  return unifiedDiff(r.expected, r.actual, `${r.file}:${r.line}`);
}

/** one line: control characters (a newline, a carriage return, ...) written as escapes */
function oneLine(s: string): string {
  return visible(s).replace(/\n/g, "\\n").replace(/\t/g, " ");
}

/**
 * Text without the characters that XML 1.0 and YAML may not hold (C0 controls but tab and
 * newline, DEL and the C1 controls, unpaired surrogates, U+FFFE/U+FFFF): each is written as
 * `\uXXXX`. A report shows what was printed; it cannot carry such bytes as they were.
 */
export function visible(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

// ----------------------------------------------------------------------------- plain text

/**
 * Plain text: each failure's location, command and unified diff; each skip with its reason; the
 * summary. Control characters (ESC, the other C0 and C1 controls but tab and newline, DEL) in a
 * file's name or a case's texts are written as `\uXXXX`, so none reaches the terminal. With `github` (GITHUB_ACTIONS=true), each failure is an `::error` annotation on its
 * file and line (the diff in its message) and each skip a `::notice`, so the run's page shows
 * them on the source.
 */
export function textReporter(github: boolean): Reporter {
  return {
    begin: () => "",
    result(r) {
      if (r.status === "passed") return "";
      if (github) {
        const props = (title: string) => `file=${ghProperty(r.file)},line=${r.line},title=${ghProperty(title)}`;
        if (r.status === "skipped") return `::notice ${props("cute-ts check: skipped")}::${ghData(`${r.name}\nskipped: ${r.reason ?? ""}`)}\n`;
        return `::error ${props("cute-ts check: failed")}::${ghData(`${r.name}\n${failureText(r)}`)}\n`;
      }
      // what a transcript holds and a file's name reach a terminal: their control characters are written as escapes
      const file = oneLine(r.file);
      if (r.status === "skipped") return `${file}:${r.line}: ${oneLine(r.name)}: skipped: ${oneLine(r.reason ?? "")}\n`;
      return `${file}:${r.line}: ${oneLine(r.name)}\n${visible(failureText({ ...r, file }))}`;
    },
    end: (_results, s) => summaryLine(s) + "\n",
  };
}

/** a workflow command's message: %, CR and LF escaped as the runner reads them */
export function ghData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** a workflow command's property value: also ':' and ',' escaped */
export function ghProperty(s: string): string {
  return ghData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

// ----------------------------------------------------------------------------- JUnit XML

function xmlEscape(s: string, attribute: boolean): string {
  const t = visible(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  // in an attribute, a newline or tab would be read back as a space: written as references
  return attribute ? t.replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\t/g, "&#9;").replace(/\r/g, "&#13;") : t.replace(/\r/g, "&#13;");
}

const seconds = (t: number) => (Math.round(t * 1000) / 1000).toFixed(3);

/**
 * JUnit XML as Jenkins, GitLab and GitHub's test reporters read it: one `<testsuite>` per file, one
 * `<testcase>` per case (classname the file, name its line and command), a failure's unified
 * diff as the text of its `<failure>`, a skip's reason as `<skipped message>`. The summary line
 * follows the document as an XML comment, which leaves the file well-formed.
 */
export function junitReporter(): Reporter {
  return {
    begin: () => "",
    result: () => "",
    end(results, s) {
      const files: string[] = [];
      const byFile = new Map<string, CaseResult[]>();
      for (const r of results) {
        let list = byFile.get(r.file);
        if (!list) {
          byFile.set(r.file, (list = []));
          files.push(r.file);
        }
        list.push(r);
      }
      const total = results.reduce((t, r) => t + r.time, 0);
      const out = [
        `<?xml version="1.0" encoding="UTF-8"?>`,
        `<testsuites name="cute-ts check" tests="${results.length}" failures="${s.failed}" errors="0" skipped="${s.skipped}" time="${seconds(total)}">`,
      ];
      for (const f of files) {
        const list = byFile.get(f)!;
        const c = summarize(list);
        out.push(`  <testsuite name="${xmlEscape(f, true)}" tests="${list.length}" failures="${c.failed}" errors="0" skipped="${c.skipped}" time="${seconds(list.reduce((t, r) => t + r.time, 0))}">`);
        for (const r of list) {
          const head = `    <testcase name="${xmlEscape(`line ${r.line}: ${r.name}`, true)}" classname="${xmlEscape(r.file, true)}" file="${xmlEscape(r.file, true)}" line="${r.line}" time="${seconds(r.time)}"`;
          if (r.status === "passed") out.push(`${head}/>`);
          else if (r.status === "skipped") out.push(`${head}>`, `      <skipped message="${xmlEscape(r.reason ?? "", true)}"/>`, `    </testcase>`);
          else {
            const message = r.expected === undefined ? (r.reason ?? "failed") : "the output differs from the expected text";
            out.push(`${head}>`, `      <failure message="${xmlEscape(message, true)}" type="${r.expected === undefined ? "error" : "mismatch"}">${xmlEscape(failureText(r), false)}</failure>`, `    </testcase>`);
          }
        }
        out.push(`  </testsuite>`);
      }
      out.push(`</testsuites>`, `<!-- ${summaryLine(s)} -->`);
      return out.join("\n") + "\n";
    },
  };
}

// ----------------------------------------------------------------------------- TAP

/** a test point's description: one line, with `#` and `\` escaped (an unescaped # starts a directive) */
function tapDescription(s: string): string {
  return oneLine(s).replace(/\\/g, "\\\\").replace(/#/g, "\\#");
}

/** a YAML block scalar of `text`, its lines indented by `indent` spaces (the indicator fixes the indentation) */
function yamlBlock(key: string, text: string, indent: number): string[] {
  const lines = visible(text.replace(/\r/g, "\\r")).replace(/\n+$/, "").split("\n");
  return [`${" ".repeat(indent)}${key}: |2-`, ...lines.map((l) => (l === "" ? "" : `${" ".repeat(indent + 2)}${l}`))];
}

/**
 * TAP version 14: the plan, one test point per case (`# SKIP reason` for a skipped one), a YAML
 * diagnostic block under each failure (file, line, the diff or the reason), the summary line as
 * a comment.
 */
export function tapReporter(): Reporter {
  return {
    begin: (total) => `TAP version 14\n1..${total}\n`,
    result(r, index) {
      const desc = `${index + 1} - ${tapDescription(`${r.file}:${r.line}: ${r.name}`)}`;
      if (r.status === "passed") return `ok ${desc}\n`;
      if (r.status === "skipped") return `ok ${desc} # SKIP ${tapDescription(r.reason ?? "")}\n`;
      const y = ["  ---", `  file: ${JSON.stringify(visible(r.file))}`, `  line: ${r.line}`];
      if (r.expected === undefined) y.push(`  message: ${JSON.stringify(visible(r.reason ?? "failed"))}`);
      else for (const l of yamlBlock("diff", failureText(r), 2)) y.push(l); // no spread: a diff may have a million lines
      y.push("  ...");
      return `not ok ${desc}\n${y.join("\n")}\n`;
    },
    end: (_results, s) => `# ${summaryLine(s)}\n`,
  };
}

export function reporterFor(name: ReporterName, github: boolean): Reporter {
  return name === "junit" ? junitReporter() : name === "tap" ? tapReporter() : textReporter(github);
}
