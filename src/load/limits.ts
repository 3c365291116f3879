// Bounds on the work one catalogue may ask for, so a hostile or mistaken file is refused with a
// position instead of taking minutes, gigabytes or the process's stack. docs/catalogue.md lists them.

/** Largest catalogue file read, in bytes (the repository's largest is under 10 KB). */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** Largest catalogue read, all files together (the benchmark's 10,000-operation catalogue is about 10 MB). */
export const MAX_CATALOGUE_BYTES = 32 * 1024 * 1024;
/** Nodes that YAML aliases (`*name`) may expand to in one file: stops "billion laughs" documents. */
export const MAX_ALIAS_NODES = 10_000;
/** Deepest nesting of mappings and lists in a file (a type nested 1,000 deep through `items` needs 1,000). */
export const MAX_NESTING = 2_000;
/** Problems printed in one report; the rest are counted. */
export const MAX_PRINTED_DIAGNOSTICS = 100;
/**
 * Deepest nesting of one type written inline (array items, map values, properties, union variants).
 * Deeper structures name their inner parts and refer to them: TypeScript's own parser overflows
 * its stack on inline types some 500 levels deep, and references have no such limit.
 */
export const MAX_TYPE_NESTING = 256;
/**
 * Deepest a type may nest counting through its references: its own inline nesting plus that of
 * the types it refers to, down the longest chain (types in a reference cycle count together).
 * The emitters, docs and mock follow references recursively; at about 6,000 levels Node's stack
 * overflows, so the limit keeps a wide margin. Real APIs stay far below it.
 */
export const MAX_REFERENCE_DEPTH = 2_500;

/** A size as the loader's messages give it: `4.0 MiB`. */
export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
