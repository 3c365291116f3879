// The API-wide error responses (`api.responses`): each once in components/responses, referenced by
// every operation that does not document that status itself.
import type { NamedType, OperationModel, ResponseModel } from "../../model/types.js";
import type { Schema } from "./schema.js";

/** `5XX` -> `Api5XX`, `default` -> `ApiDefault`: the name in components/responses. */
export function apiResponseName(status: string): string {
  return `Api${status === "default" ? "Default" : status}`;
}

export function apiResponseComponents(
  responses: readonly ResponseModel[] | undefined,
  responseObject: (response: ResponseModel, types: ReadonlyMap<string, NamedType>) => Schema,
  types: ReadonlyMap<string, NamedType>,
): Record<string, Schema> {
  return Object.fromEntries((responses ?? []).map((response) => [apiResponseName(response.status), responseObject(response, types)]));
}

/**
 * References to the API's responses for the statuses the operation leaves to them. An operation
 * whose responses are not documented keeps its "not documented" `default`, so the API's `default`
 * is not referenced there.
 */
export function apiResponseRefs(operation: OperationModel, responses: readonly ResponseModel[] | undefined): Record<string, Schema> {
  const own = new Set(operation.responses?.map((response) => response.status) ?? ["default"]);
  return Object.fromEntries(
    (responses ?? [])
      .filter((response) => !own.has(response.status))
      .map((response) => [response.status, { $ref: `#/components/responses/${apiResponseName(response.status)}` }]),
  );
}
