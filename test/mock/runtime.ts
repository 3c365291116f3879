// The shared value generator (templates/mock/) as the mock sees it: assigning the templates to
// MockRuntime checks, at compile time, that they take catalogen's model types as they are.
import * as answers from "../../templates/mock/answers.js";
import * as values from "../../templates/mock/values.js";
import type { MockRuntime } from "../../src/mock/runtime.js";

export const mockRuntime: MockRuntime = {
  seededRandom: values.seededRandom,
  operationSeed: values.operationSeed,
  sampleValue: values.sampleValue,
  answerOf: answers.answerOf,
  answerResult: answers.answerResult,
};
