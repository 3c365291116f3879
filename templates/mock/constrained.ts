// Made-up values that keep a type's value constraints (catalogen's src/model/annotations.ts): a type's own
// example where it gives one, else the made-up value brought within its bounds. A pattern is kept
// through a made-up string that matches it (pattern.ts), or else an example.
import type { SchemaNode as TypeNode } from "./schema.js";

/** One of the type's examples, when it gives any. */
export function exampleOf(node: TypeNode, random: () => number): { value: unknown } | undefined {
  if (node.examples === undefined || node.examples.length === 0) return undefined;
  return { value: structuredClone(node.examples[Math.floor(random() * node.examples.length)]) };
}

/** `value` (made up for `node`) within the node's constraints; `more` makes one more item or field value. */
export function withinConstraints(node: TypeNode, value: unknown, more: () => unknown): unknown {
  switch (node.kind) {
    case "string": {
      if (typeof value !== "string" || node.enum) return value;
      let text = value;
      if (node.minLength !== undefined && text.length < node.minLength) text = text.padEnd(node.minLength, "x");
      if (node.maxLength !== undefined && [...text].length > node.maxLength) text = [...text].slice(0, node.maxLength).join("");
      return text;
    }
    case "integer":
    case "number":
      return typeof value === "number" && !node.enum ? withinBounds(node, value) : value;
    case "array": {
      if (!Array.isArray(value)) return value;
      let items = value;
      if (node.uniqueItems === true) items = items.filter((item, i) => items.findIndex((other) => JSON.stringify(other) === JSON.stringify(item)) === i);
      if (node.maxItems !== undefined) items = items.slice(0, node.maxItems);
      while (node.minItems !== undefined && items.length < node.minItems) items.push(more());
      return items;
    }
    case "map": {
      if (value === null || typeof value !== "object") return value;
      const record = value as Record<string, unknown>;
      for (let i = 1; node.minProperties !== undefined && Object.keys(record).length < node.minProperties; i++) record[`extra${i}`] = more();
      return record;
    }
    default:
      return value;
  }
}

function withinBounds(node: Extract<TypeNode, { kind: "integer" | "number" }>, value: number): number {
  const step = node.multipleOf ?? (node.kind === "integer" ? 1 : undefined);
  const low = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + (step ?? 1) : undefined);
  const high = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - (step ?? 1) : undefined);
  let result = value;
  if (high !== undefined && result > high) result = high;
  if (low !== undefined && result < low) result = low;
  if (step !== undefined) {
    const snapped = Math.ceil(result / step) * step;
    result = Number(snapped.toFixed(10));
    if (high !== undefined && result > high) result = Number((Math.floor(high / step) * step).toFixed(10));
  }
  if (node.exclusiveMinimum !== undefined && result <= node.exclusiveMinimum) result = node.exclusiveMinimum + (step ?? 1);
  return result;
}
