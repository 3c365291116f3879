// Paths as documents write them and auth as they declare it, end to end on a fixture catalogue
// (test/fixtures/catalogues/paths-auth): the generated client against catalogen mock, bytes on the
// wire checked; Swagger 2.0 input; a summary longer than a catalogue line.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDocument, writeCatalogue } from "../../src/import/index.js";
import { startMock, type MockServer } from "../../src/mock/index.js";
import { fixtureCatalogue, freshDir, generateForTest, repoRoot } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { importClient, rejection, type ClientModule } from "../client/support.js";
import { generatedTypeScript } from "./helpers.js";

const catalogue = fixtureCatalogue("paths-auth");
const TOKENS = {
  "AC1:basic-secret-1": { accountId: "s1", tokenKind: "user" },
  "query-secret-1": { accountId: "s1", tokenKind: "key" },
  "cookie-secret-1": { accountId: "s1", tokenKind: "key" },
  "header-secret-1": { accountId: "s1", tokenKind: "key" },
  "project-secret-1": { accountId: "s1", tokenKind: "key" },
  "bearer-secret-1": { accountId: "s1", tokenKind: "user" },
};

let out: string;
let client: ClientModule;
let mock: MockServer;
const sent: { url: string; headers: Record<string, string> }[] = [];
const record = (url: string, init: { headers?: Record<string, string> }) => {
  sent.push({ url, headers: { ...init.headers } });
  return fetch(url, init as RequestInit);
};
type Api = Record<string, Record<string, (args?: unknown) => Promise<unknown>>>;
const api = (auth: Record<string, unknown>) => client.createClient({ baseUrl: mock.url, retry: false, rateLimit: "off", fetch: record, auth }) as Api;
const last = () => sent.at(-1)!;

beforeAll(async () => {
  out = await generateForTest({ catalogue, targets: ["client", "server"] });
  client = await importClient(out);
  mock = await startMock({ catalogue, tokens: TOKENS });
}, 60_000);
afterAll(() => mock?.close());

describe("paths as documents write them", () => {
  it("literal text around parameters and several parameters in one segment, encoded, reach their operation", async () => {
    await api({ basic: { username: "AC1", password: "basic-secret-1" } }).files!.getAccount!({ Sid: "AC 1" }).catch(() => undefined);
    expect(last().url).toBe(`${mock.url}/2010-04-01/Accounts/AC%201.json`);
    await api({ basic: "AC1:basic-secret-1" }).files!.getAccount!({ Sid: "AC1" });
    await api({ queryKey: "query-secret-1" }).files!.getThumbnail!({ id: 7, extension: "png" });
    expect(last().url).toBe(`${mock.url}/files/7/thumbnail.png?key=query-secret-1`);
    await api({ session: "cookie-secret-1" }).files!.compareCommits!({ owner: "me", base: "main", head: "feature/x" });
    expect(last().url).toBe(`${mock.url}/repos/me/compare/main...feature%2Fx`);
  });

  it("a fixed query part is sent as written, a fragment never", async () => {
    await api({}).files!.listBetaItems!({ query: { page: 2 } });
    expect(last().url).toBe(`${mock.url}/items?beta=true&page=2`);
    await api({ apiKey: "header-secret-1", projectId: "project-secret-1" }).files!.createItem!();
    expect(last().url).toBe(`${mock.url}/items`);
  });

  it("the server refuses a typed path parameter that does not fit (the pattern segment's captures are checked)", async () => {
    const response = await fetch(`${mock.url}/files/x/thumbnail.gif?key=query-secret-1`);
    expect(response.status).toBe(400);
  });
});

