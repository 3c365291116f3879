// What a type's annotations and constraints say, as doc comment lines (src/model/annotations.ts).
// Lines are plain text: docBlock makes them inert. `@deprecated` is a tag, added apart.
import { constraintTexts, type Annotations } from "../../model/annotations.js";
import { docTag, type DocTag } from "../../shared/sinks.js";

/** Longest rendering of a default or example value in a doc comment. */
const VALUE_LENGTH = 120;

function valueText(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > VALUE_LENGTH ? `${text.slice(0, VALUE_LENGTH - 3)}...` : text;
}

/** Title, read-only / write-only, default, constraints and the first example, one line each. */
export function annotationLines(node: Annotations): string[] {
  const lines: string[] = [];
  if (node.title !== undefined) lines.push(node.title);
  if (node.readOnly === true) lines.push("Read-only: sent by the server, left out of requests.");
  if (node.writeOnly === true) lines.push("Write-only: sent by the client, left out of responses.");
  if (node.default !== undefined) lines.push(`Default: \`${valueText(node.default)}\``);
  const constraints = constraintTexts(node);
  if (constraints.length > 0) lines.push(`Constraints: ${constraints.join(", ")}`);
  if (node.examples !== undefined && node.examples.length > 0) lines.push(`Example: \`${valueText(node.examples[0])}\``);
  return lines;
}

/** The tags of a doc comment for `node` (only `@deprecated` so far). */
export function annotationTags(node: { deprecated?: boolean | undefined }): DocTag[] {
  return node.deprecated === true ? [docTag("deprecated")] : [];
}
