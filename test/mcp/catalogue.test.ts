// This repository's catalogue through `catalogen mcp` on stdio, driven by the SDK's own client,
// against `catalogen mock` on 127.0.0.1: the tools listed (and parsed by the SDK), a call of
// getDiscrepancies, and a second call within the minute answered with the documented wait.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { startMock, type MockServer } from "../../src/mock/index.js";
import { repoCatalogue } from "../helpers/generate.js";
import { loadModel } from "../../src/pipeline.js";
import { stdioSession, type StdioSession } from "./support.js";

const TOKEN = "mcp-test-token-personal-1";
let mock: MockServer;
let session: StdioSession;

beforeAll(async () => {
  mock = await startMock({ catalogue: repoCatalogue, tokens: { [TOKEN]: { sellerId: "seller-1", tokenKind: "personal" } } });
  session = await stdioSession(["--base-url", mock.url], { API_TOKEN: TOKEN, API_TOKEN_KIND: "personal" });
}, 30_000);

afterAll(async () => {
  await session?.close();
  await mock?.close();
});

describe("catalogen mcp on stdio, this repository's catalogue", () => {
  it("lists one tool per operation; the SDK's client parses every schema", async () => {
    const model = await loadModel(repoCatalogue);
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(model.modules.flatMap((module) => module.operations.map((operation) => operation.id)).sort());
    const tool = tools.find((candidate) => candidate.name === "getDiscrepancies")!;
    expect(tool.title).toBe("Supply discrepancies");
    expect(tool.description).toContain("GET `/api/supplies/v1/discrepancies/{supplyId}`");
    expect(tool.description).toContain("Rate limit (per seller): 1 per 1 minute");
    expect(tool.inputSchema).toMatchObject({ type: "object", properties: { supplyId: { type: "string" } }, required: ["supplyId"] });
    expect(tool.outputSchema?.properties?.result).toMatchObject({ type: "array", items: { $ref: "#/$defs/ItemDiscrepancyResponse" } });
    expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });

  it("every input and output schema is valid JSON Schema 2020-12 and compiles", async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const { tools } = await session.client.listTools();
    for (const tool of tools) {
      for (const schema of [tool.inputSchema, tool.outputSchema!]) {
        expect(ajv.validateSchema(schema), `${tool.name}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
        expect(() => ajv.compile(schema), tool.name).not.toThrow();
      }
    }
  });

  it("calls getDiscrepancies through the client against the mock; a second call within the minute returns the documented wait", async () => {
    const first = await session.client.callTool({ name: "getDiscrepancies", arguments: { supplyId: "WB-GI-1234" } });
    expect(first.isError).toBeFalsy();
    expect(first.structuredContent).toMatchObject({ status: "ok" });
    const records = (first.structuredContent as { result: unknown[] }).result;
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(record).toHaveProperty("discrepancyType");

    const started = Date.now();
    const second = await session.client.callTool({ name: "getDiscrepancies", arguments: { supplyId: "WB-GI-1234" } });
    // At once (the wait is longer than the server's 10 s bound), not after a wait or a loop of retries.
    expect(Date.now() - started).toBeLessThan(9_000); // generous for a busy machine, under the 10 s bound
    expect(second.isError).toBe(true);
    const structured = second.structuredContent as { status: string; retryAfterSeconds: number; message: string };
    expect(structured.status).toBe("rate_limited");
    expect(structured.retryAfterSeconds).toBeGreaterThanOrEqual(55);
    expect(structured.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(structured.message).toMatch(/call again/i);
    // A third call gets the same answer, still without reaching the API.
    const third = await session.client.callTool({ name: "getDiscrepancies", arguments: { supplyId: "WB-GI-1234" } });
    expect(third.structuredContent).toMatchObject({ status: "rate_limited" });
  });

  it("arguments that do not fit the input schema are a structured error, not a request", async () => {
    const result = await session.client.callTool({ name: "getDiscrepancies", arguments: { supplyId: 5, token: "x" } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: "error", error: { kind: "invalid_arguments" } });
  });

  it("the token appears in no result and nowhere on stderr", async () => {
    const result = await session.client.callTool({ name: "checkConnection", arguments: {} });
    expect(JSON.stringify(result)).not.toContain(TOKEN);
    expect(session.stderr()).not.toContain(TOKEN);
    expect(session.stderr()).toMatch(/catalogen mcp: \d+ operations as tools on stdio/);
  });
});
