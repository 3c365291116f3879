import type { Planner } from "./plan.js";
import type { Emitter, Target } from "./types.js";

// Emitters load lazily: a no-op regenerate never loads one.
export const EMITTERS: Record<Target, () => Promise<Emitter>> = {
  client: async () => (await import("./client/index.js")).emitClient,
  server: async () => (await import("./server/index.js")).emitServer,
  docs: async () => (await import("./docs/index.js")).emitDocs,
  openapi: async () => (await import("./openapi/index.js")).emitOpenApi,
  msw: async () => (await import("./msw/index.js")).emitMsw,
};

export const PLANNERS: Record<Target, () => Promise<Planner>> = {
  client: async () => (await import("./client/index.js")).planClient,
  server: async () => (await import("./server/index.js")).planServer,
  docs: async () => (await import("./docs/index.js")).planDocs,
  openapi: async () => (await import("./openapi/index.js")).planOpenApi,
  msw: async () => (await import("./msw/index.js")).planMsw,
};
