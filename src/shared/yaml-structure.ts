// What the YAML parser accepts but turning a document into data would choke on, found without
// expanding anything: an alias to no anchor, an alias inside the value it names, aliases that
// expand to too many values ("billion laughs"), nesting too deep for recursive code, keys that
// are not plain scalars. Used by the catalogue loader and the OpenAPI importer, each with its own
// limits and words.
import { isAlias, isCollection, isPair, isScalar, visit, type Document, type Node } from "yaml";

export interface YamlStructureProblem {
  kind: "alias" | "circular" | "bomb" | "key" | "depth";
  /** Where: the alias, the key or the first node too deep. */
  node: Node;
}

export interface YamlStructureLimits {
  /** Values all aliases of the document may expand to together. */
  aliasNodes: number;
  /** Deepest nesting of mappings and lists. */
  nesting: number;
}

/** At most one problem of each kind, in the order found. */
export function yamlStructureProblems(document: Document, limits: YamlStructureLimits): YamlStructureProblem[] {
  const problems: YamlStructureProblem[] = [];
  const seen = new Set<string>();
  const report = (kind: YamlStructureProblem["kind"], node: Node): void => {
    if (seen.has(kind)) return;
    seen.add(kind);
    problems.push({ kind, node });
  };
  // Nodes each anchored node expands to, aliases included, counted once per anchor (document order
  // guarantees an anchor is complete before any alias to it).
  const sizes = new Map<Node, number>();
  const sizeOf = (root: Node): number => {
    let total = 0;
    const stack: unknown[] = [root];
    while (stack.length > 0) {
      const node = stack.pop();
      if (isAlias(node)) {
        const target = node.resolve(document);
        total += target ? (sizes.get(target) ?? 1) : 1;
      } else if (isCollection(node)) {
        total += 1;
        for (const item of node.items) {
          if (isPair(item)) stack.push(item.key, item.value);
          else stack.push(item);
        }
      } else if (node) total += 1;
    }
    return total;
  };
  // The depth check comes first: visit() below recurses, so it must not meet a document deeper than the limit.
  const deep = tooDeep(document.contents, limits.nesting);
  if (deep) {
    report("depth", deep);
    return problems;
  }
  let expanded = 0;
  visit(document, {
    Alias(_key, node) {
      const target = node.resolve(document);
      if (!target) return void report("alias", node);
      const [start = 0, , end = start] = target.range ?? [];
      const [position = 0] = node.range ?? [];
      if (position >= start && position < end) return void report("circular", node);
      expanded += sizes.get(target) ?? sizeOf(target);
      if (expanded > limits.aliasNodes) report("bomb", node);
    },
    Node(_key, node) {
      if (node.anchor && !sizes.has(node) && isCollection(node)) sizes.set(node, sizeOf(node));
    },
    Pair(_key, pair) {
      if (pair.key !== null && !isScalar(pair.key)) report("key", pair.key as Node);
    },
  });
  return problems;
}

/** The first node deeper than `max`, found with an explicit stack. */
function tooDeep(root: unknown, max: number): Node | undefined {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!isCollection(node)) continue;
    if (depth >= max) return node;
    for (const item of node.items) stack.push([isPair(item) ? item.value : item, depth + 1]);
  }
  return undefined;
}
