// Inline object shapes a module's named types repeat (GitHub's webhook payloads inline the same
// user, repository and pull request objects dozens of times): each is checked by one local
// function in the module's guard file (`shape1`, `shape2`, …), called wherever the shape occurs,
// instead of its checks written out again at every occurrence.
//
// A module's shapes depend on its own named types only (not on its operations' roots, which
// differ between the client and the server, nor on other modules), so a named type's guard text
// is the same in both targets and a module's file changes only with the module.
import type { NamedType, TypeNode } from "../../model/types.js";
import { childNodes } from "../../model/type-lookup.js";

/** Objects with fewer fields are cheaper written out than called. */
const MIN_FIELDS = 2;

export class ModuleShapes {
  /** Function name by the shape's structure (its JSON). */
  private readonly names = new Map<string, string>();
  /** The shape by function name: the first occurrence. */
  private readonly nodes = new Map<string, TypeNode>();
  private readonly keys = new WeakMap<TypeNode, string>();

  constructor(types: readonly NamedType[]) {
    const seen = new Map<string, number>();
    const first = new Map<string, TypeNode>();
    const order: string[] = [];
    const visit = (node: TypeNode, top: boolean): void => {
      if (!top && node.kind === "object" && node.properties.length >= MIN_FIELDS) {
        const key = this.keyOf(node);
        const count = seen.get(key) ?? 0;
        if (count === 0) {
          order.push(key);
          first.set(key, node);
        }
        seen.set(key, count + 1);
      }
      for (const child of childNodes(node)) visit(child, false);
    };
    for (const named of types) visit(named.type, true);
    // Numbered by first occurrence: the same types give the same names.
    for (const key of order) {
      if (seen.get(key)! < 2) continue;
      const name = `shape${this.names.size + 1}`;
      this.names.set(key, name);
      this.nodes.set(name, first.get(key)!);
    }
  }

  /** The shape the function `name` checks. */
  nodeOf(name: string): TypeNode {
    return this.nodes.get(name)!;
  }

  /** The function checking `node`, or undefined when it is written out where it occurs. */
  nameOf(node: TypeNode): string | undefined {
    if (this.names.size === 0 || node.kind !== "object" || node.properties.length < MIN_FIELDS) return undefined;
    return this.names.get(this.keyOf(node));
  }

  private keyOf(node: TypeNode): string {
    let key = this.keys.get(node);
    if (key === undefined) this.keys.set(node, (key = JSON.stringify(node)));
    return key;
  }
}
