// One catalogue operation -> one OpenAPI Operation Object.
import { securityRequirement } from "./security.js";
import type { ApiModel, MediaType, NamedType, OperationModel, Parameter, RateLimit, ResponseModel } from "../../model/types.js";
import { isJsonMediaType } from "../../shared/media.js";
import { commonMark, toSchema, type Schema } from "./schema.js";
import { PAGINATION, paginationExtension, streamExtensions } from "./streams-pages.js";
import type { ServerPlaces } from "./servers.js";
import { apiResponseRefs } from "./responses.js";
import { examplesObject, headersObject } from "./annotations.js";
import { accessText, limitQualifier } from "../shared/limits.js";

export const SECURITY_SCHEME = "accessToken";

/** Headers OpenAPI says to describe elsewhere (content negotiation, security); a parameter for them is ignored. */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/** The operation as openapi.json has it: with its pagination and, where they go on it, its servers (`places`: operationServerPlaces). */
export function documentOperation(model: ApiModel, operation: OperationModel, types: ReadonlyMap<string, NamedType>, places: ServerPlaces): Schema {
  const object = operationObject(operation, types, model.auth.header, model.responses);
  if (operation.pagination) object[PAGINATION] = paginationExtension(operation.pagination, model.pagination);
  const place = places.get(operation);
  if (place?.on === "operation") object.servers = place.servers;
  return object;
}

export function operationObject(
  operation: OperationModel,
  types: ReadonlyMap<string, NamedType>,
  authHeader: string,
  apiResponses?: readonly ResponseModel[],
): Schema {
  const result: Schema = {
    operationId: operation.id,
    tags: [operation.module],
    summary: operation.summary,
    description: description(operation),
    ...(operation.deprecated === true && { deprecated: true }),
    ...(operation.externalDocs !== undefined && {
      externalDocs: {
        ...(operation.externalDocs.description !== undefined && { description: commonMark(operation.externalDocs.description) }),
        url: operation.externalDocs.url,
      },
    }),
  };
  const parameters = [
    ...operation.pathParams,
    ...(operation.query ?? []),
    ...(operation.headers ?? []).filter(
      (header) => !IGNORED_HEADERS.has(header.name.toLowerCase()) && header.name.toLowerCase() !== authHeader.toLowerCase(),
    ),
    ...(operation.cookies ?? []),
  ].map((parameter) => parameterObject(parameter, types));
  if (parameters.length > 0) result.parameters = parameters;
  if (operation.request) {
    result.requestBody = {
      ...(operation.request.description === undefined ? {} : { description: commonMark(operation.request.description) }),
      required: operation.request.required,
      content: content(operation.request.content, types),
    };
  } else if (operation.request === undefined && !BODYLESS_METHODS.has(operation.method)) {
    result.requestBody = UNDOCUMENTED_BODY;
  }
  result.responses = {
    ...(operation.responses
      ? Object.fromEntries(operation.responses.map((response) => [response.status, responseObject(response, types)]))
      : // OpenAPI asks for at least one response; "default" claims nothing about status codes.
        { default: { description: "Not documented: the source does not show this operation's responses." } }),
    ...apiResponseRefs(operation, apiResponses),
    ...guardResponses(operation, apiResponses),
  };
  // The source: "Requests carry an access token in the header named Authorization".
  result.security = operation.security ? securityRequirement(operation.security, operation.securityScopes) : [{ [SECURITY_SCHEME]: [] }];
  if (operation.tokens) result["x-token-kinds"] = [...operation.tokens];
  if (operation.categories) result["x-category"] = [...operation.categories];
  if (operation.readOnlyTokens !== undefined) result["x-readonly-method"] = operation.readOnlyTokens;
  if (operation.limits) result["x-rate-limits"] = operation.limits.map(rateLimit);
  if (operation.constraints) result["x-constraints"] = [...operation.constraints];
  if (operation.idempotent) result["x-idempotent"] = true;
  const silent = notDocumented(operation);
  if (silent.length > 0) result["x-not-documented"] = silent;
  return result;
}

/** fetch cannot send a body with these, so an undocumented body is left out rather than offered. */
const BODYLESS_METHODS = new Set(["GET", "HEAD"]);

/**
 * The catalogue does not say whether the operation takes a body: any content is accepted (clients
 * may send one), and nothing is claimed about its shape.
 */
const UNDOCUMENTED_BODY: Schema = {
  description: "Not documented: the source does not say whether this operation takes a body, nor its content type or shape.",
  required: false,
  content: { "*/*": { schema: {} } },
};

/** Marks a response derived from the catalogue's token kinds or limits (catalogen import leaves it out). */
export const DERIVED_FROM = "x-derived-from";

const ERROR_BODY_NOTE =
  "The source shows no error statuses or bodies: the status is the one HTTP gives this case, and the body is not documented " +
  "(a catalogen-generated server sends components/responses/GeneratedServerError).";

