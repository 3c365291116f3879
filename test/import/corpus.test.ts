// Real public OpenAPI descriptions shipped in npm packages (telephony, design/cloud, blockchain,
// address lookup): each imports with no operation and no security scheme lost, the generated
// client and server compile strict (one compile for all), and a few operations per document go
// through the generated client to `catalogen mock`, checking the URL and credentials on the wire.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMock, type MockIdentity, type MockServer } from "../../src/mock/index.js";
import type { NamedType, OperationModel } from "../../src/model/types.js";
import { repoRoot } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { importClient, rejection, type ClientModule } from "../client/support.js";
import { callArguments } from "../mock/support.js";
import { generatedTypeScript, importAndGenerate, type Imported } from "./helpers.js";

interface CorpusDocument {
  name: string;
  file: string;
  /** Credentials the mock knows (value as the server sees it -> identity). */
  tokens: Record<string, MockIdentity>;
}

const CORPUS: CorpusDocument[] = [
  {
    name: "Twilio API 2010 (telephony; {Sid}.json paths, HTTP basic)",
    file: "node_modules/@twilio-alpha/mcp/twilio-oai/spec/json/twilio_api_v2010.json",
    tokens: { "AC0001:auth-token-secret-1": { accountId: "AC0001", tokenKind: "account-sid-auth-token" } },
  },
  {
    name: "Figma (design cloud; two API-key headers, two OAuth2 schemes, OpenAPI 3.1)",
    file: "node_modules/@figma/rest-api-spec/openapi/openapi.yaml",
    tokens: { "figd_personal-secret-1": { accountId: "figma-user", tokenKind: "personal-access-token" } },
  },
  {
    name: "Blockfrost (blockchain; the project_id header)",
    file: "node_modules/@blockfrost/openapi/openapi.yaml",
    tokens: { mainnetProjectSecret1: { accountId: "project-1", tokenKind: "project_id" } },
  },
  {
    name: "Ideal Postcodes (address lookup; no security schemes)",
    file: "node_modules/@ideal-postcodes/openapi/dist/openapi.json",
    tokens: {},
  },
];

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function documentOf(file: string): Record<string, any> {
  const text = readFileSync(join(repoRoot, file), "utf8");
  return file.endsWith(".json") ? JSON.parse(text) : parse(text, { maxAliasCount: -1 });
}

function operationCount(document: Record<string, any>): number {
  let count = 0;
  for (const item of Object.values<Record<string, unknown>>(document.paths ?? {})) for (const method of METHODS) if (item[method]) count++;
  return count;
}

const imported = new Map<string, Imported>();

beforeAll(async () => {
  for (const entry of CORPUS) imported.set(entry.name, await importAndGenerate(join(repoRoot, entry.file), {}, ["client", "server"]));
}, 120_000);

describe("real-API corpus: import", () => {
  for (const entry of CORPUS) {
    it(`${entry.name}: every operation and every security scheme is kept`, () => {
      const document = documentOf(entry.file);
      const { model, operations, reportText } = imported.get(entry.name)!;
      expect(operations).toBe(operationCount(document));
      const schemes = Object.keys(document.components?.securitySchemes ?? {});
      expect((model.auth.schemes ?? []).length).toBe(schemes.length);
      expect(reportText).not.toMatch(/the whole operation/);
      expect(reportText).not.toMatch(/security scheme "[^"]*":/);
      expect(reportText).not.toMatch(/required together|the requirement .* names/);
    });
  }

  it("keeps the counts each document has (telephony 197 operations, design 54, blockchain 129, addresses 31)", () => {
    const counts = CORPUS.map((entry) => [imported.get(entry.name)!.operations, imported.get(entry.name)!.model.auth.schemes?.length ?? 0]);
    expect(counts).toEqual([
      [197, 1],
      [54, 4],
      [129, 1],
      [31, 0],
    ]);
  });
});

describe("real-API corpus: the generated client and server compile strict", () => {
  it("with TypeScript 7.0, one compile for every document", async () => {
    const files = (await Promise.all(CORPUS.map((entry) => generatedTypeScript(imported.get(entry.name)!.out)))).flat();
    const result = await typecheck(files, { version: "7.0", resolution: "nodenext" });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }, 90_000);
});

interface Sent {
  url: string;
  headers: Record<string, string>;
}

/** A client of `entry` against its mock, recording what goes on the wire. */
async function clientOf(entry: CorpusDocument, mock: MockServer, auth: Record<string, unknown> | undefined, sent: Sent[], validate: "throw" | "off" = "throw") {
  const client: ClientModule = await importClient(imported.get(entry.name)!.out);
  const record = (url: string, init: { headers?: Record<string, string> }) => {
    sent.push({ url, headers: { ...init.headers } });
    return fetch(url, init as RequestInit);
  };
  return client.createClient({ baseUrl: mock.url, retry: false, rateLimit: "off", validate, fetch: record, ...(auth && { auth }) });
}

function find(entry: CorpusDocument, method: string, path: string): { operation: OperationModel; module: string; args: Record<string, unknown> } {
  const { model } = imported.get(entry.name)!;
  const types = new Map<string, NamedType>(model.types.map((named) => [named.name, named]));
  for (const module of model.modules) {
    const operation = module.operations.find((candidate) => candidate.method === method && candidate.path === path);
    if (operation) return { operation, module: module.name, args: callArguments(operation, types) };
  }
  throw new Error(`${method} ${path} is not in ${entry.name}`);
}

