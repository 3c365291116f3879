// A problem in the catalogue, located like a compiler error: file:line:col.
import { compareText } from "../model/order.js";

export interface Diagnostic {
  /** Path as shown to the user (relative to the working directory where possible). */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
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

/**
 * `file:line:col: error: message`, then the offending line with an underline, then the hint.
 * `sources` maps a diagnostic's file to its text, for showing the line.
 */
export function formatDiagnostic(diagnostic: Diagnostic, sources: ReadonlyMap<string, string>): string {
  const { file, line, column, length, message, hint } = diagnostic;
  const out = [`${file}:${line}:${column}: error: ${message}`];
  const text = sources.get(file)?.split(/\r?\n/)[line - 1];
  if (text !== undefined) {
    const gutter = String(line).length;
    const underline = " ".repeat(column - 1) + "^".repeat(Math.max(1, Math.min(length, text.length - column + 1)));
    out.push(`${" ".repeat(gutter)} |`, `${line} | ${text}`, `${" ".repeat(gutter)} | ${underline}`);
  }
  if (hint) out.push(`  hint: ${hint}`);
  return out.join("\n");
}

/** Thrown when the catalogue is invalid; carries every problem found, sorted. */
export class CatalogueError extends Error {
  readonly diagnostics: Diagnostic[];
  readonly sources: ReadonlyMap<string, string>;

  constructor(diagnostics: Diagnostic[], sources: ReadonlyMap<string, string>) {
    const sorted = sortDiagnostics(diagnostics);
    super(`The catalogue has ${sorted.length} error${sorted.length === 1 ? "" : "s"}.`);
    this.name = "CatalogueError";
    this.diagnostics = sorted;
    this.sources = sources;
  }

  /** Every diagnostic, formatted, then a count. */
  report(): string {
    return [...this.diagnostics.map((d) => formatDiagnostic(d, this.sources)), this.message].join("\n\n");
  }
}
