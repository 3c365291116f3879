// The model's annotations, value constraints, named examples and response headers -> OpenAPI 3.1
// (JSON Schema 2020-12 keywords under their own names).
import { ANNOTATION_KEYS, CONSTRAINT_KEYS, type Annotations } from "../../model/annotations.js";
import type { NamedExample, NamedType, ResponseHeader, TypeNode } from "../../model/types.js";

/** A JSON Schema or OpenAPI object (as ./schema.ts's Schema). */
type Schema = { [key: string]: unknown };

/** The annotation and constraint keywords of `node`, in a fixed order. */
export function schemaAnnotations(node: Annotations): Schema {
  const result: Schema = {};
  for (const key of [...ANNOTATION_KEYS, ...CONSTRAINT_KEYS]) {
    const value = node[key];
    if (value !== undefined) result[key] = value;
  }
  return result;
}

/** `examples` of a parameter, media type or header: a map of Example Objects. */
export function examplesObject(examples: readonly NamedExample[] | undefined, commonMark: (text: string) => string): Schema | undefined {
  if (examples === undefined || examples.length === 0) return undefined;
  return Object.fromEntries(
    examples.map((example) => [
      example.name,
      {
        ...(example.summary !== undefined && { summary: example.summary }),
        ...(example.description !== undefined && { description: commonMark(example.description) }),
        value: example.value,
      },
    ]),
  );
}

/** A response's `headers`: one Header Object per documented header. */
export function headersObject(
  headers: readonly ResponseHeader[] | undefined,
  types: ReadonlyMap<string, NamedType>,
  toSchema: (node: TypeNode, types: ReadonlyMap<string, NamedType>) => Schema,
  commonMark: (text: string) => string,
): Schema | undefined {
  if (headers === undefined || headers.length === 0) return undefined;
  return Object.fromEntries(
    headers.map((header) => [
      header.name,
      {
        ...(header.description !== undefined && { description: commonMark(header.description) }),
        ...(header.required && { required: true }),
        ...(header.deprecated === true && { deprecated: true }),
        schema: header.schema === undefined ? {} : toSchema(header.schema, types),
        ...("example" in header && { example: header.example }),
        ...(header.examples !== undefined && { examples: examplesObject(header.examples, commonMark) }),
      },
    ]),
  );
}