describe("real-API corpus: calls through the generated client to catalogen mock", () => {
  const mocks: MockServer[] = [];
  afterAll(async () => {
    await Promise.all(mocks.map((mock) => mock.close()));
  });
  async function mockOf(entry: CorpusDocument): Promise<MockServer> {
    const mock = await startMock({ catalogue: imported.get(entry.name)!.catalogue, tokens: entry.tokens });
    mocks.push(mock);
    return mock;
  }

  it("Twilio: {Sid}.json paths and HTTP basic; a wrong password is refused and never shown", async () => {
    const entry = CORPUS[0]!;
    const mock = await mockOf(entry);
    const sent: Sent[] = [];
    const api = await clientOf(entry, mock, { accountSid_authToken: { username: "AC0001", password: "auth-token-secret-1" } }, sent);
    const account = find(entry, "GET", "/2010-04-01/Accounts/{Sid}.json");
    await api[account.module]![account.operation.id]!({ ...account.args, Sid: "AC0001" });
    expect(sent[0]!.url).toBe(`${mock.url}/2010-04-01/Accounts/AC0001.json`);
    expect(sent[0]!.headers.Authorization).toBe(`Basic ${Buffer.from("AC0001:auth-token-secret-1").toString("base64")}`);

    const call = find(entry, "GET", "/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json");
    await api[call.module]![call.operation.id]!({ ...call.args, AccountSid: "AC0001", Sid: "CA 1/2" });
    expect(sent[1]!.url).toBe(`${mock.url}/2010-04-01/Accounts/AC0001/Calls/CA%201%2F2.json`);

    const wrong = await clientOf(entry, mock, { accountSid_authToken: { username: "AC0001", password: "not-the-secret-2" } }, sent);
    const error = await rejection(wrong[account.module]![account.operation.id]!({ ...account.args, Sid: "AC0001" }));
    expect(error.status).toBe(401);
    expect(JSON.stringify({ message: error.message, body: (error as { body?: unknown }).body })).not.toContain("not-the-secret-2");

    const none = await clientOf(entry, mock, {}, sent);
    expect((await rejection(none[account.module]![account.operation.id]!({ ...account.args, Sid: "AC0001" }))).kind).toBe("invalid_argument");
  });

  it("Figma: its OAuth2 schemes keep their flows and every scope, and each operation the scopes its requirement names", () => {
    const entry = CORPUS[1]!;
    const document = documentOf(entry.file) as { components: { securitySchemes: Record<string, { type: string; flows?: Record<string, { scopes: Record<string, string> }> }> } };
    const { model, reportText } = imported.get(entry.name)!;
    for (const [name, scheme] of Object.entries(document.components.securitySchemes)) {
      if (scheme.type !== "oauth2") continue;
      const held = model.auth.schemes!.find((candidate) => candidate.id === name)!;
      expect(Object.keys(held.flows!)).toEqual(Object.keys(scheme.flows!));
      for (const [kind, flow] of Object.entries(scheme.flows!)) expect(held.flows![kind as "authorizationCode"]!.scopes).toEqual(flow.scopes);
    }
    const file = find(entry, "GET", "/v1/files/{file_key}").operation;
    expect(file.security).toEqual([["PersonalAccessToken"], ["PlanAccessToken"], ["OAuth2"]]);
    expect(file.securityScopes).toEqual([{}, {}, { OAuth2: ["file_content:read", "files:read"] }]);
    expect(reportText).not.toMatch(/scope|flows? of security scheme/);
  });

  it("Figma: the X-Figma-Token header of the personal access token scheme, not the OAuth2 alternatives", async () => {
    const entry = CORPUS[1]!;
    const mock = await mockOf(entry);
    const sent: Sent[] = [];
    // Response checks on: the mock's made-up File keeps the discriminator value each allOf variant fixes.
    const api = await clientOf(entry, mock, { PersonalAccessToken: "figd_personal-secret-1" }, sent);
    const file = find(entry, "GET", "/v1/files/{file_key}");
    await api[file.module]![file.operation.id]!({ ...file.args, file_key: "abc123" });
    expect(new URL(sent[0]!.url).pathname).toBe("/v1/files/abc123");
    expect(sent[0]!.headers["X-Figma-Token"]).toBe("figd_personal-secret-1");
    expect(sent[0]!.headers.Authorization).toBeUndefined();

    // An unknown token of the same scheme: 401 from the server's authenticate.
    const other = await clientOf(entry, mock, { PersonalAccessToken: "figd_unknown" }, sent);
    expect((await rejection(other[file.module]![file.operation.id]!({ ...file.args, file_key: "abc123" }))).status).toBe(401);
  });

  it("Blockfrost: the project_id header (a name with _)", async () => {
    const entry = CORPUS[2]!;
    const mock = await mockOf(entry);
    const sent: Sent[] = [];
    const api = await clientOf(entry, mock, { project_id: "mainnetProjectSecret1" }, sent);
    const block = find(entry, "GET", "/blocks/{hash_or_number}");
    await api[block.module]![block.operation.id]!({ ...block.args, hash_or_number: "4873401" });
    expect(sent[0]!.url).toBe(`${mock.url}/blocks/4873401`);
    expect(sent[0]!.headers.project_id).toBe("mainnetProjectSecret1");
    const latest = find(entry, "GET", "/blocks/latest");
    await api[latest.module]![latest.operation.id]!(latest.args);
    expect(sent[1]!.url).toBe(`${mock.url}/blocks/latest`);
  });

  it("Ideal Postcodes: no credentials needed, path parameters encoded", async () => {
    const entry = CORPUS[3]!;
    const mock = await mockOf(entry);
    const sent: Sent[] = [];
    const api = await clientOf(entry, mock, undefined, sent);
    const postcode = find(entry, "GET", "/postcodes/{postcode}");
    await api[postcode.module]![postcode.operation.id]!({ ...postcode.args, postcode: "ID1 1QD" });
    expect(new URL(sent[0]!.url).pathname).toBe("/postcodes/ID1%201QD");
  });
});
