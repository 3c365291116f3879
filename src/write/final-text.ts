// A planned file's final bytes: its relative imports' extension (or, for a package.json, the
// module format), the generated-file header, then prettier when the options ask for it.
import { dirname, join, relative, sep } from "node:path";
import { withImportExtension, type ImportExtension } from "../emit/shared/ts-print.js";
import { withModuleFormat, type ModuleFormat } from "../emit/shared/module-format.js";
import { formatWithConsumerConfig } from "./format.js";
import { withHeader } from "./header.js";

export interface FinalTextOptions {
  catalogue: string;
  out: string;
  importExtension?: ImportExtension | undefined;
  moduleFormat?: ModuleFormat | undefined;
  format?: "prettier" | undefined;
}

export async function finalText(file: { path: string; content: () => string }, options: FinalTextOptions): Promise<string> {
  const made = file.content();
  const code = file.path.endsWith(".ts") ? withImportExtension(made, options.importExtension ?? "js") : withModuleFormat(file.path, made, options.moduleFormat ?? "esm");
  const content = withHeader(file.path, code, catalogueLabel(options));
  // One file at a time: prettier's syntax trees are large, and formatting every file at once
  // keeps them all alive together (at 10,000 operations that exhausts the heap).
  return options.format === "prettier" ? formatWithConsumerConfig(file.path, content, join(options.out, file.path)) : content;
}

/** The catalogue as the header names it: relative to the output folder's parent, posix. */
export function catalogueLabel(options: Pick<FinalTextOptions, "catalogue" | "out">): string {
  // Asked once per file with the same options: `relative` resolves both paths each time (16 ms of
  // a cold generate at 1,000 operations), so worked out once per options object (a run's).
  // Relative paths resolve against the working folder, which a run does not change.
  let label = labels.get(options);
  if (label === undefined) {
    const rel = relative(dirname(options.out), options.catalogue).split(sep).join("/");
    labels.set(options, (label = `${rel || "."}/*.yaml`));
  }
  return label;
}

/** Each run's label, by its options object (dropped with it). */
const labels = new WeakMap<object, string>();