describe("auth as the catalogue declares it", () => {
  it("sends each scheme where it says: basic, a query key, a cookie, two headers together, bearer", async () => {
    await api({ basic: { username: "AC1", password: "basic-secret-1" } }).files!.getAccount!({ Sid: "AC1" });
    expect(last().headers.Authorization).toBe(`Basic ${Buffer.from("AC1:basic-secret-1").toString("base64")}`);
    await api({ session: "cookie-secret-1" }).files!.compareCommits!({ owner: "me", base: "a", head: "b" });
    expect(last().headers.cookie).toBe("session=cookie-secret-1");
    await api({ apiKey: "header-secret-1", projectId: "project-secret-1" }).files!.createItem!();
    expect(last().headers).toMatchObject({ api_key: "header-secret-1", project_id: "project-secret-1" });
    // One of the AND pair alone does not do: the bearer alternative is taken when given.
    await api({ apiKey: "header-secret-1", bearer: () => "bearer-secret-1" }).files!.createItem!();
    expect(last().headers.Authorization).toBe("Bearer bearer-secret-1");
    expect(last().headers.api_key).toBeUndefined();
  });

  it("no credentials for [] ; optional ones ([[], [bearer]]) are sent when given", async () => {
    await api({ bearer: "bearer-secret-1" }).files!.listItems!();
    expect(last().headers.Authorization).toBeUndefined();
    await api({ bearer: "bearer-secret-1" }).files!.listBetaItems!();
    expect(last().headers.Authorization).toBe("Bearer bearer-secret-1");
  });

  it("the client refuses a call it has no credentials for, naming the alternatives", async () => {
    const error = await rejection(api({ apiKey: "header-secret-1" }).files!.createItem!());
    expect(error.kind).toBe("invalid_argument");
    expect(error.message).toContain("apiKey + projectId or bearer");
  });

  it("the server needs every credential of an alternative, each one known", async () => {
    const onlyOne = await fetch(`${mock.url}/items`, { method: "POST", headers: { api_key: "header-secret-1" } });
    expect(onlyOne.status).toBe(401);
    const unknown = await fetch(`${mock.url}/items`, { method: "POST", headers: { api_key: "header-secret-1", project_id: "nope" } });
    expect(unknown.status).toBe(401);
    const both = await fetch(`${mock.url}/items`, { method: "POST", headers: { api_key: "header-secret-1", project_id: "project-secret-1" } });
    expect(both.status).toBeLessThan(300);
    const cookie = await fetch(`${mock.url}/repos/me/compare/a...b`, { headers: { cookie: "other=1; session=cookie-secret-1" } });
    expect(cookie.status).toBeLessThan(300);
  });

  it("no credential in errors or hooks, and none follows a redirect to another origin", async () => {
    const seen: unknown[] = [];
    const wrong = client.createClient({ baseUrl: mock.url, retry: false, rateLimit: "off", auth: { queryKey: "query-secret-WRONG" }, onRequest: (event: unknown) => seen.push(event) }) as Api;
    const error = await rejection(wrong.files!.getThumbnail!({ id: 7, extension: "png" }));
    expect(error.status).toBe(401);
    expect(JSON.stringify([error.message, seen])).not.toContain("query-secret-WRONG");

    const received: IncomingHttpHeaders[] = [];
    const other = createServer((request, response) => {
      received.push(request.headers);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((done) => other.listen(0, "127.0.0.1", done));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const redirecting = createServer((_request, response) => response.writeHead(307, { location: `${otherUrl}/items` }).end());
    await new Promise<void>((done) => redirecting.listen(0, "127.0.0.1", done));
    try {
      const moved = client.createClient({
        baseUrl: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`,
        retry: false,
        rateLimit: "off",
        auth: { apiKey: "header-secret-1", projectId: "project-secret-1", session: "cookie-secret-1" },
      }) as Api;
      await moved.files!.createItem!();
      await moved.files!.compareCommits!({ owner: "me", base: "a", head: "b" });
      expect(received).toHaveLength(2);
      for (const headers of received) expect(JSON.stringify(headers)).not.toMatch(/secret-1/);
    } finally {
      other.close();
      redirecting.close();
    }
  });

  it("the generated client and server compile strict", async () => {
    const result = await typecheck(await generatedTypeScript(out), { version: "7.0", resolution: "nodenext" });
    expect(result.output).toBe("");
  }, 60_000);
});

describe("import", () => {
  it("Swagger 2.0 through swagger2openapi: every operation and scheme, JSON by default", async () => {
    const { catalogue: imported, report } = await importDocument(join(repoRoot, "node_modules/@readme/oas-examples/2.0/yaml/petstore.yaml"));
    expect(imported.modules.reduce((sum, module) => sum + module.operations.length, 0)).toBe(20);
    expect(imported.api.auth.schemes?.map((scheme) => [scheme.id, scheme.type, scheme.in ?? "", scheme.name ?? ""])).toEqual([
      ["petstore_auth", "oauth2", "", ""],
      ["api_key", "apiKey", "header", "api_key"],
    ]);
    expect(report.toText()).not.toMatch(/whole operation|security scheme "[^"]*":|\*\/\*/);
    await writeCatalogue(imported, join(await freshDir("swagger"), "catalogue"));
  });

  it("Swagger 2.0: a problem points into the user's text", async () => {
    const dir = await freshDir("swagger");
    const file = join(dir, "api.yaml");
    await writeFile(
      file,
      'swagger: "2.0"\ninfo:\n  title: T\n  version: "1"\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          schema:\n            $ref: "#/definitions/Missing"\n',
    );
    await expect(importDocument(file, { cwd: dir })).rejects.toThrow(/^api\.yaml:12:19: error: \$ref "#\/components\/schemas\/Missing" points at nothing/);
  });

  it("a summary over 1,000 characters: its first line (cut) is the summary, the whole text leads the description", async () => {
    const dir = await freshDir("summary");
    const long = `${"A very long summary sentence. ".repeat(46)}`.trim();
    expect(long.length).toBeGreaterThan(1_300);
    const file = join(dir, "api.json");
    await writeFile(
      file,
      JSON.stringify({ openapi: "3.0.3", info: { title: "T", version: "1" }, paths: { "/a": { get: { summary: long, description: "More.", responses: { "204": { description: "none" } } } } } }),
    );
    const { catalogue: imported, report } = await importDocument(file);
    const operation = imported.modules[0]!.operations[0]!;
    expect(operation.summary.length).toBeLessThanOrEqual(1_000);
    expect(operation.description).toBe(`${long}\n\nMore.`);
    expect(report.losses.filter((loss) => loss.pointer.includes("/paths/"))).toEqual([]);
    await writeCatalogue(imported, join(dir, "catalogue"));
  });
});
