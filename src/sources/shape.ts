// The shape of a living source's file, checked before the document is read: which keys it may
// hold and what `source` says. What the additions themselves hold is checked with the catalogue's own
// schema and semantic checks once merged (living.ts).
import { closest } from "../shared/suggest.js";
import type { DocumentOptions } from "./document.js";

type Report = (path: (string | number)[], message: string, hint?: string, key?: boolean) => void;

export const TOP_KEYS = ["source", "api", "defaults", "operations", "types"];
/** What `defaults` may give every operation of the document (an operation's own entry wins). */
export const DEFAULT_KEYS = ["tokens", "limits", "servers"];
export const SOURCE_KEYS = ["openapi", "moduleBy", "tokenKindsExtension", "limitsExtension"];
export const API_KEYS = ["title", "description", "principal", "auth", "limitGroups", "servers", "responses"];

/** The options `source` gives the conversion; undefined when `source` does not name a document. Every other problem goes to `error`. */
export function checkShape(data: Record<string, unknown>, error: Report): DocumentOptions | undefined {
  unknownKeys(data, TOP_KEYS, [], "a living source's file", error);
  const source = data.source;
  if (!isObject(source) || typeof source.openapi !== "string" || source.openapi.trim() === "") {
    error(["source"], "source must name the OpenAPI document: source: { openapi: <file> }", "e.g. source: { openapi: ../openapi.yaml } (relative to this folder)");
    return undefined;
  }
  unknownKeys(source, SOURCE_KEYS, ["source"], "source", error);
  const options: DocumentOptions = {};
  if (source.moduleBy !== undefined) {
    if (source.moduleBy === "tag" || source.moduleBy === "path") options.moduleBy = source.moduleBy;
    else error(["source", "moduleBy"], `moduleBy is tag or path, not ${JSON.stringify(source.moduleBy)}`);
  }
  for (const key of ["tokenKindsExtension", "limitsExtension"] as const) {
    const value = source[key];
    if (value === undefined) continue;
    if (typeof value === "string" && /^x-[A-Za-z0-9._-]+$/.test(value)) options[key] = value;
    else error(["source", key], `${key} names a vendor extension, x-...; got ${JSON.stringify(value)}`);
  }
  if (data.api === null) delete data.api; // every line commented out
  if (data.operations === null) delete data.operations;
  if (data.defaults === null) delete data.defaults;
  if (data.types === null) delete data.types;
  if (data.types !== undefined && !isObject(data.types)) error(["types"], "types must be a mapping from a type name of the document to the type that replaces it");
  if (data.defaults !== undefined && !isObject(data.defaults)) error(["defaults"], "defaults must be a mapping of what every operation gets (tokens, limits, servers)", "e.g. defaults: { tokens: [personal], limits: [{ group: reads }] }");
  else if (isObject(data.defaults)) unknownKeys(data.defaults, DEFAULT_KEYS, ["defaults"], "defaults", error);
  if (data.api !== undefined && !isObject(data.api)) error(["api"], "api must be a mapping of what to add to or change in the document's api section");
  else if (isObject(data.api)) unknownKeys(data.api, API_KEYS, ["api"], "api", error);
  if (data.operations !== undefined && !isObject(data.operations)) error(["operations"], "operations must be a mapping from an operation id (or `GET /path`) to what to add", "e.g. operations: { listPets: { tokens: [personal] } }");
  return options;
}

function unknownKeys(data: Record<string, unknown>, known: readonly string[], path: (string | number)[], what: string, error: Report): void {
  for (const key of Object.keys(data)) {
    if (known.includes(key)) continue;
    const near = closest(key, known);
    error([...path, key], `${what} has no key "${key}"`, near ? `did you mean "${near}"?` : `the keys are ${known.join(", ")}`, true);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
