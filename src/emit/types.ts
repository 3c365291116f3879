import type { ApiModel } from "../model/types.js";

/** One file an emitter wants written, relative to the output folder (posix separators). */
export interface GeneratedFile {
  path: string;
  /** Final text, as it is written (after the header); prettier runs over it only with `format: "prettier"`. */
  content: string;
}

/** Each target is a function from the model to files. Emitters never touch the disk. */
export type Emitter = (model: ApiModel) => GeneratedFile[] | Promise<GeneratedFile[]>;

export const TARGETS = ["client", "server", "docs", "openapi", "mcp"] as const;
export type Target = (typeof TARGETS)[number];
/** What generate writes when no targets are named: targets about a library (mcp ...) are asked for by name. */
export const DEFAULT_TARGETS: readonly Target[] = ["client", "server", "docs", "openapi"];
/** Targets whose output imports another's: asking for one brings the other. */
export const REQUIRES: Partial<Record<Target, readonly Target[]>> = { mcp: ["client"] };

/**
 * The catalogue asks for something this target cannot express (e.g. two generated names that
 * would clash). The catalogue is valid; the CLI prints the message, without a stack trace.
 */
export class EmitError extends Error {
  override name = "EmitError";
}
