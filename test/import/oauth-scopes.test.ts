// OAuth 2 flows, an OpenID Connect URL and the scopes of security requirements: imported, checked,
// shown in the docs and written back by the OpenAPI export (read back by import, the same).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogueTexts, importAndGenerate, importDocument, type Imported } from "./helpers.js";
import { generateInto, writeCatalogue } from "../catalogue/support.js";
import { swaggerParserValidate } from "../openapi/validators.js";
import { repoRoot } from "../helpers/generate.js";

const AUTH = "https://auth.example.com/authorize";
const TOKEN = "https://auth.example.com/token";

const DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "Pets", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  security: [{ petsAuth: ["read:pets"] }],
  paths: {
    "/pets": {
      get: { operationId: "listPets", responses: { "200": { description: "ok" } } },
      post: {
        operationId: "addPet",
        security: [{ petsAuth: ["write:pets", "read:pets", "admin:everything"] }, { oidc: ["openid"] }],
        responses: { "201": { description: "made" } },
      },
    },
    "/pets/{id}": {
      delete: {
        operationId: "deletePet",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        security: [{ petsAuth: ["write:pets"] }, { petsAuth: ["admin:pets"] }],
        responses: { "204": { description: "gone" } },
      },
    },
  },
  components: {
    securitySchemes: {
      petsAuth: {
        type: "oauth2",
        flows: {
          authorizationCode: { authorizationUrl: AUTH, tokenUrl: TOKEN, scopes: { "read:pets": "Read your pets", "write:pets": "Change | your\npets", "admin:pets": "" } },
          clientCredentials: { tokenUrl: "/relative/token", scopes: {} },
          implicit: { authorizationUrl: AUTH, tokenUrl: TOKEN, scopes: { "read:pets": "Read your pets" } },
          password: { scopes: {} },
        },
      },
      oidc: { type: "openIdConnect", openIdConnectUrl: "https://auth.example.com/.well-known/openid-configuration" },
    },
  },
};

let imported: Imported;
let exported: Record<string, any>;

beforeAll(async () => {
  imported = await importDocument("oauth-scopes", DOCUMENT, ["client", "server", "docs", "openapi"]);
  exported = JSON.parse(await readFile(join(imported.out, "openapi.json"), "utf8"));
}, 60_000);

describe("import", () => {
  it("keeps the flows it can hold, the OpenID Connect URL and each requirement's scopes", () => {
    const [petsAuth, oidc] = imported.model.auth.schemes!;
    expect(petsAuth).toEqual({
      id: "petsAuth",
      type: "oauth2",
      flows: {
        authorizationCode: { authorizationUrl: AUTH, tokenUrl: TOKEN, scopes: { "read:pets": "Read your pets", "write:pets": "Change | your\npets", "admin:pets": "" } },
        // tokenUrl is not the implicit flow's: dropped, the flow kept.
        implicit: { authorizationUrl: AUTH, scopes: { "read:pets": "Read your pets" } },
      },
    });
    expect(oidc).toEqual({ id: "oidc", type: "openIdConnect", openIdConnectUrl: "https://auth.example.com/.well-known/openid-configuration" });
    expect(imported.model.auth.securityScopes).toEqual([{ petsAuth: ["read:pets"] }]);
    const operations = Object.fromEntries(imported.model.modules.flatMap((module) => module.operations).map((operation) => [operation.id, operation]));
    expect(operations.listPets!.securityScopes).toEqual([{ petsAuth: ["read:pets"] }]);
    expect(operations.addPet!.security).toEqual([["petsAuth"], ["oidc"]]);
    expect(operations.addPet!.securityScopes).toEqual([{ petsAuth: ["write:pets", "read:pets"] }, { oidc: ["openid"] }]);
    expect(operations.deletePet!.security).toEqual([["petsAuth"], ["petsAuth"]]);
    // Alternatives giving one scheme different scopes ("any of these scopes"): one map per alternative.
    expect(operations.deletePet!.securityScopes).toEqual([{ petsAuth: ["write:pets"] }, { petsAuth: ["admin:pets"] }]);
  });

  it("reports each thing it could not hold, and no longer reports flows or scopes as lost", () => {
    const report = imported.reportText;
    expect(report).toContain('tokenUrl "/relative/token" of security scheme "petsAuth" (the URL is not an absolute URL)');
    expect(report).toContain('the clientCredentials flow of security scheme "petsAuth" (it lacks tokenUrl');
    expect(report).toContain('the password flow of security scheme "petsAuth" (it lacks tokenUrl');
    expect(report).toContain('tokenUrl "https://auth.example.com/token" of security scheme "petsAuth" (a implicit flow has no tokenUrl)');
    expect(report).toContain('scope "admin:everything" (the flows of security scheme "petsAuth" do not declare it)');
    expect(report).not.toContain("the catalogue has no scopes");
    expect(report).not.toContain("not how it is obtained");
  });

  it("writes a catalogue that says it in YAML", async () => {
    const texts = await catalogueTexts(imported.catalogue);
    expect(texts["api.yaml"]).toContain("securityScopes: { petsAuth: [ read:pets ] }");
    expect(Object.values(texts).join("\n")).toContain("securityScopes: [ { petsAuth: [ write:pets ] }, { petsAuth: [ admin:pets ] } ]");
    expect(texts["api.yaml"]).toContain(`openIdConnectUrl: https://auth.example.com/.well-known/openid-configuration`);
  });
});

