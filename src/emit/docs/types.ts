// How the docs show a TypeNode: a one-line label, a table of fields for objects, a table of
// allowed combinations, and the named types an operation reaches.
import { annotationText, withAnnotations } from "./annotations.js";
import type { NamedType, ObjectShape, TypeNode } from "../../model/types.js";
import { typeReferences } from "../shared/ts-types.js";
import { NOT_DOCUMENTED, fixed, join, link, literal, paragraphs, row, tableHead, text, type Md } from "./markdown.js";

/** Where a named type's section lives: the page of the module that declares it. */
export interface TypeIndex {
  /** Module id of the page being written. */
  page: string;
  types: ReadonlyMap<string, NamedType>;
  /** Heading anchor of each named type on its module's page (see anchors.ts). */
  anchors: ReadonlyMap<string, string>;
}

/** A link to a named type's section, on this page or its module's. */
export function typeLink(name: string, index: TypeIndex): Md {
  const named = index.types.get(name);
  const anchor = index.anchors.get(name);
  if (!named || anchor === undefined) return text(name);
  return link(text(name), named.module === index.page ? `#${anchor}` : `${named.module}.md#${anchor}`);
}

/** A readable one-line description of a type, e.g. `array of [ItemDiscrepancyResponse](#...)`. */
export function typeLabel(node: TypeNode, index: TypeIndex): Md {
  const base = baseLabel(node, index);
  return node.nullable ? fixed(`${base}, or null`) : base;
}

function withFormat(name: string, format: string | undefined): Md {
  return format === undefined ? fixed(name) : fixed(`${name} (format ${text(format)})`);
}

function oneOf(values: readonly (string | number | boolean)[]): Md {
  return join(values.map(constText), ", ");
}

/** A JSON value as its literal: `"cat"`, `42`, `true`, `null`. */
function constText(value: string | number | boolean | null): Md {
  return typeof value === "string" || typeof value === "number" ? literal(value) : text(String(value));
}

function baseLabel(node: TypeNode, index: TypeIndex): Md {
  switch (node.kind) {
    case "string":
    case "integer": {
      const base = withFormat(node.kind, node.format);
      return node.enum ? fixed(`${base}, one of ${oneOf(node.enum)}`) : base;
    }
    case "number": {
      const base = withFormat("number", node.format);
      return node.enum ? fixed(`${base}, one of ${oneOf(node.enum)}`) : base;
    }
    case "boolean":
      return node.enum ? fixed(`boolean, one of ${oneOf([...new Set(node.enum)])}`) : fixed("boolean");
    case "const":
      return fixed(`exactly ${constText(node.value)}`);
    case "allOf": {
      const parts = node.parts.map((part, i) => (part.kind === "object" ? fixed(`object (part ${i + 1}, fields below)`) : typeLabel(part, index)));
      return fixed(`all of: ${join(parts, "; ")}`);
    }
    case "array":
      return fixed(`array of ${typeLabel(node.items, index)}`);
    case "map":
      return fixed(`map from string keys to ${typeLabel(node.values, index)}`);
    case "ref":
      return typeLink(node.name, index);
    case "union": {
      const variants = join(
        node.variants.map((variant, i) =>
          variant.kind === "object"
            ? fixed(`object (variant ${i + 1}, fields below)${variant.nullable ? ", or null" : ""}`)
            : typeLabel(variant, index),
        ),
        "; ",
      );
      const mapped = node.mapping
        ? `: ${join(node.mapping.map((entry) => fixed(`${literal(entry.value)} is ${typeLink(entry.type, index)}`)), ", ")}`
        : "";
      const told = node.discriminator === undefined ? "" : ` (told apart by field ${literal(node.discriminator)}${mapped})`;
      return fixed(`one of: ${variants}${told}`);
    }
    case "binary":
      return fixed("binary (raw bytes)");
    case "unknown":
      return fixed("any JSON value");
    case "object":
      return fixed(node.combinations ? "object (fields and allowed combinations below)" : "object (fields below)");
  }
}

export interface FieldRow {
  name: Md;
  type: Md;
  required: Md;
  description: Md;
}

/**
 * Rows for an object's fields; fields of inline objects follow as `parent.child` (`parent[].child`
 * in arrays, `parent.*.child` in maps, `parent (variant 2).child` in unions).
 */
export function fieldRows(shape: ObjectShape, index: TypeIndex, prefix = ""): FieldRow[] {
  return shape.properties.flatMap((property) => {
    const name = `${prefix}${property.name}`;
    const description = property.description ?? property.type.description;
    const own: FieldRow = {
      name: text(name),
      type: typeLabel(property.type, index),
      required: fixed(property.required ? "yes" : "no"),
      description: withAnnotations(description === undefined ? NOT_DOCUMENTED : text(description), property.type),
    };
    return [own, ...nestedRows(property.type, index, name)];
  });
}

