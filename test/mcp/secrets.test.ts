// Credentials never reach an agent (issue 42, points 2 and 4): `catalogen mcp` on stdio, driven by
// the SDK's own client, in front of a real HTTP server on 127.0.0.1 that echoes the API key it
// receives in every spelling (raw, lower and upper case, percent-encoded, base64 alone and inside a
// longer base64 text, base64url, JSON `\u` escapes) in a 2xx body, an error body, a text body and
// a response header. No result, text or structured, success or error, holds any of them. A JSON
// tool whose API answers with a non-JSON body is a `status: "error"` result, not a protocol error.
import { mkdir, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDir } from "../helpers/generate.js";
import { stdioSession, type StdioSession } from "./support.js";

/** Mixed case, `/`, `+` and `=` (percent-encoding and base64 both differ from the raw text), 32 characters. */
const KEY = "Sk/Live+Mcp=Key-7Hq2ZpXv9Wd4Rt6N";

function base64(text: string): string {
  return Buffer.from(text).toString("base64");
}

/** Every spelling of `key` a careless API might echo. */
function spellings(key: string) {
  return {
    raw: key,
    lower: key.toLowerCase(),
    upper: key.toUpperCase(),
    percent: encodeURIComponent(key),
    percentLower: encodeURIComponent(key).toLowerCase(),
    base64: base64(key),
    base64Url: base64(key).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
    basic: base64(`seller:${key}`),
    basicShifted: base64(`x-seller:${key}`),
    bearerInBase64: base64(`Bearer ${key}`),
    escaped: [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
  };
}

/** The texts no result may contain: each spelling, and each without its last few characters (no long part either). */
function forbidden(key: string): string[] {
  const texts = Object.values(spellings(key)).filter((text) => !text.startsWith("\\u"));
  return [...texts, ...texts.map((text) => text.slice(0, 20))];
}

/** The JSON body, as text: the spellings as values and as keys; `\u` escapes written into the text itself. */
function echoBody(key: string): string {
  const all = spellings(key);
  const { escaped, ...rest } = all;
  const json = JSON.stringify({ ...rest, [all.lower]: "as a key", nested: [{ deep: `token=${all.percent}&x=1` }] });
  return `${json.slice(0, -1)},"escaped":"${escaped}"}`;
}

const catalogue = {
  "api.yaml": {
    api: {
      title: "Echo API",
      auth: { header: "X-Api-Key", tokenKinds: [{ id: "personal", description: "Personal key" }] },
    },
  },
  "echo.yaml": {
    module: { id: "echo", title: "Echo", area: "An API that echoes the key it receives" },
    operations: [
      ...["getEcho", "getFailure", "getBroken"].map((id) => ({
        id,
        method: "GET",
        path: `/${id}`,
        summary: id,
        request: "none",
        responses: { "200": { description: "The echo", content: { "application/json": { schema: { type: "map", values: { type: "unknown" } } } } } },
      })),
      {
        id: "getText",
        method: "GET",
        path: "/getText",
        summary: "getText",
        request: "none",
        responses: { "200": { description: "The echo as text", content: { "text/plain": { schema: { type: "string" } } } } },
      },
    ],
  },
};

let api: Server;
let session: StdioSession;

beforeAll(async () => {
  api = createServer((request: IncomingMessage, response: ServerResponse) => {
    const key = String(request.headers["x-api-key"] ?? "");
    const body = echoBody(key);
    if (request.url === "/getEcho") response.writeHead(200, { "content-type": "application/json", "x-echo": key }).end(body);
    else if (request.url === "/getFailure") response.writeHead(400, { "content-type": "application/json" }).end(body);
    else if (request.url === "/getText") response.writeHead(200, { "content-type": "text/plain" }).end(Object.values(spellings(key)).join("\n"));
    else if (request.url === "/getBroken") response.writeHead(200, { "content-type": "text/html" }).end(`<html>a proxy's page ${key}</html>`);
    else response.writeHead(404).end();
  });
  await new Promise<void>((done) => api.listen(0, "127.0.0.1", done));
  const project = await freshDir("mcp-secrets");
  const dir = join(project, "catalogue");
  await mkdir(dir);
  for (const [name, content] of Object.entries(catalogue)) await writeFile(join(dir, name), JSON.stringify(content, null, 2));
  const { port } = api.address() as AddressInfo;
  session = await stdioSession(["--catalogue", dir], { API_TOKEN: KEY, API_BASE_URL: `http://127.0.0.1:${port}` });
  // As an agent does: with the tools listed, the SDK's client checks each result against its output schema.
  await session.client.listTools();
}, 60_000);

afterAll(async () => {
  await session?.close();
  await new Promise((done) => api?.close(done));
});

function expectNoSpelling(result: unknown): void {
  const text = JSON.stringify(result);
  const decoded = JSON.stringify(JSON.parse(text.replace(/\\\\u/g, "\\u")));
  for (const spelling of forbidden(KEY)) {
    expect(text, spelling).not.toContain(spelling);
    expect(decoded, spelling).not.toContain(spelling);
  }
  expect(text.toLowerCase()).not.toContain(KEY.toLowerCase().slice(0, 12));
}

describe("catalogen mcp: no spelling of the credential reaches the agent", () => {
  it("a 2xx JSON body that echoes it: text and structured content redacted, the rest kept", async () => {
    const result = await session.client.callTool({ name: "getEcho", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: "ok", result: { raw: "[redacted]", lower: "[redacted]", percent: "[redacted]", base64: "[redacted]" } });
    expect(JSON.stringify(result)).toContain("as a key");
    expectNoSpelling(result);
  });

  it("an error body that echoes it", async () => {
    const result = await session.client.callTool({ name: "getFailure", arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: "error", error: { httpStatus: 400 } });
    expectNoSpelling(result);
  });

  it("a text body that echoes it", async () => {
    const result = await session.client.callTool({ name: "getText", arguments: {} });
    expect(result.structuredContent).toMatchObject({ status: "ok" });
    expectNoSpelling(result);
  });

  it("a JSON tool answered with a non-JSON body: a status error result, not a protocol error", async () => {
    const result = await session.client.callTool({ name: "getBroken", arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: "error", error: { kind: "validation" } });
    expectNoSpelling(result);
  });

  it("nothing on stderr either", () => {
    for (const spelling of forbidden(KEY)) expect(session.stderr()).not.toContain(spelling);
  });
});