describe("the OpenAPI export", () => {
  it("writes the oauth2 flows, the OpenID Connect URL and the scopes back, and is valid", async () => {
    expect(exported.components.securitySchemes.petsAuth).toEqual({ type: "oauth2", flows: imported.model.auth.schemes![0]!.flows });
    expect(exported.components.securitySchemes.oidc).toEqual({ type: "openIdConnect", openIdConnectUrl: "https://auth.example.com/.well-known/openid-configuration" });
    expect(exported.paths["/pets"].get.security).toEqual([{ petsAuth: ["read:pets"] }]);
    expect(exported.paths["/pets"].post.security).toEqual([{ petsAuth: ["write:pets", "read:pets"] }, { oidc: ["openid"] }]);
    expect(exported.paths["/pets/{id}"].delete.security).toEqual([{ petsAuth: ["write:pets"] }, { petsAuth: ["admin:pets"] }]);
    await swaggerParserValidate(exported);
  });

  it("is read back by import to the same schemes and scopes", async () => {
    const again = await importAndGenerate(join(imported.out, "openapi.json"), {}, ["openapi"]);
    expect(again.model.auth.schemes).toEqual(imported.model.auth.schemes);
    const scopes = (model: Imported["model"]) => model.modules.flatMap((module) => module.operations.map((operation) => [operation.id, operation.security, operation.securityScopes]));
    expect(scopes(again.model)).toEqual(scopes(imported.model));
    expect(again.reportText).not.toMatch(/scope|flow/);
  });
});

describe("the docs", () => {
  it("list each scheme, how a token is obtained, each scope in its cell, and each operation's credentials", async () => {
    const readme = await readFile(join(imported.out, "docs/README.md"), "utf8");
    expect(readme).toContain("| `petsAuth` | an OAuth 2 bearer token in the `Authorization` header | not documented |");
    expect(readme).toContain(`How a token is obtained, \`petsAuth\`, authorization code flow: authorization [${AUTH}](${AUTH}), token [${TOKEN}](${TOKEN}).`);
    // A scope's text cannot end its cell or its table.
    expect(readme).toContain("| `write:pets` | Change \\| your pets |");
    expect(readme).toContain("| `admin:pets` | not documented |");
    expect(readme).toMatch(/\| `oidc` \| an OpenID Connect bearer token in the `Authorization` header \(discovery: \[[^\]]+\]\(https:\/\/auth\.example\.com\/\.well-known\/openid-configuration\)\) \|/);
    const page = await readFile(join(imported.out, `docs/${imported.model.modules[0]!.id}.md`), "utf8");
    expect(page).toContain("- **Credentials:** `petsAuth` (scopes `write:pets`, `read:pets`), or `oidc` (scope `openid`)");
    expect(page).toContain("- **Credentials:** `petsAuth` (scope `read:pets`)");
    expect(page).toContain("- **Credentials:** `petsAuth` (scope `write:pets`), or `petsAuth` (scope `admin:pets`)");
  });
});

