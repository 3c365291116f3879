// Swagger 2.0 -> OpenAPI 3.0 with swagger2openapi (the well-kept converter), then imported as 3.0.
// Places in the converted document are mapped back to the user's Swagger text for positions:
// the converter moves `definitions` under `components/schemas` and so on; a place with no
// counterpart shows the nearest enclosing one.
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
  const result = await converter.convertObj(structuredClone(swagger), { patch: true, warnOnly: true, source, resolve: false });
  return result.openapi;
}
