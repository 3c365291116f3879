// What the mock answers for each operation, decided once from the model: the catalogue's example
// where it has one, else a value made up from the documented type, else `{}`.
import type { ApiModel, MediaType, NamedType, OperationModel, ResponseModel } from "../model/types.js";
import { isJsonMediaType, mediaEssence } from "../shared/media.js";
import { headerValue } from "../shared/sinks.js";
import { operationSeed, sampleValue, seededRandom } from "./values.js";

/** One operation's answer, for the status the generated router sends a returned value with. */
export type Answer =
  /** `contentType` only when it is not plain application/json (the router's default for a returned value). */
  | { kind: "json"; value: unknown; contentType?: string }
  | { kind: "empty"; status: number }
  | { kind: "bytes"; contentType: string; bytes: Uint8Array };

/**
 * The documented response to answer with: the one of the status the router sends a returned value
 * with (the first 2XX with a body, else 200), else the first documented 2XX (e.g. a 204 without body).
 */
function successResponse(operation: OperationModel, status: number): ResponseModel | undefined {
  return (
    operation.responses?.find((response) => response.status === String(status)) ??
    operation.responses?.find((response) => /^2\d\d$/.test(response.status))
  );
}

export function answerFor(operation: OperationModel, status: number, types: ReadonlyMap<string, NamedType>, seed: number): Answer {
  const response = successResponse(operation, status);
  // Not documented: an empty JSON object, the least a client can parse.
  if (response === undefined) return { kind: "json", value: {} };
  if (response.content.length === 0) return { kind: "empty", status: Number(response.status) };
  const media: MediaType = response.content.find((candidate) => isJsonMediaType(candidate.contentType)) ?? response.content[0]!;
  if (!isJsonMediaType(media.contentType)) {
    return { kind: "bytes", contentType: media.contentType, bytes: new TextEncoder().encode(`mock ${operation.id}`) };
  }
  const value =
    "example" in media
      ? media.example
      : media.schema === undefined
        ? {}
        : sampleValue(media.schema, types, seededRandom(operationSeed(seed, operation.id)));
  const plain = mediaEssence(media.contentType) === "application/json";
  return { kind: "json", value, ...(!plain && { contentType: media.contentType }) };
}

type MockHandler = (context: { operation: { status: number } }) => unknown;

/**
 * Handlers for every operation, shaped as the generated server's `Handlers` (module property ->
 * operation id -> handler). Each answer is worked out on the first call and copied per call, so a
 * caller that changes a value does not change the next answer.
 */
export function mockHandlers(model: ApiModel, seed: number): Record<string, Record<string, MockHandler>> {
  const types = new Map(model.types.map((named) => [named.name, named]));
  return Object.fromEntries(
    model.modules.map((module) => [
      module.name,
      Object.fromEntries(
        module.operations.map((operation) => {
          let answer: Answer | undefined;
          const handler: MockHandler = ({ operation: route }) => {
            answer ??= answerFor(operation, route.status, types, seed);
            return toResult(answer, route.status);
          };
          return [operation.id, handler];
        }),
      ),
    ]),
  );
}

function toResult(answer: Answer, status: number): unknown {
  switch (answer.kind) {
    case "json":
      if (answer.contentType === undefined) return structuredClone(answer.value);
      return new Response(JSON.stringify(answer.value), { status, headers: { "content-type": headerValue(answer.contentType) } });
    case "empty":
      return new Response(null, { status: answer.status });
    case "bytes":
      return new Response(answer.bytes.slice(), { status, headers: { "content-type": headerValue(answer.contentType) } });
  }
}
