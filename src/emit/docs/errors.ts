// The error responses tables: per operation (its own and the API's that apply to it), and the
// API-wide ones once on the index page. Every cell is escaped catalogue text.
import { errorResponses } from "../../model/errors.js";
import type { ApiModel, OperationModel, ResponseModel } from "../../model/types.js";
import { NOT_DOCUMENTED, fixed, join, text, type Md } from "./markdown.js";
import { typeLabel, type TypeIndex } from "./types.js";

export interface ErrorRow {
  status: Md;
  description: Md;
  body: Md;
  /** Where the row comes from: the operation, or the API (its index page). */
  source: Md;
}

export function operationErrorRows(model: ApiModel, operation: OperationModel, index: TypeIndex): ErrorRow[] | null {
  const own = new Set(operation.responses?.map((response) => response.status));
  const rows = errorResponses(operation, model).map((response) =>
    errorRow(response, index, own.has(response.status) ? fixed("this operation") : fixed("the API ([index](README.md#error-responses))")),
  );
  return rows.length === 0 ? null : rows;
}

export function apiErrorRows(model: ApiModel, index: TypeIndex): ErrorRow[] | null {
  const rows = (model.responses ?? []).map((response) => errorRow(response, index, fixed("the API")));
  return rows.length === 0 ? null : rows;
}

function errorRow(response: ResponseModel, index: TypeIndex, source: Md): ErrorRow {
  return {
    status: text(response.status),
    description: response.description === undefined ? NOT_DOCUMENTED : text(response.description),
    body:
      response.content.length === 0
        ? fixed("none")
        : join(
            response.content.map((media) => fixed(`${text(media.contentType)}: ${media.schema === undefined ? NOT_DOCUMENTED : typeLabel(media.schema, index)}`)),
            "; ",
          ),
    source,
  };
}
