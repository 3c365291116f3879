// An External Documentation Object (`{ url, description }`), on the document or on an operation:
// kept with its text read as the document's other texts are; without a URL it is reported as lost.
import type { RawOperation } from "../load/raw.js";
import { at, isObject, type DocumentSet, type Place } from "./read.js";
import type { ImportReport } from "./report.js";
import { shortValue } from "./schemas.js";

export type RawExternalDocs = NonNullable<RawOperation["externalDocs"]>;

export function readExternalDocs(docs: DocumentSet, report: ImportReport, place: Place, text: (value: unknown) => string | undefined): RawExternalDocs | undefined {
  const value = docs.get(place);
  if (value === undefined) return undefined;
  if (!isObject(value) || typeof value.url !== "string" || value.url === "") {
    report.lost(docs.pointer(place), `externalDocs: ${shortValue(value)} (no url)`);
    return undefined;
  }
  for (const key of Object.keys(value)) if (key !== "url" && key !== "description") report.lost(docs.pointer(at(place, key)), `${key} of externalDocs (not held by the catalogue)`);
  const description = text(value.description);
  return { url: value.url, ...(description !== undefined && { description }) };
}
