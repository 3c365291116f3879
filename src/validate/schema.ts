// Checks each file against the JSON Schema that editors use too: one source of truth. The build
// compiles the schema once into dist/validate/catalogue-validator.cjs (ajv's standalone code, see
// scripts/build-validator.mjs), so a run does not load ajv's compiler nor compile the schema; where
// that file is absent (running from src/, in tests) the schema is compiled here, with the same options.
import { createRequire } from "node:module";
import type { ErrorObject, Options, ValidateFunction } from "ajv";
import schema from "../schema/catalogue.schema.json" with { type: "json" };
import { prebuilt } from "../shared/prebuilt.js";
import { locatePath, type CatalogueFile, type YamlPath } from "../load/load.js";
import type { Diagnostic } from "../shared/diagnostic.js";
import { closest } from "../shared/suggest.js";

export const AJV_OPTIONS: Options = { allErrors: true, strict: false, verbose: true };
export { schema as catalogueSchema };

const require = createRequire(import.meta.url);
// A process-wide memo of a constant (the compiled catalogue schema); no run's data.
let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  compiled ??= prebuilt<ValidateFunction>("./catalogue-validator.cjs", import.meta.url) ?? compileNow();
  return compiled;
}

function compileNow(): ValidateFunction {
  const { Ajv } = require("ajv") as typeof import("ajv");
  return new Ajv(AJV_OPTIONS).compile(schema);
}

export function checkSchema(file: CatalogueFile): Diagnostic[] {
  return schemaProblems(file).diagnostics;
}

/** The file's schema problems, and the paths into its data where each was found. */
export function schemaProblems(file: CatalogueFile): { diagnostics: Diagnostic[]; paths: YamlPath[] } {
  const errors = relevantErrors(schemaErrors(file.data), file.data);
  return { diagnostics: errors.map((error) => toDiagnostic(file, error)), paths: errors.map(pathOf) };
}

/** Operations (or named types) validated per call: ajv's time grows faster than its error count. */
const CHUNK = 200;

/**
 * The validator's errors for `data`. A long list of operations is validated in slices, each as a
 * file of its own with the same module, and the slices' error paths moved back to their place.
 */
function schemaErrors(data: unknown): ErrorObject[] {
  const validate = validator();
  const record = data as { operations?: unknown; module?: unknown } | null;
  const operations = record?.operations;
  if (!Array.isArray(operations) || operations.length <= CHUNK) return validate(data) ? [] : [...(validate.errors ?? [])];
  const errors: ErrorObject[] = validate({ ...record, operations: [] }) ? [] : [...(validate.errors ?? [])];
  for (let offset = 0; offset < operations.length; offset += CHUNK) {
    if (validate({ module: record?.module, operations: operations.slice(offset, offset + CHUNK) })) continue;
    for (const error of validate.errors ?? []) {
      const match = /^\/operations\/(\d+)(.*)$/.exec(error.instancePath);
      if (match) errors.push({ ...error, instancePath: `/operations/${offset + Number(match[1])}${match[2]}` });
    }
  }
  return errors;
}

function pathOf(error: ErrorObject): YamlPath {
  return error.instancePath
    .split("/")
    .slice(1)
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

function valueAt(data: unknown, path: YamlPath): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string | number, unknown> | undefined)?.[key], data);
}

/** Where ajv places the errors of a type's `type` (paths inside a `$ref` start at its target). */
const TYPE_ANY_OF = "#/properties/type/anyOf";

/**
 * The schema's two `anyOf`s (request: none | object; additionalProperties: boolean | type) put
 * the scalar branch first. Report the branch the user evidently meant, not both.
 */