/** A rate-limit header, as catalogen's client reads it and its server sends it: whole seconds. */
const rateLimitHeader = (description: string): Schema => ({ description, schema: { type: "integer", minimum: 0 } });

/**
 * The answers the documented auth and limits imply, where the catalogue lists no response of that
 * status itself: 401 and 403 for an operation with token kinds, 429 for one with limits.
 */
function guardResponses(operation: OperationModel, apiResponses?: readonly ResponseModel[]): Record<string, Schema> {
  const declared = new Set([...(operation.responses ?? []), ...(apiResponses ?? [])].map((response) => response.status));
  const guards: Record<string, Schema> = {};
  const access = accessText(operation);
  // Each made only where the catalogue does not list that status itself.
  if ((operation.tokens || access) && !declared.has("401")) guards["401"] = { description: `The access token is missing or unknown. ${ERROR_BODY_NOTE}`, [DERIVED_FROM]: "token kinds" };
  if ((operation.tokens || access) && !declared.has("403")) {
    guards["403"] = {
      description: `${[
        ...(operation.tokens ? [`The token's kind is not one this operation accepts (${operation.tokens.join(", ")}).`] : []),
        ...(access ? [`The token's categories or read-only access do not allow the operation (${access}).`] : []),
      ].join(" ")} ${ERROR_BODY_NOTE}`,
      [DERIVED_FROM]: operation.tokens ? "token kinds" : "token access",
    };
  }
  if (operation.limits && !declared.has("429")) {
    guards["429"] = {
      description:
        `Over the rate limit (${operation.limits.map(limitText).join("; ")}). ${ERROR_BODY_NOTE} ` +
        "The headers are the ones catalogen's client reads and its server sends; the source does not show the marketplace's.",
      headers: {
        "X-Ratelimit-Retry": rateLimitHeader("Seconds until the next request may go."),
        "X-Ratelimit-Limit": rateLimitHeader("Requests that may go at once (the burst)."),
        "X-Ratelimit-Reset": rateLimitHeader("Seconds until the whole burst is available again."),
        "Retry-After": rateLimitHeader("Seconds until the next request may go (as X-Ratelimit-Retry)."),
      },
      [DERIVED_FROM]: "rate limits",
    };
  }
  return guards;
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
  const access = accessText(operation);
  if (access) parts.push(`Token access: ${access}.`);
  if (operation.limits) parts.push(`Rate limits: ${operation.limits.map(limitText).join("; ")}.`);
  if (operation.constraints) parts.push(`Constraints: ${commonMark(operation.constraints.join(" "))}`);
  const silent = notDocumented(operation);
  if (silent.length > 0) parts.push(`Not documented in the source: ${silent.join(", ")}.`);
  return parts.join("\n\n");
}

function limitText(limit: RateLimit): string {
  return `${limit.limit} per ${limit.period.text} per ${limit.scope}, burst ${limit.burst}, interval ${limit.interval.text}${limitQualifier(limit)}`;
}

/** One entry of `x-rate-limits` (and, with the group's id and description, of `x-rate-limits-groups`). */
export function rateLimit(limit: RateLimit): Schema {
  return {
    ...(limit.group !== undefined && { group: limit.group }),
    scope: limit.scope,
    period: limit.period.text,
    periodMilliseconds: limit.period.milliseconds,
    limit: limit.limit,
    interval: limit.interval.text,
    intervalMilliseconds: limit.interval.milliseconds,
    burst: limit.burst,
    ...(limit.tokens !== undefined && { tokens: [...limit.tokens] }),
    ...(limit.errorCost !== undefined && { errorCost: Object.fromEntries(limit.errorCost.map((entry) => [entry.status, entry.cost])) }),
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
    ...(parameter.style !== undefined && { style: parameter.style }),
    ...(parameter.explode !== undefined && { explode: parameter.explode }),
    ...(parameter.deprecated === true && { deprecated: true }),
    schema: parameter.schema === undefined ? {} : toSchema(parameter.schema, types),
    ...("example" in parameter && { example: parameter.example }),
    ...(parameter.examples !== undefined && { examples: examplesObject(parameter.examples, commonMark) }),
  };
}

export function responseObject(response: ResponseModel, types: ReadonlyMap<string, NamedType>): Schema {
  return {
    description: response.description === undefined ? "Not documented." : commonMark(response.description),
    ...(response.headers !== undefined && { headers: headersObject(response.headers, types, toSchema, commonMark) }),
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
      if (item.encoding !== undefined) entry.encoding = structuredClone(item.encoding);
      const examples = examplesObject(item.examples, commonMark);
      if (examples !== undefined) entry.examples = examples;
      Object.assign(entry, streamExtensions(item, types));
      return [item.contentType, entry];
    }),
  );
}