describe("a hand-written catalogue", () => {
  it("as docs/paths-and-auth.md shows it validates and generates", async () => {
    const page = await readFile(join(repoRoot, "docs/paths-and-auth.md"), "utf8");
    const block = /### OAuth flows and scopes[\s\S]*?```yaml\n([\s\S]*?)```/.exec(page)![1]!;
    const module = "module: { id: pets, title: Pets, area: Pets }\noperations:\n  - { id: listPets, method: GET, path: /pets, summary: List }\n";
    const run = await generateInto(await writeCatalogue({ "pets.yaml": module }, block), "openapi");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const document = JSON.parse(await readFile(join(run.out, "openapi.json"), "utf8"));
    expect(document.paths["/pets"].get.security).toEqual([{ petsAuth: ["read:pets"] }, { oidc: [] }]);
  });

  const API = `api:
  title: Test API
  auth:
    header: Authorization
    tokenKinds: [{ id: user, description: A user }]
    schemes:
      - id: petsAuth
        type: oauth2
        flows:
          implicit: { authorizationUrl: "ftp://auth.example.com", tokenUrl: "https://auth.example.com/token", scopes: { read: Read } }
          password: { scopes: { write: Write } }
      - { id: key, type: apiKey, in: header, name: X-Key, openIdConnectUrl: "https://x.example.com" }
    security: [[petsAuth]]
    securityScopes: { petsAuth: [reed] }
`;
  const MODULE = `module: { id: pets, title: Pets, area: Pets }
operations:
  - { id: listPets, method: GET, path: /pets, summary: List, securityScopes: { petAuth: [read] } }
  - { id: addPet, method: POST, path: /pets, summary: Add, security: [[key]], securityScopes: { key: [admin], petsAuth: [write] } }
  - { id: putPet, method: PUT, path: /pets, summary: Put, security: [[key], [petsAuth]], securityScopes: [{ key: [admin] }] }
`;

  it("is refused with every mistake located, and a suggestion for a typo", async () => {
    const run = await generateInto(await writeCatalogue({ "pets.yaml": MODULE }, API));
    expect(run.code).toBe(1);
    expect(run.written).toBe(false);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const errors = run.stderr.split("\n").filter((line) => line.includes("error:"));
    const expectations: [RegExp, string][] = [
      [/api\.yaml:10:\d+: error: URL "ftp:\/\/auth\.example\.com" has the scheme ftp/, "an implicit flow's authorizationUrl that is not http"],
      [/api\.yaml:10:\d+: error: the implicit flow has no tokenUrl/, "a URL the flow does not have"],
      [/api\.yaml:11:\d+: error: the password flow of scheme "petsAuth" needs tokenUrl/, "a flow without its URL"],
      [/api\.yaml:12:\d+: error: only openIdConnect schemes have openIdConnectUrl/, "a URL on another type"],
      [/api\.yaml:14:\d+: error: scope "reed" is not one the flows of scheme "petsAuth" declare/, "a scope's typo"],
      [/pets\.yaml:3:\d+: error: securityScopes names "petAuth", which is not a security scheme/, "a scheme's typo"],
      [/pets\.yaml:4:\d+: error: securityScopes names "petsAuth", which this security does not use/, "a scheme the requirement does not name"],
      [/pets\.yaml:5:\d+: error: securityScopes lists 1 map, but its security has 2 alternatives/, "a list of another length"],
    ];
    for (const [pattern, what] of expectations) expect(errors.some((line) => pattern.test(line)), `${what}:\n${errors.join("\n")}`).toBe(true);
    expect(run.stderr).toContain('did you mean "read"?');
    expect(run.stderr).toContain('did you mean "petsAuth"?');
    // An API key's roles are not checked against flows.
    expect(run.stderr).not.toContain('"admin"');
  });
});
