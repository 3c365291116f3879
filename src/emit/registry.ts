// The built-in targets, through the same door as a plugin. Each plan loads its emitter when called:
// a no-op regenerate never loads one. A new built-in target is one line here.
import { defineTarget, type AnyTarget } from "./define.js";

export const BUILTIN_TARGETS: readonly AnyTarget[] = [
  defineTarget({ name: "client", options: { compact: "boolean" }, plan: async (model, options, context) => (await import("./client/index.js")).planClient(model, options, context) }),
  defineTarget({ name: "server", options: { compact: "boolean" }, plan: async (model, options, context) => (await import("./server/index.js")).planServer(model, options, context) }),
  defineTarget({ name: "docs", plan: async (model, _options, context) => (await import("./docs/index.js")).planDocs(model, context) }),
  defineTarget({
    name: "openapi",
    options: { version: ["3.1", "3.2"] },
    plan: async (model, options, context) => (await import("./openapi/index.js")).planOpenApi(model, options, context),
  }),
  defineTarget({
    name: "tanstack-query",
    options: { queryMethods: "strings" },
    requires: ["client"],
    plan: async (model, options) => (await import("./tanstack-query/index.js")).planTanstackQuery(model, options),
  }),
  defineTarget({ name: "zod", options: { mini: "boolean" }, plan: async (model, options) => (await import("./zod/index.js")).planZod(model, options) }),
  defineTarget({
    name: "mcp",
    options: { tools: ["operation", "module"], envPrefix: "string" },
    requires: ["client"],
    plan: async (model, options) => (await import("./mcp/index.js")).planMcp(model, options),
  }),
  defineTarget({ name: "msw", plan: async (model) => (await import("./msw/index.js")).planMsw(model) }),
];
