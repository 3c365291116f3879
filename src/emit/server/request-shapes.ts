// What the server checks a JSON request body against: its request shape (src/model/directed.ts),
// read-only properties left out (so a closed type refuses one, as any field it does not declare)
// and a required write-only property required. The guards of src/emit/shared/validators.ts serve
// both ways elsewhere and require no write-only field; here the flag is taken off what is checked.
import { directed, requestShapeName } from "../../model/directed.js";
import type { NamedType, TypeNode } from "../../model/types.js";

/** `node` as the server checks a request body of it. */
export function requestChecked(node: TypeNode): TypeNode {
  return sentFields(directed(node, "request"));
}

/**
 * The named types with each directional one also in its request shape (`<Name>Writable`) as
 * `requestChecked` makes it, one list per model; the model's own list where no type is
 * directional (its guards are then shared with the client's, made once).
 */
export function checkedTypes(types: readonly NamedType[]): NamedType[] {
  if (!types.some((named) => named.directional === true)) return types as NamedType[];
  let both = lists.get(types);
  if (both === undefined) {
    both = types.flatMap((named) =>
      named.directional === true
        ? [{ ...named, type: directed(named.type, "response") }, { ...named, name: requestShapeName(named.name), type: requestChecked(named.type) }]
        : [named],
    );
    lists.set(types, both);
  }
  return both;
}

const lists = new WeakMap<readonly NamedType[], NamedType[]>();

/** `node` with the write-only flag taken off its properties' types, at every depth (refs are not followed). */
function sentFields(node: TypeNode): TypeNode {
  switch (node.kind) {
    case "array":
      return { ...node, items: sentFields(node.items) };
    case "map":
      return { ...node, values: sentFields(node.values) };
    case "union":
      return { ...node, variants: node.variants.map(sentFields) };
    case "allOf":
      return { ...node, parts: node.parts.map(sentFields) };
    case "object": {
      const properties = node.properties.map((property) => ({ ...property, type: sent(sentFields(property.type)) }));
      const additional = typeof node.additionalProperties === "object" ? sentFields(node.additionalProperties) : node.additionalProperties;
      return { ...node, properties, additionalProperties: additional };
    }
    default:
      return node;
  }
}

function sent(type: TypeNode): TypeNode {
  if (type.writeOnly !== true) return type;
  const { writeOnly: _sent, ...rest } = type;
  return rest as TypeNode;
}
