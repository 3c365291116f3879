// One catalogue operation -> one OpenAPI Operation Object.
import type { MediaType, NamedType, OperationModel, Parameter, RateLimit, ResponseModel } from "../../model/types.js";
import { isJsonMediaType } from "../shared/media.js";
import { commonMark, toSchema, type Schema } from "./schema.js";

export const SECURITY_SCHEME = "accessToken";

/** Headers OpenAPI says to describe elsewhere (content negotiation, security); a parameter for them is ignored. */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

export function operationObject(
  operation: OperationModel,
  types: ReadonlyMap<string, NamedType>,
  authHeader: string,
): Schema {
  const result: Schema = {
    operationId: operation.id,
    tags: [operation.module],
    summary: operation.summary,
    description: description(operation),
  };
  const parameters = [
    ...operation.pathParams,
    ...(operation.query ?? []),
    ...(operation.headers ?? []).filter(
      (header) => !IGNORED_HEADERS.has(header.name.toLowerCase()) && header.name.toLowerCase() !== authHeader.toLowerCase(),
    ),
  ].map((parameter) => parameterObject(parameter, types));
  if (parameters.length > 0) result.parameters = parameters;
  if (operation.request) {
    result.requestBody = {
      ...(operation.request.description === undefined ? {} : { description: commonMark(operation.request.description) }),
      required: operation.request.required,
      content: content(operation.request.content, types),
    };
  }
  result.responses = operation.responses
    ? Object.fromEntries(operation.responses.map((response) => [response.status, responseObject(response, types)]))
    : // OpenAPI asks for at least one response; "default" claims nothing about status codes.
      { default: { description: "Not documented: the source does not show this operation's responses." } };
  // The source: "Requests carry an access token in the header named Authorization".
  result.security = [{ [SECURITY_SCHEME]: [] }];
  if (operation.tokens) result["x-token-kinds"] = [...operation.tokens];
  if (operation.limits) result["x-rate-limits"] = operation.limits.map(rateLimit);
  if (operation.constraints) result["x-constraints"] = [...operation.constraints];
  if (operation.idempotent) result["x-idempotent"] = true;
  const silent = notDocumented(operation);
  if (silent.length > 0) result["x-not-documented"] = silent;
  return result;
}

/** What the catalogue is silent about, by OpenAPI name. */
function notDocumented(operation: OperationModel): string[] {
  return [
    operation.description === undefined ? "description" : undefined,
    operation.pathParams.some((parameter) => parameter.schema === undefined) ? "path parameter types" : undefined,
    operation.query === undefined ? "query parameters" : undefined,
    operation.headers === undefined ? "header parameters" : undefined,
    operation.request === undefined ? "request body" : undefined,
    operation.responses === undefined ? "responses" : undefined,
    operation.tokens === undefined ? "token kinds" : undefined,
    operation.limits === undefined ? "rate limits" : undefined,
  ].filter((item): item is string => item !== undefined);
}

function description(operation: OperationModel): string {
  const parts: string[] = [];
  if (operation.description !== undefined) parts.push(commonMark(operation.description));
  if (operation.tokens) parts.push(`Accepted token kinds: ${operation.tokens.join(", ")}.`);
  if (operation.limits) parts.push(`Rate limits: ${operation.limits.map(limitText).join("; ")}.`);
  if (operation.constraints) parts.push(`Constraints: ${commonMark(operation.constraints.join(" "))}`);
  const silent = notDocumented(operation);
  if (silent.length > 0) parts.push(`Not documented in the source: ${silent.join(", ")}.`);
  return parts.join("\n\n");
}

function limitText(limit: RateLimit): string {
  return `${limit.limit} per ${limit.period.text} per ${limit.scope}, burst ${limit.burst}, interval ${limit.interval.text}`;
}

function rateLimit(limit: RateLimit): Schema {
  return {
    scope: limit.scope,
    period: limit.period.text,
    periodMilliseconds: limit.period.milliseconds,
    limit: limit.limit,
    interval: limit.interval.text,
    intervalMilliseconds: limit.interval.milliseconds,
    burst: limit.burst,
  };
}

function parameterObject(parameter: Parameter, types: ReadonlyMap<string, NamedType>): Schema {
  const notes = [
    parameter.description === undefined ? undefined : commonMark(parameter.description),
    parameter.schema === undefined ? "Type not documented." : undefined,
  ].filter((note): note is string => note !== undefined);
  return {
    name: parameter.name,
    in: parameter.in,
    // OpenAPI requires `required: true` on path parameters; the path template makes them so.
    required: parameter.in === "path" ? true : parameter.required,
    ...(notes.length > 0 ? { description: notes.join(" ") } : {}),
    schema: parameter.schema === undefined ? {} : toSchema(parameter.schema, types),
  };
}

function responseObject(response: ResponseModel, types: ReadonlyMap<string, NamedType>): Schema {
  return {
    description: response.description === undefined ? "Not documented." : commonMark(response.description),
    ...(response.content.length > 0 ? { content: content(response.content, types) } : {}),
  };
}

function content(media: readonly MediaType[], types: ReadonlyMap<string, NamedType>): Schema {
  return Object.fromEntries(
    media.map((item) => {
      const entry: Schema = {};
      if (item.schema) {
        // A body that is bytes itself is described by its own media type (under a JSON media type,
        // `binary` is a JSON value holding bytes).
        entry.schema =
          item.schema.kind === "binary" && !isJsonMediaType(item.contentType)
            ? { ...toSchema(item.schema, types), contentMediaType: item.contentType }
            : toSchema(item.schema, types);
      }
      if (item.example !== undefined) entry.example = item.example;
      return [item.contentType, entry];
    }),
  );
}
