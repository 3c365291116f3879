// The JSON schema of `catalogen diff --format json` (docs/diff.md). Stable: a field is added only
// as optional, and a change that removes or renames one raises `schema` to 2.
const position = {
  type: "object",
  additionalProperties: false,
  required: ["file", "line", "column"],
  properties: { file: { type: "string" }, line: { type: "integer", minimum: 1 }, column: { type: "integer", minimum: 1 } },
} as const;

const side = {
  type: "object",
  additionalProperties: false,
  required: ["label", "title", "operations"],
  properties: { label: { type: "string" }, title: { type: "string" }, version: { type: "string" }, operations: { type: "integer", minimum: 0 } },
} as const;

const count = { type: "integer", minimum: 0 } as const;

export const REPORT_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "catalogen diff report",
  type: "object",
  additionalProperties: false,
  required: ["schema", "old", "new", "summary", "version", "findings"],
  properties: {
    schema: { const: 1 },
    old: side,
    new: side,
    summary: {
      type: "object",
      additionalProperties: false,
      required: ["breaking", "client", "server", "compatible", "info"],
      properties: { breaking: count, client: count, server: count, compatible: count, info: count },
    },
    version: {
      type: "object",
      additionalProperties: false,
      required: ["suggested", "message"],
      properties: {
        suggested: { enum: ["major", "minor", "patch", "none"] },
        old: { type: "string" },
        new: { type: "string" },
        ok: { type: "boolean" },
        message: { type: "string" },
      },
    },
    findings: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["rule", "level", "side", "subject", "message"],
        properties: {
          rule: { type: "string" },
          level: { enum: ["breaking", "compatible", "info"] },
          side: { enum: ["client", "server", "both"] },
          operation: { type: "string" },
          renamedFrom: { type: "string" },
          route: { type: "string" },
          type: { type: "string" },
          operations: { type: "array", items: { type: "string" } },
          subject: { type: "string" },
          old: position,
          new: position,
          message: { type: "string" },
        },
      },
    },
    consumers: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["dir", "tsconfig", "typescript", "broken"],
        properties: {
          dir: { type: "string" },
          tsconfig: { type: "string" },
          typescript: { type: "string" },
          broken: {
            type: "array",
            items: {
              type: "object",
              additionalProperties: false,
              required: ["file", "line", "column", "error", "code"],
              properties: {
                file: { type: "string" },
                line: { type: "integer", minimum: 1 },
                column: { type: "integer", minimum: 1 },
                operation: { type: "string" },
                rule: { type: "string" },
                finding: { type: "string" },
                error: { type: "string" },
                code: { type: "integer" },
              },
            },
          },
        },
      },
    },
  },
} as const;
