// What a guard checks a value against, by the way it travels (src/model/directed.ts): a request
// body in its request shape (read-only properties left out, so a closed type refuses one as any
// field it does not declare; a required write-only property required), a response in its response
// shape (write-only properties left out, a required read-only one required). The guards of
// ./validators.ts require neither kind of field, so the flag of the kind kept is taken off what is
// checked. The client's guards and the server's request check are both made from these shapes.
import { directed, requestShapeName, type Direction } from "../../model/directed.js";
import type { NamedType, TypeNode } from "../../model/types.js";
import type { GuardRoot } from "./validators.js";

/** `node` as a guard checks it travelling in `direction`. */
export function checkedShape(node: TypeNode, direction: Direction): TypeNode {
  return flagOff(directed(node, direction), direction === "request" ? "writeOnly" : "readOnly");
}

/** `guard` with each alternative in its shape travelling in `direction`. */
export function checkedRoot(guard: GuardRoot, direction: Direction): GuardRoot {
  return { ...guard, alternatives: guard.alternatives.map((node) => checkedShape(node, direction)) };
}

/**
 * The named types as guards check them: each directional one in its response shape under its own
 * name and, unless `requests` is false, in its request shape under `<Name>Writable`; one list per
 * model and choice (the guards of a list are made once, shared by the client and the server). The
 * model's own list where no type is directional: one guard per type, both ways.
 */
export function checkedTypes(types: readonly NamedType[], requests = true): NamedType[] {
  if (!types.some((named) => named.directional === true)) return types as NamedType[];
  const cache = requests ? bothWays : responsesOnly;
  let list = cache.get(types);
  if (list === undefined) {
    list = types.flatMap((named) => {
      if (named.directional !== true) return [named];
      const response = { ...named, type: checkedShape(named.type, "response") };
      return requests ? [response, { ...named, name: requestShapeName(named.name), type: checkedShape(named.type, "request") }] : [response];
    });
    cache.set(types, list);
  }
  return list;
}

const bothWays = new WeakMap<readonly NamedType[], NamedType[]>();
const responsesOnly = new WeakMap<readonly NamedType[], NamedType[]>();

/** `node` with `flag` taken off its properties' types, at every depth (refs are not followed). */
function flagOff(node: TypeNode, flag: "readOnly" | "writeOnly"): TypeNode {
  switch (node.kind) {
    case "array":
      return { ...node, items: flagOff(node.items, flag) };
    case "map":
      return { ...node, values: flagOff(node.values, flag) };
    case "union":
      return { ...node, variants: node.variants.map((variant) => flagOff(variant, flag)) };
    case "allOf":
      return { ...node, parts: node.parts.map((part) => flagOff(part, flag)) };
    case "object": {
      const properties = node.properties.map((property) => ({ ...property, type: without(flagOff(property.type, flag), flag) }));
      const additional = typeof node.additionalProperties === "object" ? flagOff(node.additionalProperties, flag) : node.additionalProperties;
      return { ...node, properties, additionalProperties: additional };
    }
    default:
      return node;
  }
}

function without(type: TypeNode, flag: "readOnly" | "writeOnly"): TypeNode {
  if (type[flag] !== true) return type;
  const { [flag]: _taken, ...rest } = type;
  return rest as TypeNode;
}
