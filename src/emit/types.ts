import type { ApiModel } from "../model/types.js";

/** One file an emitter wants written, relative to the output folder (posix separators). */
export interface GeneratedFile {
  path: string;
  /** Final text, as it is written (after the header); prettier runs over it only with `format: "prettier"`. */
  content: string;
}

/** Each target is a function from the model to files. Emitters never touch the disk. */
export type Emitter = (model: ApiModel) => GeneratedFile[] | Promise<GeneratedFile[]>;

export const TARGETS = ["client", "server", "docs", "openapi", "msw"] as const;
export type Target = (typeof TARGETS)[number];
/** What `generate` writes when the config or the options name no targets: the others are asked for by name. */
export const DEFAULT_TARGETS: readonly Target[] = ["client", "server", "docs", "openapi"];

/**
 * The catalogue asks for something this target cannot express (e.g. two generated names that
 * would clash). The catalogue is valid; the CLI prints the message, without a stack trace.
 */
export class EmitError extends Error {
  override name = "EmitError";
}
