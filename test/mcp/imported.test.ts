// A real OpenAPI document (Figma's, from @figma/rest-api-spec) imported into a temporary
// catalogue, served by `catalogen mcp --http` (Streamable HTTP) and driven by the SDK's client:
// the tools listed and valid, and a call through the API-key scheme against `catalogen mock`.
// (Which tools a token kind lists: templates/mcp/tools.test.ts.)
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import type { ApiModel } from "../../src/model/types.js";
import { startMockOf, type MockServer } from "../../src/mock/index.js";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { schemeVariable } from "../../templates/mcp/env.js";
import { httpSession, type HttpSession } from "./support.js";

const SECRET = "figd_personal-secret-1";
let model: ApiModel;
let catalogue: string;
let mock: MockServer;
let session: HttpSession;

beforeAll(async () => {
  catalogue = join(await freshDir("mcp-figma"), "catalogue");
  const { catalogue: imported } = importOpenApi(join(repoRoot, "node_modules/@figma/rest-api-spec/openapi/openapi.yaml"), {});
  model = (await writeCatalogue(imported, catalogue)).model;
  mock = await startMockOf(model, { tokens: { [SECRET]: { accountId: "figma-user", tokenKind: "personal-access-token" } } });
  session = await httpSession(["--catalogue", catalogue, "--base-url", mock.url], { [schemeVariable("API", "PersonalAccessToken")]: SECRET });
}, 180_000); // an import, a generate and a spawned MCP server on a busy 2-core machine

afterAll(async () => {
  await session?.close();
  await mock?.close();
});

describe("catalogen mcp --http, an imported real document (Figma)", () => {
  it("lists every operation as a tool, each schema parsed by the SDK and valid JSON Schema 2020-12", async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(model.modules.flatMap((module) => module.operations.map((operation) => operation.id)).sort());
    expect(tools.length).toBe(54);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const tool of tools) {
      for (const schema of [tool.inputSchema, tool.outputSchema!]) {
        expect(ajv.validateSchema(schema), `${tool.name}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
        expect(() => ajv.compile(schema), tool.name).not.toThrow();
      }
    }
    expect(session.output()).toMatch(/54 operations as tools on http:\/\/127\.0\.0\.1:\d+\/mcp \(Streamable HTTP\)/);
  });

  it("calls getMe through the client: the credential from the environment goes in its header", async () => {
    const result = await session.client.callTool({ name: "getMe", arguments: {} });
    expect(result.structuredContent).toMatchObject({ status: "ok" });
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(session.output()).not.toContain(SECRET);
  });
});
