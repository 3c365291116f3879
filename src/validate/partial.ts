// The parts of a file that fit the schema, so the semantic checks can run on a file that has schema
// errors too (every problem in one run) without reporting what is only a consequence of them.
import type { YamlPath } from "../load/load.js";
import type { RawFile, RawType } from "../load/raw.js";

/** A type the semantic checks accept as it is: it stands for a named type whose text is broken. */
const BROKEN_TYPE: RawType = { type: "unknown" };

/**
 * `data` without the parts the schema errors at `paths` lie in: a broken operation is left out (its
 * index kept as a hole, so positions still match), a broken named type keeps its name (references to
 * it still resolve) but not its text, a broken `api` or `module` section is left out. Undefined when
 * the file is not a mapping at all.
 */
export function withoutBrokenParts(data: unknown, paths: readonly YamlPath[]): RawFile | undefined {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined;
  const source = data as Record<string, unknown>;
  const raw: Record<string, unknown> = {};
  for (const key of ["api", "module", "types", "operations"]) if (key in source) raw[key] = source[key];
  if (raw.types !== undefined) raw.types = isMapping(raw.types) ? { ...raw.types } : undefined;
  if (raw.operations !== undefined) raw.operations = Array.isArray(raw.operations) ? [...(raw.operations as unknown[])] : undefined;
  for (const [section, name] of paths) {
    if (section === "api" || section === "module") delete raw[section];
    else if (section === "types" && name !== undefined && raw.types) (raw.types as Record<string, RawType>)[String(name)] = BROKEN_TYPE;
    else if (section === "types") delete raw.types;
    else if (section === "operations" && typeof name === "number" && raw.operations) delete (raw.operations as unknown[])[name];
    else if (section === "operations") delete raw.operations;
  }
  for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
  return raw as RawFile;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
