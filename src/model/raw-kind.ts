// The two spellings of a nullable type: `type: string, nullable: true` and the OpenAPI 3.1 spelling
// `type: [string, "null"]`. Everything after the schema check reads a type's kind and nullability
// through these two functions, so both spellings make the same model.
import type { RawKind, RawType } from "../load/raw.js";

/** The kind of a raw type: `type` itself, or the member of `[kind, "null"]` that is not "null". */
export function rawKind(raw: RawType): RawKind | undefined {
  const type = raw.type;
  if (Array.isArray(type)) return type.find((member) => member !== "null") as RawKind | undefined;
  return type;
}

/** Whether null is allowed: `nullable: true`, or "null" in a list `type`. */
export function rawNullable(raw: RawType): boolean {
  return raw.nullable === true || (Array.isArray(raw.type) && raw.type.includes("null"));
}
