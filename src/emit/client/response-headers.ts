// Typed access to the headers a successful response documents: per operation whose 2XX responses
// list headers, a `<Operation>ResponseHeaders` type (names in lower case, as fetch gives them;
// values as sent, strings) and a `<Operation>CallOptions` whose `onHeaders` receives it.
import type { OperationModel, ResponseHeader } from "../../model/types.js";
import { pascalCase } from "../../shared/names.js";
import { annotationLines, annotationTags } from "../shared/annotation-docs.js";
import { docBlock, propertyKey } from "../shared/ts-types.js";

export function responseHeadersTypeName(operation: OperationModel): string {
  return `${pascalCase(operation.id)}ResponseHeaders`;
}

export function callOptionsTypeName(operation: OperationModel): string {
  return `${pascalCase(operation.id)}CallOptions`;
}

/** The headers every successful response documents, by lower-case name (required only where each 2XX response requires it). */
function successHeaders(operation: OperationModel): ResponseHeader[] {
  const successes = (operation.responses ?? []).filter((response) => response.status.startsWith("2"));
  const byName = new Map<string, ResponseHeader>();
  for (const response of successes) {
    for (const header of response.headers ?? []) {
      const name = header.name.toLowerCase();
      if (!byName.has(name)) byName.set(name, { ...header, name });
    }
  }
  for (const [name, header] of byName) {
    const everywhere = successes.every((response) => response.headers?.some((other) => other.name.toLowerCase() === name && other.required));
    if (header.required && !everywhere) byName.set(name, { ...header, required: false });
  }
  return [...byName.values()];
}

/** The declarations for an operation with documented success headers; undefined when it has none. */
export function responseHeadersDeclarations(operation: OperationModel): string[] | undefined {
  const headers = successHeaders(operation);
  if (headers.length === 0) return undefined;
  const members = headers.map((header) => {
    const kind = header.schema && header.schema.kind !== "string" ? [`Sent as text; the catalogue types it ${header.schema.kind}.`] : [];
    const doc = docBlock([header.description, ...kind, ...(header.schema ? annotationLines(header.schema) : [])], annotationTags(header));
    return `${doc}${propertyKey(header.name)}${header.required ? "" : "?"}: string;`;
  });
  const name = responseHeadersTypeName(operation);
  return [
    `${docBlock([`The response headers of {@link ${operation.id}} the catalogue documents, by lower-case name.`])}export type ${name} = {\n${members.join("\n")}\n};`,
    `${docBlock([`Options of one {@link ${operation.id}} call: \`onHeaders\` receives the documented response headers (and any others).`])}export type ${callOptionsTypeName(operation)} = Omit<CallOptions, "onHeaders"> & {\nonHeaders?: ((headers: ${name} & Record<string, string>, status: number) => void) | undefined;\n};`,
  ];
}
