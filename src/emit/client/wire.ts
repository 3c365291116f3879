// What an operation's descriptor says of its wire format beyond the defaults: parameters written
// by a style other than their location's default (`styles`), and how a typed form or multipart
// body is written (`body`). Read by templates/client/encoding.ts.
import type { MediaType, OperationModel, Parameter } from "../../model/types.js";
import { mediaEssence } from "../../shared/media.js";
import { isDefaultStyle, parameterStyle } from "../../model/styles.js";
import { propertyKey, stringLiteral } from "../../shared/sinks.js";
import { constantValue, operationConstants, type ConstantValue } from "../../model/constants.js";

/** "form" or "multipart" for a typed body of those media types (a schema the client writes), else undefined. */
export function formKind(media: MediaType): "form" | "multipart" | undefined {
  if (media.schema === undefined) return undefined;
  const essence = mediaEssence(media.contentType);
  return essence === "application/x-www-form-urlencoded" ? "form" : essence === "multipart/form-data" ? "multipart" : undefined;
}

/** The runtime imports the descriptors of `operations` need: `styled` (styles.js), `formBody`/`multipartBody` (form-body.js). */
export function wireImports(operations: readonly OperationModel[]): { styles: string[]; body: string[] } {
  const body = new Set<string>();
  let styles = false;
  for (const operation of operations) {
    styles ||= stylesData(operation) !== undefined;
    const data = bodyData(operation);
    if (data !== undefined) body.add(data.startsWith("body: formBody") ? "formBody" : "multipartBody");
  }
  return { styles: styles ? ["styled"] : [], body: [...body].sort() };
}

/** Whether {@link stylesData} gives a field for the operation, without writing it. */
export function hasStyles(operation: OperationModel): boolean {
  const nonDefault = (parameters: readonly Parameter[] | undefined): boolean => parameters !== undefined && parameters.some((parameter) => !isDefaultStyle(parameter));
  return nonDefault(operation.pathParams) || nonDefault(operation.query) || nonDefault(operation.headers) || nonDefault(operation.cookies);
}

/** Whether {@link bodyData} gives a field for the operation, without writing it. */
export function hasBodyData(operation: OperationModel): boolean {
  return (operation.request?.content ?? []).some((media) => formKind(media) !== undefined);
}

/** `styles: styled({ "query:created": ["deepObject", true] })`, or undefined when every parameter is written by default. */
export function stylesData(operation: OperationModel): string | undefined {
  const all = [...operation.pathParams, ...(operation.query ?? []), ...(operation.headers ?? []), ...(operation.cookies ?? [])];
  const entries = all
    .filter((parameter) => !isDefaultStyle(parameter))
    .map((parameter) => {
      const { style, explode } = parameterStyle(parameter);
      return `${stringLiteral(`${parameter.in}:${parameter.name}`)}: [${stringLiteral(style)}, ${explode}]`;
    });
  return entries.length > 0 ? `styles: styled({ ${entries.join(", ")} })` : undefined;
}

/**
 * `write: withConstants(writeArgs, { query: { Action: "X" } })` for an operation with required
 * parameters the catalogue allows one value of (see model/constants.ts); undefined otherwise.
 * `writer` is the module's own (`writeArgs` or `writeQueryAndBody`).
 */
export function constantsData(operation: OperationModel, writer: string): string | undefined {
  const constants = operationConstants(operation);
  if (constants === undefined) return undefined;
  const values = (parameters: readonly Parameter[]) => `{ ${parameters.map((parameter) => `${propertyKey(parameter.name)}: ${valueLiteral(constantValue(parameter)!)}`).join(", ")} }`;
  const parts = [...(constants.query ? [`query: ${values(constants.query)}`] : []), ...(constants.headers ? [`headers: ${values(constants.headers)}`] : [])];
  return `write: withConstants(${writer}, { ${parts.join(", ")} })`;
}

function valueLiteral(value: ConstantValue): string {
  return typeof value === "string" ? stringLiteral(value) : String(value);
}

/**
 * `body: formBody({ … })` or `body: multipartBody({ … })` for an operation whose only typed body is a form or
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
  return `body: ${kind === "form" ? "formBody" : "multipartBody"}(${parts.length > 0 ? `{ ${parts.join(", ")} }` : ""})`;
}
