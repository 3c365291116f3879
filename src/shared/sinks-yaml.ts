// The YAML sink, apart from src/shared/sinks.ts so that the emitters, which never write YAML, do
// not load the yaml package (see test/write/run-loads.test.ts).
import { Document, visit } from "yaml";
import { NOT_TEXT, stringEscape } from "./sinks.js";

/** YAML text of a value: the yaml library quotes whatever would otherwise be read as syntax. */
export function yamlText(value: unknown): string {
  return yamlDocumentText(new Document(value), { lineWidth: 0 });
}

/**
 * A document's text with no character of NOT_TEXT raw: a string holding one is written
 * double-quoted, where the yaml library escapes the C0 controls and this escapes the rest (DEL,
 * NEL, bidi controls) as `\u202e`, which YAML reads back as the same character.
 */
export function yamlDocumentText(document: Document, options: Parameters<Document["toString"]>[0]): string {
  visit(document, {
    Scalar(_key, node) {
      if (typeof node.value === "string" && new RegExp(NOT_TEXT.source).test(node.value)) node.type = "QUOTE_DOUBLE";
    },
  });
  // Only double-quoted scalars can hold such a character now, and `\uXXXX` is an escape there.
  return document.toString(options).replace(NOT_TEXT, stringEscape);
}
