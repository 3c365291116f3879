// client/errors/<module id>.ts: per operation with documented error responses (its own or the
// API's), `<Operation>Errors`: status -> body type, added to the `DocumentedErrors` registry of
// runtime/operation-errors.ts so that `isOperationError(error, "<operation>", 404)` types `body`.
//
// The body's type follows what the transport does with an error body: a JSON object is parsed, any
// other body (text, JSON that is not an object) arrives as text.
import { errorResponses } from "../../model/errors.js";
import type { ApiModel, MediaType, ModuleModel, NamedType, OperationModel, ResponseModel, TypeNode } from "../../model/types.js";
import { isJsonMediaType } from "../../shared/media.js";
import { docComment, stringLiteral } from "../../shared/sinks.js";
import { importDeclaration, tsFile } from "../shared/ts-print.js";
import { typeReferences, typeText } from "../shared/ts-types.js";
import { pascalCase } from "../../shared/names.js";
import { CLIENT_RESPONSE_TYPES } from "./signature.js";

export function errorsTypeName(operation: OperationModel): string {
  return `${pascalCase(operation.id)}Errors`;
}

/** The operations of a module that get an `<Operation>Errors` type. */
export function operationsWithErrors(module: ModuleModel, model: ApiModel): OperationModel[] {
  return module.operations.filter((operation) => errorResponses(operation, model).length > 0);
}

/** Whether a module has an operation that gets an `<Operation>Errors` type (its errors file is made). */
export function hasErrorTypes(module: ModuleModel, model: ApiModel): boolean {
  return module.operations.some((operation) => errorResponses(operation, model).length > 0);
}

export function errorTypesFile(module: ModuleModel, model: ApiModel): { path: string; content: string } | undefined {
  const operations = operationsWithErrors(module, model);
  if (operations.length === 0) return undefined;
  const used = new Set<string>();
  const statements: string[] = [];
  const registry: string[] = [];
  for (const operation of operations) {
    const members = errorResponses(operation, model).map((response) => {
      const { text, nodes } = bodyType(response, model.types);
      for (const node of nodes) for (const name of typeReferences(node, CLIENT_RESPONSE_TYPES)) used.add(name);
      const key = /^\d+$/.test(response.status) ? response.status : stringLiteral(response.status);
      const doc = response.description ? docComment([response.description]) : "";
      return `${doc}${key}: ${text};`;
    });
    const name = errorsTypeName(operation);
    statements.push(
      `${docComment([`Error responses of {@link ${operation.id}} the catalogue documents, by status: the type of \`body\` after \`isOperationError(error, ${stringLiteral(operation.id)}, status)\`.`])}export interface ${name} {\n${members.join("\n")}\n}`,
    );
    registry.push(`${operation.id}: ${name};`);
  }
  statements.push(`declare module "../runtime/operation-errors.js" {\ninterface DocumentedErrors {\n${registry.join("\n")}\n}\n}`);
  const imports = used.size > 0 ? [importDeclaration([...used].sort(), "../types.js", true)] : [];
  return { path: `client/errors/${module.id}.ts`, content: tsFile(imports, statements) };
}

/** What `body` holds for a response: per media type, the parsed JSON object or the text; undefined without content. */
function bodyType(response: ResponseModel, types: readonly NamedType[]): { text: string; nodes: TypeNode[] } {
  if (response.content.length === 0) return { text: "undefined", nodes: [] };
  const texts: string[] = [];
  const nodes: TypeNode[] = [];
  for (const media of response.content) {
    const mediaTexts = mediaBodyTypes(media, types);
    for (const text of mediaTexts) if (!texts.includes(text)) texts.push(text);
    // Only a schema the body is typed by needs its names imported (a body read as text does not).
    if (isJsonMediaType(media.contentType) && media.schema && mediaTexts.some((text) => text !== "string" && text !== "unknown")) nodes.push(media.schema);
  }
  return { text: texts.includes("unknown") ? "unknown" : texts.join(" | "), nodes };
}

function mediaBodyTypes(media: MediaType, types: readonly NamedType[]): string[] {
  if (!isJsonMediaType(media.contentType)) return ["string"];
  if (!media.schema) return ["unknown"];
  const shape = jsonShape(media.schema, types, new Set());
  if (shape === "object") return [typeText(media.schema, CLIENT_RESPONSE_TYPES)];
  if (shape === "other") return ["string"];
  return [typeText(media.schema, CLIENT_RESPONSE_TYPES), "string"];
}

/** Whether a JSON value of this type is always an object, never one, or either. */
function jsonShape(node: TypeNode, types: readonly NamedType[], seen: Set<string>): "object" | "other" | "either" {
  if (node.nullable) return "either";
  switch (node.kind) {
    case "object":
    case "map":
    case "allOf": // its parts are objects (the validator refuses anything else)
      return "object";
    case "unknown":
      return "either";
    case "ref": {
      const target = types.find((named) => named.name === node.name);
      if (!target || seen.has(node.name)) return "either";
      return jsonShape(target.type, types, new Set([...seen, node.name]));
    }
    case "union": {
      const shapes = new Set(node.variants.map((variant) => jsonShape(variant, types, seen)));
      return shapes.size === 1 ? [...shapes][0]! : "either";
    }
    default:
      return "other";
  }
}
