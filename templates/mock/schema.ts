// The parts of a catalogue type the value generator reads: a structural subset of catalogen's model
// (TypeNode), so the mock passes its model's types as they are and a generated target ships them
// as plain JSON data.

export interface SchemaBase {
  nullable?: boolean;
  /** Values the catalogue gives as examples of the type: one of them is answered as it is. */
  examples?: unknown[];
  minLength?: number;
  maxLength?: number;
  /** A regular expression (u flag, unanchored) every value of the string matches. */
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
}

export interface SchemaProperty {
  name: string;
  type: SchemaNode;
  required: boolean;
}

export interface SchemaObject {
  kind: "object";
  properties: SchemaProperty[];
  /** Only these value combinations of the named fields are allowed. */
  combinations?: { fields: string[]; allowed: { values: Record<string, string> }[] };
}

export type SchemaNode =
  | (SchemaBase & { kind: "string"; format?: string; enum?: string[] })
  | (SchemaBase & { kind: "integer"; format?: string; enum?: number[] })
  | (SchemaBase & { kind: "number"; format?: string; enum?: number[] })
  | (SchemaBase & { kind: "boolean"; enum?: boolean[] })
  | (SchemaBase & { kind: "array"; items: SchemaNode })
  | (SchemaBase & SchemaObject)
  | (SchemaBase & { kind: "map"; values: SchemaNode })
  | (SchemaBase & { kind: "ref"; name: string })
  | (SchemaBase & { kind: "union"; variants: SchemaNode[]; discriminator?: string; mapping?: { value: string; type: string }[] })
  | (SchemaBase & { kind: "allOf"; parts: SchemaNode[] })
  | (SchemaBase & { kind: "const"; value: string | number | boolean | null })
  | (SchemaBase & { kind: "binary" })
  | (SchemaBase & { kind: "unknown" });

/** Named types by name: what a `ref` points to. */
export type SchemaTypes = ReadonlyMap<string, { type: SchemaNode }>;
