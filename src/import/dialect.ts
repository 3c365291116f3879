// catalogen's own OpenAPI export (src/emit/openapi) says a few things its own way: the catalogue's
// silences in x-not-documented, constraints and idempotence in extensions, text as escaped
// CommonMark with generated paragraphs appended. Reading them back makes the round trip
// catalogue -> OpenAPI -> catalogue give the same catalogue.
import type { RawOperation } from "../load/raw.js";
import type { Dialect } from "./operations.js";
import { DERIVED_FROM } from "../emit/openapi/operation.js";
import { isObject } from "./read.js";

export function isCatalogenExport(root: Record<string, unknown>): boolean {
  return typeof root["x-generated-by"] === "string" && root["x-generated-by"].startsWith("catalogen");
}

/** Undoes the exporter's CommonMark escaping (line breaks inside a paragraph stay flattened). */
export function plainText(markdown: string): string {
  return markdown
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\\([\\`*_{}[\]|~$#+=\-.):!])/g, "$1");
}

const GENERATED_PARAGRAPH = /^(Accepted token kinds: |Token access: |Rate limits: |Constraints: |Not documented in the source: )/;

export const catalogenDialect: Dialect = {
  text: plainText,
  operation(operation, raw) {
    const silent = Array.isArray(operation["x-not-documented"]) ? (operation["x-not-documented"] as unknown[]) : [];
    if (typeof operation.description === "string") {
      const own = operation.description.split("\n\n").filter((paragraph) => !GENERATED_PARAGRAPH.test(paragraph));
      if (silent.includes("description") || own.length === 0) delete raw.description;
      else raw.description = plainText(own.join("\n\n"));
    }
    if (silent.includes("query parameters")) delete raw.parameters;
    if (silent.includes("request body")) delete raw.request;
    if (silent.includes("responses")) delete raw.responses;
    if (Array.isArray(operation["x-constraints"])) raw.constraints = operation["x-constraints"].filter((item): item is string => typeof item === "string");
    if (operation["x-idempotent"] === true) raw.idempotent = true;
    reorder(raw);
  },
  parameterDescription: (description) => strip(description.replace(/ ?Type not documented\.$/, "")),
  responseDescription: (description) => (description === "Not documented." ? undefined : description),
  derivedResponse: (response) => typeof response[DERIVED_FROM] === "string",
};

function strip(text: string): string | undefined {
  return text.trim() === "" ? undefined : text;
}

/** Keeps the catalogue's key order (constraints and idempotent come before parameters). */
function reorder(raw: RawOperation): void {
  const { parameters, request, responses } = raw;
  delete raw.parameters;
  delete raw.request;
  delete raw.responses;
  if (parameters !== undefined) raw.parameters = parameters;
  if (request !== undefined) raw.request = request;
  if (responses !== undefined) raw.responses = responses;
}

/** The exporter lists the token kinds in its security scheme's description: `Token kinds: id (text), id (text).` */
export function describedKinds(scheme: Record<string, unknown>): Map<string, string> | undefined {
  if (!isObject(scheme) || typeof scheme.description !== "string") return undefined;
  const match = /Token kinds: (.*?)\. Each operation/.exec(scheme.description);
  if (!match) return undefined;
  const kinds = new Map<string, string>();
  for (const part of match[1]!.matchAll(/([a-z][a-z0-9_-]*) \(([^()]*)\)/g)) kinds.set(part[1]!, plainText(part[2]!));
  return kinds;
}

/** info.description: the catalogue's description is the first paragraph, unless it says there is none. */
export function apiDescription(description: unknown): string | undefined {
  if (typeof description !== "string") return undefined;
  const first = description.split("\n\n")[0]!;
  return first === "Description: not documented." ? undefined : plainText(first);
}

/** A module's tag description is `title: area`. */
export function moduleTitleArea(description: string): { title: string; area: string } | undefined {
  const text = plainText(description);
  const colon = text.indexOf(": ");
  return colon === -1 ? undefined : { title: text.slice(0, colon), area: text.slice(colon + 2) };
}
