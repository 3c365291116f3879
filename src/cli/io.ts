// What every command shares: where it prints, how it names paths, and its usage error. A leaf
// module: commands, main and the command helpers all import it.
import { relative } from "node:path";
import type { Conversions } from "../sources/document.js";

export class UsageError extends Error {
  override name = "UsageError";
}

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
  /**
   * Replaces the terminal's status line with `text` ("" clears it): only where output goes to a
   * terminal. Absent: no status line (a pipe, a CI log, --quiet).
   */
  status?: (text: string) => void;
  /** Told when a generate made or kept the targets' files: the CLI's code cache then keeps the emitters' code (src/cli/load-bundle.ts). */
  madeTargets?: () => void;
  /** Told after a generate with the files its catalogue's source read beyond the catalogue (RunReport.sourceInputs): what --watch also watches. */
  sourceInputs?: (catalogue: string, files: string[]) => void;
  /** Kept across the generates of one --watch: the living sources' documents converted (src/sources/document.ts). */
  conversions?: Conversions;
}

export function shown(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel === "" ? "." : rel.startsWith("..") ? path : rel;
}
