import type { ApiModel } from "../model/types.js";

/** One file an emitter wants written, relative to the output folder (posix separators). */
export interface GeneratedFile {
  path: string;
  /** Final text, as it is written (after the header); prettier runs over it only with `format: "prettier"`. */
  content: string;
}

/** Each target is a function from the model to files. Emitters never touch the disk. */
export type Emitter = (model: ApiModel) => GeneratedFile[] | Promise<GeneratedFile[]>;

/** The built-in targets (src/emit/registry.ts). */
export const TARGETS = ["client", "server", "docs", "openapi", "tanstack-query", "zod", "mcp"] as const;
/** What a run generates when its config names no targets: the targets about a library (tanstack-query, zod, mcp, ...) only when asked for. */
export const DEFAULT_TARGETS: readonly Target[] = ["client", "server", "docs", "openapi"];
export type BuiltinTarget = (typeof TARGETS)[number];
/** A target's name: a built-in one, or a plugin's (`defineTarget`). */
export type Target = BuiltinTarget | (string & {});

/**
 * The catalogue asks for something this target cannot express (e.g. two generated names that
 * would clash). The catalogue is valid; the CLI prints the message, without a stack trace.
 */
export class EmitError extends Error {
  override name = "EmitError";
}
