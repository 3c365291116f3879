// Issue 44, point 2: catalogen speaks the catalogue's own word for whose budgets limits count and
// whose tokens are (`principal`), not the seller API's. A notes API says `principal: account`: its
// limits are per account in the generated code and docs, the mock's token table and `startMock`
// take account ids and count the budget per account, and a scope that is not the principal is a
// clear error. An import names kinds as people write them (`oauth2`) and reports each rename.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STARTER } from "../../src/cli/init.js";
import { main } from "../../src/cli/main.js";
import { importOpenApi } from "../../src/import/index.js";
import { parseTokenTable, startMock, type MockServer } from "../../src/mock/index.js";
import { generate, loadModel } from "../../src/pipeline.js";
import { freshDir } from "../helpers/generate.js";

const API = `api:
  title: Notes API
  description: Notes of an account.
  principal: account
  auth:
    header: Authorization
    tokenKinds:
      - id: personal
        description: A user's personal token
  limitGroups:
    - { id: reads, scope: account, period: 1 minute, limit: 2, interval: 30 seconds, burst: 2 }
`;

// The starter catalogue's notes module (catalogen init), with a limit of its own and a second operation in a group.
const NOTES = `${STARTER["notes.yaml"]!.replace(
  "    tokens: [personal]\n",
  "    tokens: [personal]\n    limits:\n      - { scope: account, period: 1 minute, limit: 1, interval: 1 minute, burst: 1 }\n",
)}  - id: listNotes
    method: GET
    path: /api/v1/notes
    summary: List notes
    tokens: [personal]
    limits: [{ group: reads }]
    request: none
    responses:
      "200":
        description: The notes
        content:
          application/json:
            schema: { type: array, items: { ref: Note } }
`;

async function notesCatalogue(api = API, notes = NOTES): Promise<{ root: string; catalogue: string }> {
  const root = await freshDir("principal");
  const catalogue = join(root, "catalogue");
  await mkdir(catalogue);
  await writeFile(join(catalogue, "api.yaml"), api);
  await writeFile(join(catalogue, "notes.yaml"), notes);
  return { root, catalogue };
}

async function run(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(args, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), cwd });
  return { code, out, err };
}

