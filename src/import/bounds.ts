// Bounds on what one OpenAPI document may make `catalogen import` read and do, so a hostile or
// mistaken document gets a positioned error (or a reported loss) instead of a hang, gigabytes or
// a stack trace. docs/import-safety.md lists them.

/** Largest file read: the document or a file its `$ref`s name (GitHub's 1,100-operation description is 13 MB). */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;
/** All files of one import together. */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024;
/** Values YAML aliases (`*name`) may expand to in one file: stops "billion laughs" documents. */
export const MAX_ALIAS_NODES = 100_000;
/** Deepest nesting of mappings and lists (objects and arrays) in one file. */
export const MAX_DOCUMENT_NESTING = 500;
/**
 * Deepest nesting of one schema written inline (properties, items, variants, allOf parts); deeper
 * parts are typed unknown and reported. The catalogue itself allows 256 levels (MAX_TYPE_NESTING);
 * one schema level can become two there (`type: [string, array]` is a union of an array).
 */
export const MAX_SCHEMA_NESTING = 100;
/**
 * Schemas an allOf composition is read through, parts of parts and references to compositions
 * included; a longer chain is not merged (the composition is typed unknown, reported).
 */
export const MAX_ALLOF_CHAIN = 64;
