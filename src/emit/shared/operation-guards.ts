// The values of one operation a validator checks besides its response: its parameters (the
// client's arguments without the body: path parameters by name, then `query`, `headers` and
// `cookies` objects) and its JSON request body. The client's guards (validate/*.ts), its Standard
// Schemas (schemas/*.ts) and the zod target all check the same nodes.
import type { NamedType, OperationModel, Parameter, Property, TypeNode } from "../../model/types.js";
import { pascalCase } from "../../shared/names.js";
import { bodyGuard } from "../server/validate-file.js";
import type { GuardRoot } from "./validators.js";

export function paramsGuardName(operation: OperationModel): string {
  return `check${pascalCase(operation.id)}Params`;
}

export function bodyGuardRootName(operation: OperationModel): string {
  return `check${pascalCase(operation.id)}Body`;
}

/**
 * The parameters as one object, as the client's arguments hold them (extra members, the body
 * among them, are let through). Undefined when the operation documents none. A path parameter
 * without a type is a string; any other untyped parameter any value.
 */
export function paramsNode(operation: OperationModel): TypeNode | undefined {
  const properties: Property[] = operation.pathParams.map((param) => ({ name: param.name, type: param.schema ?? { kind: "string" }, required: true }));
  const group = (name: string, params: Parameter[] | undefined): void => {
    if (!params || params.length === 0) return;
    const members = params.map((param) => ({ name: param.name, type: param.schema ?? { kind: "unknown" as const }, required: param.required }));
    properties.push({ name, type: { kind: "object", properties: members, additionalProperties: true }, required: params.some((param) => param.required) });
  };
  group("query", operation.query);
  group("headers", operation.headers);
  group("cookies", operation.cookies);
  if (properties.length === 0) return undefined;
  return { kind: "object", properties, additionalProperties: true };
}

/** The guard of an operation's parameters, where it has any. */
export function paramsGuard(operation: OperationModel): GuardRoot | undefined {
  const node = paramsNode(operation);
  return node && { name: paramsGuardName(operation), alternatives: [node], description: `Checks the parameters of ${operation.id} (the arguments without the body).` };
}

/** The guard of an operation's JSON request body, where every JSON content type it documents is typed. */
export function requestBodyGuard(operation: OperationModel, types: readonly NamedType[]): GuardRoot | undefined {
  const server = bodyGuard(operation, types);
  return server && { ...server, name: bodyGuardRootName(operation) };
}
