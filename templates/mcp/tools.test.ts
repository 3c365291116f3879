import { describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { allows, moduleTools, operationTools, type OperationTool, type ToolModule } from "./tools.js";

function tool(name: string, more: Partial<OperationTool<string>> = {}): OperationTool<string> {
  return {
    name,
    module: "things",
    title: `${name} title`,
    description: `${name} description`,
    input: { properties: { id: { type: "string" } }, required: ["id"] },
    result: { $ref: "#/$defs/Thing" },
    defs: ["Thing"],
    method: "GET",
    operation: `op:${name}`,
    ...more,
  };
}

const MODULE: ToolModule<string> = {
  id: "things",
  title: "Things",
  area: "Everything about things",
  defs: { Thing: { type: "object", properties: { id: { type: "string" } } }, Other: { type: "string" } },
  tools: [
    tool("getThing", { tokens: ["personal", "service"] }),
    tool("deleteThing", { method: "DELETE", tokens: ["service"], readOnlyTokens: false }),
    tool("listThings", { categories: ["content"], input: { properties: {}, required: [] }, result: { type: "array" }, defs: [] }),
  ],
};

describe("which tools a token lists", () => {
  it("its kind: only the operations the catalogue says that kind may call (undocumented: listed)", () => {
    expect(operationTools([MODULE], { kind: "personal" }).map((listed) => listed.name)).toEqual(["getThing", "listThings"]);
    expect(operationTools([MODULE], { kind: "service" }).map((listed) => listed.name)).toEqual(["getThing", "deleteThing", "listThings"]);
    expect(operationTools([MODULE], {}).map((listed) => listed.name)).toEqual(["getThing", "deleteThing", "listThings"]);
  });

  it("a read-only token does not see operations that write; categories narrow too", () => {
    expect(operationTools([MODULE], { readOnly: true }).map((listed) => listed.name)).toEqual(["getThing", "listThings"]);
    expect(allows({ categories: ["finance"] }, MODULE.tools[2]!)).toBe(false);
    expect(allows({ categories: ["content"] }, MODULE.tools[2]!)).toBe(true);
    expect(allows({ categories: ["finance"] }, tool("x", { categories: ["all"] }))).toBe(true);
  });
});

describe("operation tools", () => {
  it("stand alone: only the defs they reach, an object input closed to other fields, the structured envelope as output", () => {
    const [getThing] = operationTools([MODULE], {});
    expect(getThing!.inputSchema).toEqual({ type: "object", properties: { id: { type: "string" } }, required: ["id"], additionalProperties: false, $defs: { Thing: MODULE.defs.Thing } });
    expect(getThing!.outputSchema).toMatchObject({ type: "object", required: ["status"], properties: { result: { $ref: "#/$defs/Thing" } }, $defs: { Thing: MODULE.defs.Thing } });
    expect(getThing!.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true });
  });
});

describe("module tools (tools: module)", () => {
  it("one tool per module: operation names an operation, arguments holds its input, one oneOf branch each", () => {
    const [listed] = moduleTools([MODULE], { kind: "personal" });
    expect(listed!.name).toBe("things");
    expect(listed!.description).toContain("- getThing: getThing title");
    expect(listed!.description).not.toContain("deleteThing");
    expect([...listed!.operations.keys()]).toEqual(["getThing", "listThings"]);
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(listed!.inputSchema);
    expect(validate({ operation: "getThing", arguments: { id: "1" } })).toBe(true);
    expect(validate({ operation: "getThing", arguments: {} })).toBe(false);
    expect(validate({ operation: "getThing" })).toBe(false);
    expect(validate({ operation: "listThings" })).toBe(true);
    expect(validate({ operation: "deleteThing", arguments: { id: "1" } })).toBe(false);
    expect(listed!.outputSchema.properties).toMatchObject({ result: { anyOf: [{ $ref: "#/$defs/Thing" }, { type: "array" }] } });
  });
});
