// Hosts: the client generated from a catalogue with servers sends each operation to its server of
// the chosen environment. Real HTTP servers on 127.0.0.1 stand in for the production and sandbox
// hosts (the catalogue is copied with their URLs); the type tests in fixtures/usage-servers.ts
// compile under the strict flags.
import { copyFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fixtureCatalogue, freshDir, generateForTest } from "../helpers/generate.js";
import { typecheck, type TypeScriptVersion } from "../helpers/tsc.js";
import { importClient, rejection, startServer, type ClientModule, type TestServer } from "./support.js";

const TOKEN = "tok-hosts-0001";
let production: TestServer;
let sandbox: TestServer;
let client: ClientModule;

/** The servers fixture with its hosts moved onto the two local servers (paths keep them apart). */
async function localCatalogue(): Promise<string> {
  const source = fixtureCatalogue("servers");
  const dir = await freshDir("servers-catalogue");
  await mkdir(dir, { recursive: true });
  const hosts: Record<string, string> = {
    "https://api.example.com/v2": `${production.url}/v2`,
    "https://sandbox.example.com/v2": `${sandbox.url}/v2`,
    "https://uploads.example.com": `${production.url}/uploads`,
    "https://reports.example.com": `${production.url}/reports-host`,
  };
  for (const name of await readdir(source)) {
    let text = await readFile(join(source, name), "utf8");
    for (const [from, to] of Object.entries(hosts)) text = text.replaceAll(from, to);
    await writeFile(join(dir, name), text);
  }
  return dir;
}

beforeAll(async () => {
  production = await startServer();
  sandbox = await startServer();
  client = await importClient(await generateForTest({ targets: ["client"], catalogue: await localCatalogue() }));
});
afterAll(async () => {
  await production.close();
  await sandbox.close();
});

function received(): string[] {
  const out = [...production.received.map((r) => `production ${r.method} ${r.url}`), ...sandbox.received.map((r) => `sandbox ${r.method} ${r.url}`)];
  production.reset();
  sandbox.reset();
  return out;
}

describe("environment picks each operation's server", () => {
  test("default: production (the first environment of api.servers)", async () => {
    const api = client.createClient({ token: TOKEN });
    await api.things!.listThings!();
    await api.things!.uploadThing!({ body: { a: 1 } });
    await api.reports!.getReport!({ reportId: "r1" });
    await api.reports!.reportStatus!();
    expect(received()).toEqual([
      "production GET /v2/things",
      "production POST /uploads/things/upload",
      "production GET /reports-host/reports/r1",
      "production GET /v2/reports/status",
    ]);
  });

  test("sandbox: the API's sandbox server; the uploads server serves every environment", async () => {
    const api = client.createClient({ token: TOKEN, environment: "sandbox" });
    await api.things!.listThings!();
    await api.things!.uploadThing!({ body: { a: 1 } });
    await api.things!.clearThings!();
    await api.reports!.reportStatus!();
    expect(received()).toEqual([
      "production POST /uploads/things/upload",
      "production DELETE /uploads/things",
      "sandbox GET /v2/things",
      "sandbox GET /v2/reports/status",
    ]);
  });

  test("an operation with no server of the environment fails before sending, unless baseUrl covers its module", async () => {
    const error = await rejection(client.createClient({ token: TOKEN, environment: "sandbox" }).reports!.getReport!({ reportId: "r1" }));
    expect(error.kind).toBe("invalid_argument");
    expect(error.message).toContain("no base URL for module reports");
    expect(received()).toEqual([]);

    const api = client.createClient({ token: TOKEN, environment: "sandbox", baseUrl: { reports: `${sandbox.url}/own-reports` } });
    await api.reports!.getReport!({ reportId: "r1" });
    await api.reports!.reportStatus!(); // the module's key wins over the operation's own servers
    await api.things!.listThings!();
    expect(received()).toEqual(["sandbox GET /own-reports/reports/r1", "sandbox GET /own-reports/reports/status", "sandbox GET /v2/things"]);
  });

  test("baseUrl as a string, or its default, replaces the servers as before", async () => {
    await client.createClient({ token: TOKEN, environment: "production", baseUrl: `${sandbox.url}/proxy` }).things!.uploadThing!({ body: {} });
    await client.createClient({ token: TOKEN, baseUrl: { default: `${sandbox.url}/d` } }).reports!.getReport!({ reportId: "x" });
    expect(received()).toEqual(["sandbox POST /proxy/things/upload", "sandbox GET /d/reports/x"]);
  });

  test("standalone functions over createTransport({ environment })", async () => {
    const transport = client.createTransport({ token: TOKEN, environment: "sandbox" });
    await (client.listThings as (t: unknown) => Promise<unknown>)(transport);
    expect(received()).toEqual(["sandbox GET /v2/things"]);
  });

  test("an environment the catalogue does not name is refused at once", () => {
    expect(() => client.createClient({ token: TOKEN, environment: "staging" })).toThrow('unknown environment "staging"; the catalogue\'s servers have: production, sandbox');
    expect(() => client.createClient({ token: TOKEN, environment: "constructor" })).toThrow("unknown environment");
  });

  test("one client keeps one rate-limit and retry state across hosts (the features are shared)", async () => {
    sandbox.handle((_req, res) => {
      res.writeHead(503).end();
    });
    const api = client.createClient({ token: TOKEN, environment: "sandbox", retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    const error = await rejection(api.things!.listThings!());
    expect(error.status).toBe(503);
    expect(received()).toEqual(["sandbox GET /v2/things", "sandbox GET /v2/things"]);
  });
});

describe("types", () => {
  let files: string[] = [];
  beforeAll(async () => {
    const out = await generateForTest({ targets: ["client"], catalogue: fixtureCatalogue("servers") });
    await copyFile(new URL("./fixtures/usage-servers.ts", import.meta.url), join(out, "usage-servers.ts"));
    const entries = await readdir(join(out, "client"), { recursive: true });
    files = [...entries.filter((name) => name.endsWith(".ts")).map((name) => join(out, "client", name)), join(out, "usage-servers.ts")];
  });

  test.each(["5.9", "7.0"] as TypeScriptVersion[])("TypeScript %s, strict portable flags: no errors, every @ts-expect-error holds", async (version) => {
    const result = await typecheck(files, { version, resolution: "nodenext", portable: true, types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });
});
