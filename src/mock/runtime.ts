// The value generator the mock shares with the targets that ship it (templates/mock/): the mock
// loads that very TypeScript at start (see generated-server.ts), so `catalogen mock --seed N` and
// the generated msw handlers with seed N answer the same values. This file only says its shape;
// test/mock/runtime.test.ts checks the templates against it.
import type { NamedType, TypeNode } from "../model/types.js";

/** What an operation answers, as data (templates/mock/answers.ts). */
export type AnswerSpec =
  | { kind: "none" }
  | { kind: "empty"; status: number }
  | { kind: "bytes"; contentType: string }
  | { kind: "json"; example?: unknown; schema?: TypeNode; contentType?: string };

export interface MockRuntime {
  seededRandom: (seed: number) => () => number;
  operationSeed: (seed: number, operationId: string) => number;
  sampleValue: (node: TypeNode, types: ReadonlyMap<string, NamedType>, random: () => number) => unknown;
  answerOf: (spec: AnswerSpec, operationId: string, types: ReadonlyMap<string, NamedType>, seed: number) => unknown;
  /** A handler's return value for an answer of `answerOf`. */
  answerResult: (answer: never, status: number) => unknown;
}
