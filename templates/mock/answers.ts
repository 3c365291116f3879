// What a mock answers for one operation, from a spec its generator worked out of the catalogue:
// the catalogue's example where it has one, else a value made up from the documented type (the same
// seed and operation give the same value), else `{}`. `catalogen mock` and the msw target share it.
import type { SchemaNode, SchemaTypes } from "./schema.js";
import { operationSeed, sampleValue, seededRandom } from "./values.js";

/** The documented success response an operation answers with, as data. */
export type AnswerSpec =
  /** No success response documented: `{}`, the least a client can parse. */
  | { kind: "none" }
  /** A documented success status without a body (e.g. 204). */
  | { kind: "empty"; status: number }
  /** A body that is not JSON: a few bytes of that content type. */
  | { kind: "bytes"; contentType: string }
  /**
   * JSON: `example` when the catalogue gives one (even `null`), else a value made up from `schema`,
   * else `{}`. `contentType` only when it is not plain application/json.
   */
  | { kind: "json"; example?: unknown; schema?: SchemaNode; contentType?: string };

export type Answer =
  | { kind: "json"; value: unknown; contentType?: string }
  | { kind: "empty"; status: number }
  | { kind: "bytes"; contentType: string; bytes: Uint8Array };

export function answerOf(spec: AnswerSpec, operationId: string, types: SchemaTypes, seed: number): Answer {
  switch (spec.kind) {
    case "none":
      return { kind: "json", value: {} };
    case "empty":
      return { kind: "empty", status: spec.status };
    case "bytes":
      return { kind: "bytes", contentType: spec.contentType, bytes: new TextEncoder().encode(`mock ${operationId}`) };
    case "json": {
      const value =
        "example" in spec
          ? spec.example
          : spec.schema === undefined
            ? {}
            : sampleValue(spec.schema, types, seededRandom(operationSeed(seed, operationId)));
      return { kind: "json", value, ...(spec.contentType !== undefined && { contentType: spec.contentType }) };
    }
  }
}

/**
 * What a server handler returns for an answer: a copy of a plain JSON value (the router sends it
 * with `status`), or a Response. A copy per call, so a caller that changes a value does not change
 * the next answer.
 */
export function answerResult(answer: Answer, status: number): unknown {
  switch (answer.kind) {
    case "json":
      if (answer.contentType === undefined) return structuredClone(answer.value);
      return new Response(JSON.stringify(answer.value), { status, headers: { "content-type": answer.contentType } });
    case "empty":
      return new Response(null, { status: answer.status });
    case "bytes":
      return new Response(answer.bytes.slice(), { status, headers: { "content-type": answer.contentType } });
  }
}
