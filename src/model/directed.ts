// A type as it travels one way (OpenAPI's readOnly and writeOnly): a request leaves out read-only
// properties, a response write-only ones. Schemas derived for one direction (an MCP tool's input
// and result) are made from these, so a required read-only `id` is not demanded of a request.
import type { NamedType, TypeNode } from "./types.js";

export type Direction = "request" | "response";

/** The name of a directional type's request shape, as the TypeScript targets write it (`<Name>Writable`). */
export function requestShapeName(name: string): string {
  return `${name}Writable`;
}

/**
 * `node` as it travels in `direction`: the properties the other way only left out, at every depth;
 * in a request, a reference to a directional type names its request shape.
 */
export function directed(node: TypeNode, direction: Direction): TypeNode {
  switch (node.kind) {
    case "ref":
      return direction === "request" && node.directional === true ? { ...node, name: requestShapeName(node.name) } : node;
    case "array":
      return { ...node, items: directed(node.items, direction) };
    case "map":
      return { ...node, values: directed(node.values, direction) };
    case "union": {
      const variants = node.variants.map((variant) => directed(variant, direction));
      if (node.mapping === undefined || direction !== "request") return { ...node, variants };
      // The mapping names variants by type: a renamed variant keeps its values.
      const renamed = new Set(node.variants.flatMap((variant) => (variant.kind === "ref" && variant.directional === true ? [variant.name] : [])));
      return { ...node, variants, mapping: node.mapping.map((entry) => (renamed.has(entry.type) ? { ...entry, type: requestShapeName(entry.type) } : entry)) };
    }
    case "allOf":
      return { ...node, parts: node.parts.map((part) => directed(part, direction)) };
    case "object": {
      const away = direction === "request" ? "readOnly" : "writeOnly";
      const properties = node.properties.filter((property) => property.type[away] !== true).map((property) => ({ ...property, type: directed(property.type, direction) }));
      const additional = typeof node.additionalProperties === "object" ? directed(node.additionalProperties, direction) : node.additionalProperties;
      return { ...node, properties, additionalProperties: additional };
    }
    default:
      return node;
  }
}

/**
 * The named types as both directions see them: each directional type in its response shape under
 * its own name and in its request shape under `<Name>Writable`; the others as they are.
 */
export function directedTypes(types: Iterable<NamedType>): Map<string, NamedType> {
  const result = new Map<string, NamedType>();
  for (const named of types) {
    if (named.directional !== true) {
      result.set(named.name, named);
      continue;
    }
    result.set(named.name, { ...named, type: directed(named.type, "response") });
    const request = requestShapeName(named.name);
    result.set(request, { ...named, name: request, type: directed(named.type, "request") });
  }
  return result;
}
