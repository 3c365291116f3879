// The shape of one CLI command: its flags (for parsing and --help) and what it does.
import type { ResolvedConfig } from "./config.js";
import type { Io } from "./io.js";

export interface Option {
  type: "string" | "boolean";
  description: string;
  valueName?: string;
  /** May be given more than once. */
  multiple?: boolean;
  /** The command refuses to run without it (shown without brackets in the synopsis). */
  required?: boolean;
}

export interface Command {
  name: string;
  summary: string;
  options: Record<string, Option>;
  /** Positional arguments, as shown in --help (e.g. `<file>`); absent: none accepted. */
  positionals?: string;
  run(context: { config: ResolvedConfig; flags: Record<string, unknown>; io: Io }): Promise<number>;
}