function relevantErrors(errors: ErrorObject[], data: unknown): ErrorObject[] {
  return errors.filter((error) => {
    // `type: <kind>` or `type: [<kind>, "null"]`: the kind's enum names a wrong kind, in either form.
    if (error.schemaPath.startsWith(TYPE_ANY_OF)) return !["anyOf", "const"].includes(error.keyword) && error.schemaPath !== `${TYPE_ANY_OF}/1/type`;
    if (error.schemaPath === "#/definitions/kind/enum" && Array.isArray(error.data)) return false;
    if (error.schemaPath.includes("/anyOf/0/")) return false;
    // A key refused by `propertyNames` is reported once, as the key (see keyHint).
    if (error.schemaPath.includes("/propertyNames/")) return false;
    // A limit entry is a group reference when it has `group`: the branch's own errors say the rest.
    if (error.keyword === "if") return false;
    const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);
    if (error.keyword === "anyOf") return !isObject(valueAt(data, pathOf(error)));
    if (/\/anyOf\/1\/[^/]+$/.test(error.schemaPath)) return isObject(valueAt(data, pathOf(error)));
    return true;
  });
}

function describe(path: YamlPath): string {
  const named = [...path].reverse().find((segment) => typeof segment === "string");
  return named === undefined ? "the file" : `"${named}"`;
}

function toDiagnostic(file: CatalogueFile, error: ErrorObject): Diagnostic {
  const path = pathOf(error);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "additionalProperties": {
      const field = String(params.additionalProperty);
      const allowed = Object.keys((error.parentSchema as { properties?: object }).properties ?? {});
      const guess = closest(field, allowed);
      return {
        ...locatePath(file, [...path, field], { key: true }),
        message: `unknown field "${field}" in ${describe(path)}`,
        hint: guess ? `did you mean "${guess}"? Allowed: ${allowed.join(", ")}` : `allowed fields: ${allowed.join(", ")}`,
      };
    }
    case "required":
      return {
        ...locatePath(file, path),
        message: `missing field "${String(params.missingProperty)}" in ${describe(path)}`,
        hint: `add "${String(params.missingProperty)}:"`,
      };
    case "dependencies":
      return {
        ...locatePath(file, [String(params.property)], { key: true }),
        message: `"${String(params.property)}" needs a "${String(params.missingProperty)}" section in the same file`,
        hint: "types and operations belong to a module file, which starts with module: { id, title, area }",
      };
    case "enum": {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const guess = closest(String(error.data), allowed);
      return {
        ...locatePath(file, path),
        message: `${JSON.stringify(error.data)} is not allowed for ${describe(path)}`,
        hint: `${guess ? `did you mean "${guess}"? ` : ""}use one of: ${allowed.join(", ")}`,
      };
    }
    case "type":
      return {
        ...locatePath(file, path),
        message: `${describe(path)} must be ${typeList(String(params.type))}, not ${kindOf(error.data)}`,
      };
    case "anyOf":
      return {
        ...locatePath(file, path),
        message:
          path.at(-1) === "request"
            ? `"request" must be none or an object with "content"`
            : `${describe(path)} must be true, false or a type`,
      };
    case "pattern":
      return {
        ...locatePath(file, path),
        message: `${JSON.stringify(error.data)} is not a valid ${describe(path)}`,
        hint: `it must match ${String(params.pattern)}`,
      };
    case "propertyNames": {
      const hint = keyHint(path);
      return {
        ...locatePath(file, [...path, String(params.propertyName)], { key: true }),
        message: `"${String(params.propertyName)}" is not a valid key in ${describe(path)}`,
        ...(hint !== undefined && { hint }),
      };
    }
    default:
      return { ...locatePath(file, path), message: `${describe(path)} ${error.message ?? "is invalid"}` };
  }
}

/** What a key must look like, by the map that refused it. */
function keyHint(path: YamlPath): string | undefined {
  if (path.at(-1) === "content") return "a media type is type/subtype with optional ; name=value parameters, e.g. application/json or text/plain; charset=utf-8";
  if (path.at(-1) !== "responses") return undefined;
  return path[0] === "api" ? "api.responses holds error responses: a code (404), a range (4XX, 5XX) or default" : "a status is a code (200), a range (2XX) or default";
}

/** `a string`, or for several JSON types (`string,number`) `a string, number, boolean or null`. */
function typeList(types: string): string {
  const names = types.split(",");
  return names.length === 1 ? articled(types) : `${articled(names.slice(0, -1).join(", "))} or ${names.at(-1)}`;
}

function articled(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  return `${typeof value} ${JSON.stringify(value)}`;
}
