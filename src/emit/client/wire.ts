// What an operation's descriptor says of its wire format beyond the defaults: parameters written
// by a style other than their location's default (`styles`), and how a typed form or multipart
// body is written (`body`). Read by templates/client/encoding.ts.
import type { MediaType, OperationModel } from "../../model/types.js";
import { mediaEssence } from "../../shared/media.js";
import { isDefaultStyle, parameterStyle } from "../../model/styles.js";
import { stringLiteral } from "../../shared/sinks.js";

/** "form" or "multipart" for a typed body of those media types (a schema the client writes), else undefined. */
export function formKind(media: MediaType): "form" | "multipart" | undefined {
  if (media.schema === undefined) return undefined;
  const essence = mediaEssence(media.contentType);
  return essence === "application/x-www-form-urlencoded" ? "form" : essence === "multipart/form-data" ? "multipart" : undefined;
}

/** `styles: { "query:created": ["deepObject", true] }`, or undefined when every parameter is written by default. */
export function stylesData(operation: OperationModel): string | undefined {
  const all = [...operation.pathParams, ...(operation.query ?? []), ...(operation.headers ?? []), ...(operation.cookies ?? [])];
  const entries = all
    .filter((parameter) => !isDefaultStyle(parameter))
    .map((parameter) => {
      const { style, explode } = parameterStyle(parameter);
      return `${stringLiteral(`${parameter.in}:${parameter.name}`)}: [${stringLiteral(style)}, ${explode}]`;
    });
  return entries.length > 0 ? `styles: { ${entries.join(", ")} }` : undefined;
}

/**
 * `body: { type: "form", parts: { … } }` for an operation whose only typed body is a form or
 * multipart one; undefined otherwise (JSON and raw bodies need no description).
 */
export function bodyData(operation: OperationModel): string | undefined {
  const typed = (operation.request?.content ?? []).filter((media) => formKind(media) !== undefined);
  const media = typed[0];
  if (media === undefined) return undefined;
  const kind = formKind(media)!;
  const parts = Object.entries(media.encoding ?? {}).flatMap(([name, encoding]) => {
    if (kind === "multipart") return encoding.contentType === undefined ? [] : [`${stringLiteral(name)}: ${stringLiteral(encoding.contentType)}`];
    if (encoding.style === undefined && encoding.explode === undefined) return [];
    const style = encoding.style ?? "form";
    return [`${stringLiteral(name)}: [${stringLiteral(style)}, ${encoding.explode ?? style === "form"}]`];
  });
  return `body: { type: ${stringLiteral(kind)}${parts.length > 0 ? `, parts: { ${parts.join(", ")} }` : ""} }`;
}
