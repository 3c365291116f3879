// A required query or header parameter that the catalogue allows a single value of (an enum of one
// value or a const, as AWS's documents write `Action`, `Version` and `X-Amz-Target`): the client
// sends that value by itself, and the call may leave the parameter out.
import type { OperationModel, Parameter } from "./types.js";

export type ConstantValue = string | number | boolean;

/** The one value the parameter allows, when it is required, in the query or a header, and not nullable. */
export function constantValue(parameter: Parameter): ConstantValue | undefined {
  const schema = parameter.schema;
  if (!parameter.required || (parameter.in !== "query" && parameter.in !== "header") || schema === undefined || schema.nullable === true) return undefined;
  if (schema.kind === "const") return schema.value === null ? undefined : schema.value;
  if ((schema.kind === "string" || schema.kind === "integer" || schema.kind === "number" || schema.kind === "boolean") && schema.enum?.length === 1) return schema.enum[0];
  return undefined;
}

/** The operation's constant parameters, by location; undefined when it has none. */
export function operationConstants(operation: OperationModel): { query?: Parameter[]; headers?: Parameter[] } | undefined {
  const query = (operation.query ?? []).filter((parameter) => constantValue(parameter) !== undefined);
  const headers = (operation.headers ?? []).filter((parameter) => constantValue(parameter) !== undefined);
  if (query.length === 0 && headers.length === 0) return undefined;
  return { ...(query.length > 0 && { query }), ...(headers.length > 0 && { headers }) };
}
