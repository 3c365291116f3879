// What the mock answers for each operation, decided once from the model as an AnswerSpec (the
// catalogue's example where it has one, else the documented type to make a value from, else `{}`);
// the values themselves come from the shared generator (templates/mock/, see runtime.ts). A value
// is made from the response shape of its type (src/model/directed.ts): never a write-only field.
import type { ApiModel, MediaType, OperationModel, ResponseModel } from "../model/types.js";
import { directed, directedTypes } from "../model/directed.js";
import { isJsonMediaType, mediaEssence } from "../shared/media.js";
import { headerValue } from "../shared/sinks.js";
import { pagedHandler, streamHandler, type MockStreamOptions } from "./streams-pages.js";
import { streamedResponse } from "../emit/shared/streamed.js";
import type { AnswerSpec, MockRuntime } from "./runtime.js";

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

/** An operation's answer as data, for the status the generated router sends a returned value with. */
export function answerSpec(operation: OperationModel, status: number): AnswerSpec {
  const response = successResponse(operation, status);
  if (response === undefined) return { kind: "none" };
  if (response.content.length === 0) return { kind: "empty", status: Number(response.status) };
  const media: MediaType = response.content.find((candidate) => isJsonMediaType(candidate.contentType)) ?? response.content[0]!;
  if (!isJsonMediaType(media.contentType)) return { kind: "bytes", contentType: headerValue(media.contentType) };
  const plain = mediaEssence(media.contentType) === "application/json";
  return {
    kind: "json",
    ...("example" in media ? { example: media.example } : media.schema !== undefined && { schema: directed(media.schema, "response") }),
    ...(!plain && { contentType: headerValue(media.contentType) }),
  };
}

type MockHandler = (context: { operation: { status: number } }) => unknown;

/**
 * Handlers for every operation, shaped as the generated server's `Handlers` (module property ->
 * operation id -> handler). Each answer is worked out on the first call and copied per call.
 */
export function mockHandlers(model: ApiModel, seed: number, runtime: MockRuntime, options: MockStreamOptions = {}): Record<string, Record<string, MockHandler>> {
  // Named types in their response shapes (a directional one's request shape beside it, unused).
  const types = directedTypes(model.types);
  return Object.fromEntries(
    model.modules.map((module) => [
      module.name,
      Object.fromEntries(
        module.operations.map((operation) => {
          if (streamedResponse(operation)) return [operation.id, streamHandler(operation, types, seed, runtime, options) as MockHandler];
          if (operation.pagination) return [operation.id, pagedHandler(operation, model, seed, runtime, options) as MockHandler];
          let answer: unknown;
          const handler: MockHandler = ({ operation: route }) => {
            answer ??= runtime.answerOf(answerSpec(operation, route.status), operation.id, types, seed);
            return runtime.answerResult(answer as never, route.status);
          };
          return [operation.id, handler];
        }),
      ),
    ]),
  );
}
