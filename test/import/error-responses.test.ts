// Importing documented error responses: 4XX, 5XX, default, problem+json, several media types per
// status, media type parameters kept; a components/responses entry every operation uses (or
// overrides) under one status becomes an API-wide response, others stay with their operations.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir } from "../helpers/generate.js";
import { importAndGenerate, type Imported } from "./helpers.js";

const DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "Errors", version: "1" },
  paths: {
    "/a": {
      get: {
        operationId: "getA",
        responses: {
          "200": { description: "A", content: { "text/plain; charset=utf-8": { schema: { type: "string" } } } },
          "404": { $ref: "#/components/responses/NotFound" },
          "4XX": { $ref: "#/components/responses/Problem" },
          default: { $ref: "#/components/responses/Oops" },
        },
      },
    },
    "/b": {
      get: {
        operationId: "getB",
        responses: {
          "200": { description: "B", content: { "application/json": { schema: { type: "object" } } } },
          "4XX": { $ref: "#/components/responses/Problem" },
          "5XX": {
            description: "Down",
            content: {
              "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } },
              'text/plain; charset="a\\"b"': { schema: { type: "string" } },
            },
          },
          default: { $ref: "#/components/responses/Oops" },
        },
      },
    },
    "/c": {
      get: {
        operationId: "getC",
        responses: {
          "200": { description: "C" },
          "4xx": { description: "Own", content: { "application/json": { schema: { type: "string" } } } },
        },
      },
    },
  },
  components: {
    schemas: { Problem: { type: "object", properties: { title: { type: "string" } }, required: ["title"] } },
    responses: {
      Problem: { description: "A problem", content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } },
      NotFound: { description: "Gone", content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } }, "text/plain": {} } },
      Oops: { description: "Anything else", content: { "text/plain; charset=utf-8": { schema: { type: "string" } } } },
    },
  },
};

describe("error responses", async () => {
  const dir = await freshDir("import-errors");
  const file = join(dir, "errors.json");
  await writeFile(file, JSON.stringify(DOCUMENT));
  const imported: Imported = await importAndGenerate(file);
  const operation = (id: string) => imported.model.modules.flatMap((m) => m.operations).find((o) => o.id === id)!;
  const statuses = (id: string) => operation(id).responses?.map((r) => r.status);

  it("a response every operation references (or overrides) under one status goes to api.responses", () => {
    expect(imported.model.responses?.map((r) => [r.status, r.description, r.content.map((m) => m.contentType)])).toEqual([["4XX", "A problem", ["application/problem+json"]]]);
    expect(statuses("getA")).toEqual(["200", "404", "default"]);
    expect(statuses("getB")).toEqual(["200", "5XX", "default"]);
    expect(statuses("getC")).toEqual(["200", "4XX"]);
    // Oops is shared by two, but getC documents no default: each keeps its own copy.
    expect(operation("getA").responses?.find((r) => r.status === "default")?.description).toBe("Anything else");
  });

  it("keeps several media types per status, and media type parameters as written", () => {
    expect(operation("getA").responses?.find((r) => r.status === "404")?.content.map((m) => m.contentType)).toEqual(["application/problem+json", "text/plain"]);
    expect(operation("getA").responses?.find((r) => r.status === "200")?.content.map((m) => m.contentType)).toEqual(["text/plain; charset=utf-8"]);
  });

  it("parameters the catalogue cannot write are reported, the type kept", () => {
    expect(operation("getB").responses?.find((r) => r.status === "5XX")?.content.map((m) => m.contentType)).toEqual(["application/problem+json", "text/plain"]);
    expect(imported.reportText).toContain('media type parameters "charset="a\\"b"" (the catalogue keys content by text/plain)');
    expect(imported.reportText).not.toContain("charset=utf-8");
  });
});
