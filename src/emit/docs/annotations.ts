// What a type's annotations say, for the docs pages (src/model/annotations.ts): one inline piece
// of Markdown, catalogue values escaped like every other text.
import { constraintTexts, type Annotations } from "../../model/annotations.js";
import { fixed, join, text, type Md } from "./markdown.js";

const VALUE_LENGTH = 80;

function value(item: unknown): Md {
  const json = JSON.stringify(item) ?? String(item);
  return text(json.length > VALUE_LENGTH ? `${json.slice(0, VALUE_LENGTH - 3)}...` : json);
}

/** e.g. `**Deprecated.** Read-only. Default: 1. Constraints: minimum: 1.`; undefined when the node says none of it. */
export function annotationText(node: Annotations, deprecated = node.deprecated === true): Md | undefined {
  const parts: Md[] = [];
  if (deprecated) parts.push(fixed("**Deprecated.**"));
  if (node.title !== undefined) parts.push(join([text(node.title), fixed(".")], ""));
  if (node.readOnly === true) parts.push(fixed("Read-only (left out of requests)."));
  if (node.writeOnly === true) parts.push(fixed("Write-only (left out of responses)."));
  if (node.default !== undefined) parts.push(join([fixed("Default: `"), value(node.default), fixed("`.")], ""));
  const constraints = constraintTexts(node);
  if (constraints.length > 0) parts.push(join([fixed("Constraints: "), text(constraints.join(", ")), fixed(".")], ""));
  if (node.examples !== undefined && node.examples.length > 0) parts.push(join([fixed("Example: `"), value(node.examples[0]), fixed("`.")], ""));
  return parts.length === 0 ? undefined : join(parts, " ");
}

/** A description cell with the annotations after it. */
export function withAnnotations(description: Md, node: Annotations | undefined, deprecated?: boolean): Md {
  const extra = node === undefined ? (deprecated ? fixed("**Deprecated.**") : undefined) : annotationText(node, deprecated ?? node.deprecated === true);
  return extra === undefined ? description : join([description, extra], " ");
}
