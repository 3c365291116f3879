// Every feature of the type language, from a small catalogue to the model and to TypeScript.
import { copyFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import { namedTypeDeclarations } from "../../src/emit/shared/ts-types.js";
import type { OperationModel, TypeNode } from "../../src/model/types.js";
import { fixtureCatalogue, freshDir } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";

const model = await loadModel(fixtureCatalogue("kitchen-sink"));
const type = (name: string): TypeNode => model.types.find((t) => t.name === name)!.type;
const operation = (id: string): OperationModel => model.modules.flatMap((m) => m.operations).find((o) => o.id === id)!;
const property = (typeName: string, name: string) => {
  const node = type(typeName);
  if (node.kind !== "object") throw new Error(`${typeName} is not an object`);
  return node.properties.find((p) => p.name === name)!;
};

describe("the type language in the model", () => {
  it.each([
    ["integer with format", property("Money", "amount").type, { kind: "integer", format: "int64" }],
    ["string enum", property("Money", "currency").type, { kind: "string", enum: ["RUB", "USD"] }],
    ["string format", property("Order", "createdAt").type, { kind: "string", format: "date-time" }],
    ["number", property("Order", "weight").type, { kind: "number", format: "double" }],
    ["boolean", property("Order", "gift").type, { kind: "boolean" }],
    ["nullable", property("Order", "note").type, { kind: "string", nullable: true }],
    ["reference", property("Order", "total").type, { kind: "ref", name: "Money" }],
    ["array", property("Order", "lines").type, { kind: "array", items: { kind: "ref", name: "OrderLine" } }],
    ["map", property("Order", "attributes").type, { kind: "map", values: { kind: "string" } }],
    ["integer enum", property("Order", "priority").type, { kind: "integer", enum: [1, 2, 3] }],
    ["unknown", type("Anything"), { kind: "unknown", description: "Any JSON value." }],
  ])("%s", (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it("keeps required, optional and descriptions on properties", () => {
    expect(property("Order", "id").required).toBe(true);
    expect(property("Order", "weight").required).toBe(false);
    expect(property("Order", "note").description).toBe("Free text from the buyer.");
  });

  it("has open, closed and typed additional properties", () => {
    expect(type("OrderLine")).toMatchObject({ kind: "object", additionalProperties: true });
    expect(type("Order")).toMatchObject({ kind: "object", additionalProperties: false });
    expect(type("Labels")).toMatchObject({ kind: "object", additionalProperties: { kind: "string" } });
  });

  it("has discriminated unions", () => {
    expect(type("Event")).toEqual({
      kind: "union",
      discriminator: "kind",
      variants: [
        { kind: "ref", name: "OrderCreated" },
        { kind: "ref", name: "OrderCancelled" },
      ],
    });
  });

  it("has query and header parameters, documented as a closed list", () => {
    const list = operation("listOrders");
    expect(list.query?.map((p) => [p.name, p.required, p.schema?.kind])).toEqual([
      ["limit", true, "integer"],
      ["status", false, "string"],
      ["tag", false, "array"],
    ]);
    expect(list.headers?.map((p) => p.name)).toEqual(["X-Request-Id"]);
    expect(list.request).toBeNull();
    expect(operation("createOrder").query).toEqual([]);
    expect(operation("createOrder").idempotent).toBe(true);
  });

  it("has binary bodies and more than one content type", () => {
    const upload = operation("uploadInvoice");
    expect(upload.request?.content.map((c) => [c.contentType, c.schema?.kind])).toEqual([
      ["application/pdf", "binary"],
      ["multipart/form-data", "object"],
    ]);
    expect(upload.responses).toEqual([{ status: "204", description: "Stored.", content: [] }]);
    expect(operation("downloadInvoice").responses?.[0]?.content[0]).toEqual({
      contentType: "application/pdf",
      schema: { kind: "binary" },
    });
    expect(operation("setLabels").responses?.map((r) => r.status)).toEqual(["200", "default"]);
  });

  it("derives undocumented path parameters from the template", async () => {
    const seed = await loadModel(join(fixtureCatalogue(".."), "../../catalogue"));
    const charcs = seed.modules.flatMap((m) => m.operations).find((o) => o.path === "/content/v2/object/charcs/{subjectId}")!;
    expect(charcs.pathParams).toEqual([{ name: "subjectId", in: "path", required: true }]);
    expect(charcs.query).toBeUndefined();
    expect(charcs.request).toBeUndefined();
    expect(charcs.responses).toBeUndefined();
  });
});

describe("the type language in TypeScript", () => {
  it("compiles to types that accept what the catalogue allows and reject the rest", async () => {
    const dir = await freshDir("kitchen-sink-types");
    await writeFile(join(dir, "types.ts"), namedTypeDeclarations(model.types));
    await copyFile(new URL("fixtures/kitchen-sink-usage.ts", import.meta.url), join(dir, "usage.ts"));
    const result = await typecheck([join(dir, "types.ts"), join(dir, "usage.ts")], { version: "5.9", resolution: "nodenext" });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });
});
