// msw/answers/<module id>.ts: what each operation of a module answers, as data for the shared value
// generator (templates/mock/answers.ts); msw/schemas.ts: the named types its schemas refer to, in
// their response shapes (src/model/directed.ts), so an answer never holds a write-only field.
// Only the parts of a type the generator reads are written (no descriptions), as JSON text.
import type { ModuleModel, NamedType, TypeNode } from "../../model/types.js";
import { directed } from "../../model/directed.js";
import { jsValueText, propertyKey } from "../../shared/sinks.js";
import { tsFile } from "../shared/ts-print.js";
import { answerSpec } from "../../mock/answers.js";
import { camelCase } from "../../shared/names.js";
import { successStatus } from "../server/operation-types.js";

export function moduleAnswersPath(module: ModuleModel): string {
  return `msw/answers/${module.id}.ts`;
}

export function moduleAnswersName(module: ModuleModel): string {
  return `${camelCase(module.id)}Answers`;
}

export function moduleAnswersFile(module: ModuleModel): string {
  const entries = module.operations.map((operation) => {
    const spec = answerSpec(operation, successStatus(operation));
    const data = spec.kind === "json" && spec.schema !== undefined ? { ...spec, schema: schemaData(spec.schema) } : spec;
    return `${propertyKey(operation.id)}: ${jsValueText(data)},`;
  });
  return tsFile(
    [`import type { AnswerSpec } from "../mock/answers.js";`],
    [`/** What each operation of the module answers (see ../mock/answers.ts). */
export const ${moduleAnswersName(module)}: Readonly<Record<string, AnswerSpec>> = {
${entries.join("\n")}
};`],
  );
}

export function schemasFile(types: readonly NamedType[]): string {
  const entries = types.map((named) => `${propertyKey(named.name)}: ${jsValueText(schemaData(directed(named.type, "response")))},`);
  return tsFile(
    [`import type { SchemaNode } from "./mock/schema.js";`],
    [`/** The catalogue's named types, as the value generator reads them (see ./mock/schema.ts). */
export const schemas: Readonly<Record<string, SchemaNode>> = {
${entries.join("\n")}
};`],
  );
}

/** Keys of a type the value generator reads (templates/mock/schema.ts); the rest stays behind. */
const KEPT = new Set([
  "kind", "nullable", "examples", "format", "enum", "value", "name", "discriminator", "mapping",
  "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
  "minItems", "maxItems", "uniqueItems", "minProperties",
]);

export function schemaData(node: TypeNode): unknown {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) if (KEPT.has(key) && value !== undefined) data[key] = value;
  if (node.kind === "array") data.items = schemaData(node.items);
  if (node.kind === "map") data.values = schemaData(node.values);
  if (node.kind === "union") data.variants = node.variants.map(schemaData);
  if (node.kind === "allOf") data.parts = node.parts.map(schemaData);
  if (node.kind === "object") {
    data.properties = node.properties.map((property) => ({ name: property.name, required: property.required, type: schemaData(property.type) }));
    if (node.combinations) data.combinations = { fields: node.combinations.fields, allowed: node.combinations.allowed.map((combination) => ({ values: combination.values })) };
  }
  return data;
}
