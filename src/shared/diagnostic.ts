// A problem in the catalogue, located like a compiler error: file:line:col.
import { MAX_PRINTED_DIAGNOSTICS } from "../load/limits.js";
import { compareText } from "../model/order.js";

export interface Diagnostic {
  /** Path as shown to the user (relative to the working directory where possible). */
  file: string;
  /** 1-based; 0 when the problem is the file or folder itself (it is then shown as `file: error: ...`). */
  line: number;
  /** 1-based; 0 with line 0. */
  column: number;
  /** Length of the offending text on that line, for the ^^^ underline (at least 1). */
  length: number;
  message: string;
  /** How to fix it. */
  hint?: string;
}

/** Sorted by file, line, column, message: every run reports in the same order. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.message, b.message),
  );
}

export interface ReportOptions {
  /** ANSI colours for a terminal (see {@link useColour}). */
  colour?: boolean;
  /** Diagnostics printed before the rest are only counted. */
  limit?: number;
}

const PAINT = { bold: "\u001b[1m", red: "\u001b[31m", cyan: "\u001b[36m", dim: "\u001b[2m", reset: "\u001b[0m" };

/**
 * Whether to colour output written to a stream: `NO_COLOR` (any non-empty value) turns colour off,
 * `FORCE_COLOR` (any value but `0` or `false`) turns it on, otherwise only on a terminal.
 */
export function useColour(isTerminal: boolean, env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  return isTerminal && env.TERM !== "dumb";
}

/**
 * `file:line:col: error: message`, then the offending line with an underline, then the hint.
 * `sources` maps a diagnostic's file to its text, for showing the line.
 */
export function formatDiagnostic(diagnostic: Diagnostic, sources: ReadonlyMap<string, string>, options: ReportOptions = {}): string {
  const { file, line, column, length, message, hint } = diagnostic;
  const paint = (colour: keyof typeof PAINT, text: string): string => (options.colour ? `${PAINT[colour]}${text}${PAINT.reset}` : text);
  const where = line > 0 ? `${file}:${line}:${column}` : file;
  const out = [`${paint("bold", `${where}:`)} ${paint("red", "error:")} ${paint("bold", message)}`];
  const text = line > 0 ? sourceLine(sources.get(file), line) : undefined;
  if (text !== undefined) {
    const gutter = String(line).length;
    const underline = " ".repeat(column - 1) + "^".repeat(Math.max(1, Math.min(length, text.length - column + 1)));
    out.push(`${" ".repeat(gutter)} |`, `${paint("dim", `${line} |`)} ${text}`, `${" ".repeat(gutter)} | ${paint("red", underline)}`);
  }
  if (hint) out.push(`  ${paint("cyan", "hint:")} ${hint}`);
  return out.join("\n");
}

/** Line `line` (1-based) of `text`, found without splitting the whole text; long lines are cut. */
function sourceLine(text: string | undefined, line: number): string | undefined {
  if (text === undefined) return undefined;
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf("\n", start);
    if (next === -1) return undefined;
    start = next + 1;
  }
  const end = text.indexOf("\n", start);
  const whole = text.slice(start, end === -1 ? text.length : end).replace(/\r$/, "");
  return whole.length > 400 ? `${whole.slice(0, 400)}…` : whole;
}

/** Thrown when the catalogue is invalid; carries every problem found, sorted. */
export class CatalogueError extends Error {
  readonly diagnostics: Diagnostic[];
  readonly sources: ReadonlyMap<string, string>;

  /** `The catalogue has N errors.`: the last line of the report. */
  readonly summary: string;

  /** The message names the first few problems with their places, for callers that print only `message`. */
  constructor(diagnostics: Diagnostic[], sources: ReadonlyMap<string, string>) {
    const sorted = sortDiagnostics(diagnostics);
    const summary = `The catalogue has ${sorted.length} error${sorted.length === 1 ? "" : "s"}.`;
    const first = sorted.slice(0, 3).map((d) => `${d.line > 0 ? `${d.file}:${d.line}:${d.column}` : d.file}: ${d.message}`);
    const more = sorted.length > first.length ? [`... and ${sorted.length - first.length} more (error.report() lists them)`] : [];
    super([summary, ...first, ...more].join("\n"));
    this.name = "CatalogueError";
    this.summary = summary;
    this.diagnostics = sorted;
    this.sources = sources;
  }

  /**
   * The first `limit` diagnostics (default MAX_PRINTED_DIAGNOSTICS), formatted, then a count of the
   * rest and of all. A lone problem with the folder or file itself is one line (and its hint).
   */
  report(options: ReportOptions = {}): string {
    const only = this.diagnostics.length === 1 ? this.diagnostics[0] : undefined;
    if (only && only.line === 0) return formatDiagnostic(only, this.sources, options);
    const limit = Math.max(1, options.limit ?? MAX_PRINTED_DIAGNOSTICS);
    const shown = this.diagnostics.slice(0, limit).map((d) => formatDiagnostic(d, this.sources, options));
    const rest = this.diagnostics.length - shown.length;
    if (rest > 0) shown.push(`... and ${rest} more error${rest === 1 ? "" : "s"} not shown`);
    return [...shown, this.summary].join("\n\n");
  }
}
