// Read-only and write-only properties make a type's request shape differ from its response shape.
// This marks the named types that have such a property anywhere inside (following references), and
// every reference to one, so emitters can write a request variant without looking types up.
import type { ApiModel, NamedType, TypeNode } from "./types.js";
import { withOperations } from "./lazy-operations.js";
import { childNodes } from "./type-lookup.js";

function walk(node: TypeNode, visit: (node: TypeNode) => void): void {
  visit(node);
  for (const child of childNodes(node)) walk(child, visit);
}

/** Whether a property of `node` (not through references) is read-only or write-only. */
function ownDirection(node: TypeNode): boolean {
  let found = false;
  walk(node, (current) => {
    if (current.kind === "object" && current.properties.some((property) => property.type.readOnly === true || property.type.writeOnly === true)) found = true;
  });
  return found;
}

/** Marks `directional` on the named types whose shapes differ by direction, and on every reference to one. */
export function markDirectional(model: ApiModel): void {
  const byName = new Map<string, NamedType>(model.types.map((named) => [named.name, named]));
  const marked = new Set(model.types.filter((named) => ownDirection(named.type)).map((named) => named.name));
  if (marked.size === 0) return;
  // A type referring to a marked type is marked too: from each marked type to the types that refer
  // to it, each type's references found in one walk.
  const referrers = new Map<string, string[]>();
  for (const named of model.types) {
    if (marked.has(named.name)) continue;
    walk(named.type, (node) => {
      if (node.kind !== "ref") return;
      const list = referrers.get(node.name);
      if (list === undefined) referrers.set(node.name, [named.name]);
      else if (list.at(-1) !== named.name) list.push(named.name);
    });
  }
  const pending = [...marked];
  while (pending.length > 0) {
    for (const referrer of referrers.get(pending.pop()!) ?? []) {
      if (marked.has(referrer)) continue;
      marked.add(referrer);
      pending.push(referrer);
    }
  }
  const mark = (node: TypeNode | undefined): void => {
    if (node === undefined) return;
    walk(node, (current) => {
      if (current.kind === "ref" && marked.has(current.name)) current.directional = true;
    });
  };
  for (const name of marked) byName.get(name)!.directional = true;
  for (const named of model.types) mark(named.type);
  for (const module of model.modules) {
    // A kept module's operations: when they are first read (lazy-operations.ts).
    withOperations(module, (operations) => {
      for (const operation of operations) {
        for (const parameter of [...operation.pathParams, ...(operation.query ?? []), ...(operation.headers ?? [])]) mark(parameter.schema);
        for (const media of operation.request?.content ?? []) mark(media.schema);
        for (const response of operation.responses ?? []) {
          for (const media of response.content) mark(media.schema);
          for (const header of response.headers ?? []) mark(header.schema);
        }
      }
    });
  }
  for (const response of model.responses ?? []) for (const media of response.content) mark(media.schema);
}
