// Error responses: which statuses count as errors, how an operation's own entries combine with
// the API's (`api.responses`). Pure functions of the model.
import type { ApiModel, OperationModel, ResponseModel } from "./types.js";
import { compareText } from "./order.js";

/** `404`, `4XX`, `5XX`, `default`: the statuses an error response is documented under. */
export function isErrorStatus(status: string): boolean {
  return /^([45](\d\d|XX)|default)$/i.test(status);
}

/** The error responses of an operation: its own, then the API's for the statuses it does not list. Sorted by status. */
export function errorResponses(operation: OperationModel, model: Pick<ApiModel, "responses">): ResponseModel[] {
  const own = (operation.responses ?? []).filter((response) => isErrorStatus(response.status));
  const shared = (model.responses ?? []).filter((response) => !own.some((mine) => mine.status === response.status));
  return [...own, ...shared].sort((a, b) => compareText(a.status, b.status));
}
