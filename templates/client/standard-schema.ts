// Standard Schema v1 (https://standardschema.dev) over the generated guards: `standardSchema(check)`
// gives an object any Standard Schema consumer accepts (TanStack Form, tRPC, Hono's validator ...),
// with no runtime dependency. Only client/schemas/*.ts import this file, so a bundle that calls the
// guards alone (or no guard at all) does not carry it.
import type { Problem } from "../shared/guard.js";

/** The Standard Schema v1 interface, as the spec asks libraries to copy it (types only). */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": StandardSchemaV1.Props<Input, Output>;
}

// A type-only namespace: erased, as the spec's own file writes it.
export declare namespace StandardSchemaV1 {
  export interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  export type Result<Output> = SuccessResult<Output> | FailureResult;
  export interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  export interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  export interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  export interface PathSegment {
    readonly key: PropertyKey;
  }
  export interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["input"];
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["output"];
}

/** A generated guard: the first value that does not fit, or undefined. */
export type Guard = (value: unknown, path?: string) => Problem | undefined;

/**
 * A Standard Schema over `check`: `validate` is synchronous and gives `{ value }` (the value itself,
 * untouched) or `{ issues }` with the one problem the guard found, its `path` as keys.
 */
export function standardSchema<T>(check: Guard): StandardSchemaV1<T> {
  return {
    "~standard": {
      version: 1,
      vendor: "catalogen",
      validate(value: unknown): StandardSchemaV1.Result<T> {
        const found = check(value);
        if (found === undefined) return { value: value as T };
        return { issues: [{ message: problemMessage(found), path: pathKeys(found.path) }] };
      },
    },
  };
}

/** `expected an integer at $.items[2].count, got "3"`. */
export function problemMessage(found: Problem): string {
  return `expected ${found.expected} at ${found.path}, got ${shown(found.value)}`;
}

function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (Array.isArray(value)) return "an array";
  if (value instanceof Uint8Array) return "bytes";
  if (typeof value === "object" && value !== null) return "an object";
  return String(value);
}

const STEP = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;

/**
 * The keys of a guard's path: `$[1].label` is `[1, "label"]`, `$["odd key"]` is `["odd key"]`.
 * A guard writes `.name` for an identifier, `[index]` for an item and `["key"]` (JSON) otherwise.
 */
export function pathKeys(path: string): PropertyKey[] {
  const keys: PropertyKey[] = [];
  STEP.lastIndex = path.startsWith("$") ? 1 : 0;
  while (STEP.lastIndex < path.length) {
    const start = STEP.lastIndex;
    const step = STEP.exec(path);
    if (!step) {
      // Not a guard's path: the rest as one key, never lost.
      keys.push(path.slice(start));
      break;
    }
    if (step[1] !== undefined) keys.push(step[1]);
    else if (step[2] !== undefined) keys.push(Number(step[2]));
    else keys.push(JSON.parse(step[3] ?? '""') as string);
  }
  return keys;
}
