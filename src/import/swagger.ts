// Swagger 2.0 -> OpenAPI 3.0 with swagger2openapi (the well-kept converter), then imported as 3.0.
// Places in the converted document are mapped back to the user's Swagger text for positions:
// the converter moves `definitions` under `components/schemas` and so on; a place with no
// counterpart shows the nearest enclosing one. `x-nullable` is read wherever 2.0 allows it (the
// converter reads it on schemas only).
import { createRequire } from "node:module";
import { loadOptional } from "../shared/optional-package.js";

export interface Converter {
  convertObj(swagger: unknown, options: Record<string, unknown>): Promise<{ openapi: unknown; patches?: number }>;
}

const require = createRequire(import.meta.url);

/** Where a place of the converted document was in the Swagger 2.0 one. */
export function swaggerPlace(path: readonly string[]): string[] {
  const [first, second, ...rest] = path;
  if (first === "components" && second !== undefined) {
    const moved: Record<string, string> = { schemas: "definitions", securitySchemes: "securityDefinitions", parameters: "parameters", responses: "responses" };
    const to = moved[second];
    // A requestBody of components was a body parameter: its name is the same.
    if (to !== undefined) return [to, ...rest];
    if (second === "requestBodies") return ["parameters", ...rest];
    return [];
  }
  if (first === "paths" && second !== undefined) {
    const [method, key] = rest;
    // requestBody and response content were the operation's body parameter and the response's schema.
    if (key === "requestBody") return ["paths", second, method!, "parameters"];
    if (key === "responses" && rest[3] === "content") return ["paths", second, method!, "responses", rest[2]!, ...rest.slice(5)];
    return path.slice();
  }
  if (first === "servers") return ["host"];
  return path.slice();
}

/** swagger2openapi, an optional peer dependency loaded for a Swagger 2.0 document only. */
export function loadConverter(): Promise<Converter> {
  return loadOptional("swagger2openapi", "importing a Swagger 2.0 document", () => require("swagger2openapi") as Converter);
}

/** The OpenAPI 3.0 document `converter` makes of a Swagger 2.0 one; throws with the converter's reason. */
export async function convertSwagger(converter: Converter, swagger: unknown, source: string): Promise<unknown> {
  // patch: fix what the converter can (as its CLI's --patch); no resolving: $refs are read by the importer.
  const result = await converter.convertObj(nullableRefs(structuredClone(swagger)), { patch: true, warnOnly: true, source, resolve: false });
  return nullableSchemas(result.openapi);
}

/**
 * `x-nullable` beside a `$ref`, which the converter drops with the ref's other siblings: the ref is
 * made a one-part allOf, a schema that can carry it (the importer reads it back as the ref, nullable).
 */
function nullableRefs(value: unknown): unknown {
  if (Array.isArray(value)) value.forEach((item, i) => (value[i] = nullableRefs(item)));
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) object[key] = nullableRefs(object[key]);
  if (typeof object.$ref !== "string" || object["x-nullable"] !== true) return object;
  const { $ref, ...rest } = object;
  return { ...rest, allOf: [{ $ref }] };
}

/**
 * `x-nullable` that the converter leaves on a parameter or header whose type it moved into a
 * `schema`: said by that schema's `nullable`, as OpenAPI 3.0 says it.
 */
function nullableSchemas(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  for (const item of Object.values(value)) nullableSchemas(item);
  const object = value as Record<string, unknown>;
  const schema = object.schema;
  if (typeof object["x-nullable"] === "boolean" && schema !== null && typeof schema === "object" && !Array.isArray(schema)) {
    if (object["x-nullable"]) (schema as Record<string, unknown>).nullable = true;
    delete object["x-nullable"];
  }
  return value;
}