describe("a notes API with principal: account", () => {
  let root: string;
  let catalogue: string;
  let mock: MockServer | undefined;

  beforeAll(async () => {
    ({ root, catalogue } = await notesCatalogue());
  });
  afterAll(async () => {
    await mock?.close();
  });

  it("generates: limits are per account in the client, server and docs, and nothing says seller", async () => {
    const out = join(root, "generated");
    await generate({ catalogue, out });
    const client = await readFile(join(out, "client/operations/notes.ts"), "utf8");
    expect(client).toContain("Rate limit (per account): 1 request per 1 minute");
    expect(await readFile(join(out, "docs/notes.md"), "utf8")).toContain("| account | 1 minute | 1 | 1 minute | 1 |");
    expect(await readFile(join(out, "docs/README.md"), "utf8")).toContain("2 per 1 minute per account");
    expect(await readFile(join(out, "server/index.ts"), "utf8")).toContain("per-account rate");
    for (const file of ["client/operations/notes.ts", "docs/notes.md", "docs/README.md", "server/index.ts", "server/handlers/notes.ts"]) {
      expect(await readFile(join(out, file), "utf8"), file).not.toMatch(/seller/i);
    }
    expect((await loadModel(catalogue)).principal).toBe("account");
  });

  it("mocks: startMock takes account ids, and the budget is each account's", async () => {
    mock = await startMock({
      catalogue,
      tokens: {
        "alice-1": { accountId: "alice", tokenKind: "personal" },
        "alice-2": { accountId: "alice", tokenKind: "personal" },
        "bob-1": { accountId: "bob", tokenKind: "personal" },
      },
      now: () => 1_000_000,
    });
    const get = (token: string): Promise<Response> => fetch(`${mock!.url}/api/v1/notes/n-1`, { headers: { authorization: token } });
    expect((await get("alice-1")).status).toBe(200);
    // Another token of the same account spends the same budget; another account has its own.
    expect((await get("alice-2")).status).toBe(429);
    expect((await get("bob-1")).status).toBe(200);
    expect(await (await get("bob-1")).json()).toMatchObject({ status: 429 });
  });

  it("startMock still takes the old sellerId for another principal, with one deprecation warning", async () => {
    const warnings: Error[] = [];
    const listener = (warning: Error) => warnings.push(warning);
    process.on("warning", listener);
    const old = await startMock({ catalogue, tokens: { t: { sellerId: "carol", tokenKind: "personal" } } });
    try {
      expect((await fetch(`${old.url}/api/v1/notes/n-1`, { headers: { authorization: "t" } })).status).toBe(200);
      await new Promise((done) => setImmediate(done));
      expect(warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([
        'DeprecationWarning: startMock: tokens\' "sellerId" is deprecated for this catalogue; its principal is "account", so write { accountId, tokenKind }',
      ]);
    } finally {
      process.off("warning", listener);
      await old.close();
    }
  });

  it("the token table and its errors speak of account ids", async () => {
    expect([...parseTokenTable("t1=acme:personal readonly\n", ["personal"], "tokens.txt", "account")]).toEqual([["t1", { accountId: "acme", tokenKind: "personal", readOnly: true }]]);
    expect([...parseTokenTable("t1=k-9:personal\n", ["personal"], "tokens.txt", "api-key")]).toEqual([["t1", { apiKeyId: "k-9", tokenKind: "personal" }]]);
    await writeFile(join(root, "tokens.txt"), "t1 acme personal\n");
    const malformed = await run(["mock", "--catalogue", catalogue, "--tokens", "tokens.txt", "--port", "0"], root);
    expect(malformed).toMatchObject({ code: 1, err: "catalogen mock: tokens.txt:1: expected token=accountId:kind [categories=a,b] [readonly]\n" });
  });

  it("a limit whose scope is not the principal is an error at its line, saying what to write", async () => {
    const { root: other, catalogue: wrong } = await notesCatalogue(API.replace("{ id: reads, scope: account", "{ id: reads, scope: seller"));
    const result = await run(["validate", "--catalogue", wrong], other);
    expect(result.code).toBe(1);
    expect(result.err).toContain('api.yaml:11:27: error: limit scope "seller" is not the catalogue\'s principal "account"');
    expect(result.err).toContain("write scope: account");
    expect(result.err).not.toContain("    at ");
  });

  it("a catalogue that names no principal counts per account: its scope: seller is an error saying both fixes", async () => {
    const { root: unnamedRoot, catalogue: unnamed } = await notesCatalogue(API.replace("  principal: account\n", "").replace("scope: account", "scope: seller"));
    const result = await run(["validate", "--catalogue", unnamed], unnamedRoot);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`api.yaml:10:27: error: limit scope "seller" is not the catalogue's principal, which api.yaml does not name (default account)`);
    expect(result.err).toContain("hint: add principal: seller under api in api.yaml, or write scope: account");
    expect(result.err).not.toContain("    at ");
    // Either fix is taken.
    const { catalogue: named } = await notesCatalogue(API.replace("  principal: account\n", "  principal: seller\n").replace("scope: account", "scope: seller"), NOTES.replace("scope: account", "scope: seller"));
    expect((await loadModel(named)).principal).toBe("seller");
    const { catalogue: neutral } = await notesCatalogue(API.replace("  principal: account\n", ""));
    expect((await loadModel(neutral)).principal).toBe("account");
  });
});

describe("import: token kinds as people write them", () => {
  it("an OAuth2 scheme gives kind oauth2, and the report lists every renamed kind", async () => {
    const dir = await freshDir("principal-import");
    const document = join(dir, "notes.json");
    await writeFile(
      document,
      JSON.stringify({
        openapi: "3.1.0",
        info: { title: "Notes", version: "1" },
        components: {
          securitySchemes: {
            OAuth2: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://example.com/token", scopes: { read: "Read notes" } } } },
            bearerAuth: { type: "http", scheme: "bearer" },
            api_key: { type: "apiKey", in: "header", name: "Authorization" },
          },
        },
        security: [{ OAuth2: ["read"] }, { bearerAuth: [] }],
        paths: {
          "/notes": {
            get: {
              operationId: "listNotes",
              tags: ["notes"],
              "x-limits": [{ period: "1 minute", limit: 10 }],
              responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "array", items: { type: "string" } } } } } },
            },
          },
        },
      }),
    );
    const { catalogue, report } = importOpenApi(document, { limitsExtension: "x-limits" });
    expect(catalogue.api.auth.tokenKinds.map((kind) => kind.id)).toEqual(["oauth2", "bearer-auth", "api_key"]);
    const renamedKinds = report.renames.filter((rename) => rename.kind === "token kind").map(({ from, to }) => `${from} -> ${to}`);
    expect(renamedKinds).toEqual(["OAuth2 -> oauth2", "bearerAuth -> bearer-auth"]);
    expect(report.toText()).toContain('token kind "OAuth2" -> "oauth2"');
    // Limits of an import count per account, the neutral default principal.
    expect(catalogue.modules[0]!.operations[0]!.limits).toEqual([{ scope: "account", period: "1 minute", limit: 10, interval: "6 seconds", burst: 10 }]);
  });
});
