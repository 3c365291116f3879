// Warnings: problems that do not stop a run (an addition of a living source that no longer matches
// an operation), shown as `file:line:col: warning: ...` where the command line says (stderr by
// default; the CLI routes them to its own output).
import { formatDiagnostic, type Diagnostic } from "./diagnostic.js";

let sink: (text: string) => void = (text) => process.stderr.write(`${text}\n`);

/** Where warnings go from now on. */
export function setWarningSink(write: (text: string) => void): void {
  sink = write;
}

/** Shows a warning with the line it is about (`text`: the file's text). */
export function warn(diagnostic: Diagnostic, text: string): void {
  sink(formatDiagnostic({ ...diagnostic, severity: "warning" }, new Map([[diagnostic.file, text]])));
}