function nestedRows(node: TypeNode, index: TypeIndex, name: string): FieldRow[] {
  const nested = inlineObject(node);
  if (nested) return fieldRows(nested.shape, index, `${name}${nested.suffix}.`);
  if (node.kind === "allOf") return node.parts.flatMap((part, i) => nestedRows(part, index, `${name} (part ${i + 1})`));
  if (node.kind !== "union") return [];
  return node.variants.flatMap((variant, i) => nestedRows(variant, index, `${name} (variant ${i + 1})`));
}

function inlineObject(node: TypeNode): { shape: ObjectShape; suffix: string } | undefined {
  if (node.kind === "object") return { shape: node, suffix: "" };
  if (node.kind === "array") {
    const inner = inlineObject(node.items);
    return inner && { shape: inner.shape, suffix: `[]${inner.suffix}` };
  }
  if (node.kind === "map") {
    const inner = inlineObject(node.values);
    return inner && { shape: inner.shape, suffix: `.*${inner.suffix}` };
  }
  return undefined;
}

/** What the page says about fields beyond the listed ones. */
function otherFields(shape: ObjectShape, index: TypeIndex): Md {
  const extra = shape.additionalProperties;
  if (extra === false) return fixed("Other fields: none.");
  if (extra === true) return fixed("Other fields: allowed; their names and types are not documented.");
  return fixed(`Other fields: allowed, each of type ${typeLabel(extra, index)}.`);
}

/** A complete description of a named type: description, label, then `structure`. */
export function typeDetails(node: TypeNode, index: TypeIndex): Md {
  const blocks: Md[] = [];
  if (node.description !== undefined) blocks.push(paragraphs(node.description));
  const annotations = annotationText(node);
  if (annotations !== undefined) blocks.push(annotations);
  blocks.push(fixed(`Type: ${typeLabel(node, index)}.`), ...structure(node, index));
  return join(blocks, "\n\n");
}

/** The tables below a label: fields and allowed combinations of the inline objects it names. */
export function structure(node: TypeNode, index: TypeIndex): Md[] {
  const nested = inlineObject(node);
  if (nested) return objectDetails(nested.shape, index);
  if (node.kind === "allOf") {
    return node.parts.flatMap((part, i) => {
      const details = structure(part, index);
      return details.length === 0 ? [] : [fixed(`Part ${i + 1}:`), ...details];
    });
  }
  if (node.kind !== "union") return [];
  return node.variants.flatMap((variant, i) => {
    const details = structure(variant, index);
    return details.length === 0 ? [] : [fixed(`Variant ${i + 1}:`), ...details];
  });
}

function objectDetails(shape: ObjectShape, index: TypeIndex): Md[] {
  const blocks: Md[] = [];
  if (shape.properties.length > 0) {
    const head = tableHead([fixed("Field"), fixed("Type"), fixed("Required"), fixed("Description")]);
    const rows = fieldRows(shape, index).map((field) => row([field.name, field.type, field.required, field.description]));
    blocks.push(join([head, ...rows], "\n"));
  } else {
    blocks.push(fixed("Listed fields: none."));
  }
  blocks.push(otherFields(shape, index));
  if (shape.combinations) blocks.push(...combinationDetails(shape.combinations));
  return blocks;
}

function combinationDetails(combinations: NonNullable<ObjectShape["combinations"]>): Md[] {
  const fields = combinations.fields.map(text);
  const intro = fixed(`Only these combinations of ${join(fields, ", ")} are allowed:`);
  const head = tableHead([fixed("Group"), ...fields, fixed("Meaning")]);
  const rows = combinations.allowed.map((combination) =>
    row([
      combination.group === undefined ? NOT_DOCUMENTED : text(combination.group),
      ...combinations.fields.map((field) => {
        const value = combination.values[field];
        return value === undefined ? NOT_DOCUMENTED : literal(value);
      }),
      combination.meaning === undefined ? NOT_DOCUMENTED : text(combination.meaning),
    ]),
  );
  return [intro, join([head, ...rows], "\n")];
}

/**
 * The named types `roots` reach, directly or through other named types: depth first, in the order
 * of `roots`, the names a type refers to taken alphabetically (as typeReferences gives them).
 */
export function reachableTypes(roots: readonly TypeNode[], types: ReadonlyMap<string, NamedType>): NamedType[] {
  const seen = new Map<string, NamedType>();
  const visit = (node: TypeNode): void => {
    for (const name of typeReferences(node)) {
      const named = types.get(name);
      if (!named || seen.has(name)) continue;
      seen.set(name, named);
      visit(named.type);
    }
  };
  roots.forEach(visit);
  return [...seen.values()];
}
