// The generated client and server run as they are (issue 10, items 6 and 7): generated with
// `importExtension: "ts"`, fixtures/serve.ts runs under Deno (`deno run --allow-net`), Bun
// and, where the running Node strips types, Node itself. In each it serves the generated server
// with the runtime's own HTTP server on 127.0.0.1, calls it with the generated client, and then
// answers real requests from this test. Also: the generated client calls a real node:http server.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { copyFile, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import { scaffoldHandlers } from "../../src/scaffold/index.js";
import { repoCatalogue, repoRoot } from "../helpers/generate.js";
import { generatePortable } from "./consumer.js";
import { noTypeStrippingNode, typeStrippingNode } from "./node24.js";

const deno = join(repoRoot, "node_modules/.bin/deno");
const bun = join(repoRoot, "node_modules/.bin/bun");
const serveFixture = join(repoRoot, "test/portable/fixtures/serve.ts.txt");
// No update checks, no permission prompts (a missing permission fails instead of waiting).
const env = { ...process.env, DENO_NO_UPDATE_CHECK: "1", DENO_NO_PROMPT: "1", NO_COLOR: "1" };

let tsOut: string;
let jsOut: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  [tsOut, jsOut] = await Promise.all([generatePortable(["client", "server"], "ts"), generatePortable(["client", "server"], "js")]);
  await Promise.all([copyFile(serveFixture, join(tsOut, "serve.ts")), copyFile(serveFixture, join(jsOut, "serve.ts"))]);
}, 60_000);

afterAll(() => {
  for (const child of running) child.kill();
});

interface Served {
  port: number;
  counted: unknown;
  refused: string;
}

/** Runs serve.ts and resolves with its JSON line; rejects with its stderr if it exits first. */
function serve(command: string, args: string[], cwd: string): Promise<Served> {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  running.push(child);
  let stdout = "";
  let stderr = "";
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split("\n").find((text) => text.startsWith("{"));
      if (line !== undefined && stdout.includes("\n")) resolve(JSON.parse(line) as Served);
    });
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => reject(new Error(`${command} exited with ${code}:\n${stderr}${stdout}`)));
  });
}

/** Real requests from here to the server `serve` started, and what the generated client got there. */
async function expectServes(served: Served, runtime: string): Promise<void> {
  expect(served.counted).toEqual({ count: 3, runtime });
  expect(served.refused).toBe("unauthorized 401");
  const base = `http://127.0.0.1:${served.port}`;
  const ok = await fetch(`${base}/api/v1/questions/count-unanswered`, { headers: { Authorization: "tok-s1" } });
  expect(ok.status).toBe(200);
  expect(await ok.json()).toEqual({ count: 3, runtime });
  const anonymous = await fetch(`${base}/api/v1/questions/count-unanswered`);
  expect(anonymous.status).toBe(401);
  const unknown = await fetch(`${base}/api/v1/nowhere`, { headers: { Authorization: "tok-s1" } });
  expect(unknown.status).toBe(404);
}

describe("importExtension ts: the generated server answers real requests, the generated client calls it", () => {
  test("Deno 2 (deno run --allow-net: no flag but the network permission)", async () => {
    await expectServes(await serve(deno, ["run", "--allow-net", "serve.ts", "deno"], tsOut), "deno");
  }, 30_000);

  test("Bun (bun run)", async () => {
    await expectServes(await serve(bun, ["run", "serve.ts", "bun"], tsOut), "bun");
  }, 30_000);

  test.skipIf(noTypeStrippingNode !== undefined)(
    `Node's type stripping (node serve.ts, Node 22.18+ or the pinned Node 24)${noTypeStrippingNode ? `: skipped, ${noTypeStrippingNode}` : ""}`,
    async () => {
      const node = typeStrippingNode();
      expect(execFileSync(node, ["-p", "process.features.typescript"], { encoding: "utf8" }).trim()).toBe("strip");
      await expectServes(await serve(node, ["serve.ts", "node"], tsOut), "node");
    },
    300_000,
  );
});

test("scaffolded handlers in ts mode run on Deno beside the ts-mode server (their imports end in .ts too)", async () => {
  await scaffoldHandlers(await loadModel(repoCatalogue), { outDir: join(tsOut, "handlers"), serverDir: join(tsOut, "server"), importExtension: "ts" });
  await writeFile(
    join(tsOut, "scaffolded.ts"),
    `import { handlers } from "./handlers/index.ts";
import { createRequestHandler } from "./server/index.ts";
const handle = createRequestHandler(handlers, { authenticate: (token) => (token === "tok" ? { principalId: "s1", tokenKind: "personal" } : undefined) });
const answer = await handle(new Request("http://127.0.0.1/api/v1/questions/count-unanswered", { headers: { Authorization: "tok" } }));
console.log(answer.status, (await answer.json()).code);
`,
  );
  const child = spawn(deno, ["run", "scaffolded.ts"], { cwd: tsOut, env, stdio: ["ignore", "pipe", "pipe"] });
  running.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  expect(output).toBe("501 not-implemented\n");
  expect(code).toBe(0);
}, 30_000);

test("importExtension js (the default) does not run on Deno: it asks for .ts (the case the option is for)", async () => {
  await expect(serve(deno, ["run", "--allow-net", "serve.ts", "deno"], jsOut)).rejects.toThrow(/Module not found "[^"]+\.js"\. Maybe change the extension to '\.ts'/);
}, 30_000);

describe("the generated client (importExtension ts) against a real node:http server on 127.0.0.1", () => {
  let http: Server;
  let base: string;
  const received: { method: string | undefined; url: string | undefined; authorization: string | undefined }[] = [];

  beforeAll(async () => {
    http = createServer((request: IncomingMessage, response) => {
      received.push({ method: request.method, url: request.url, authorization: request.headers.authorization });
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ count: 7 }));
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  test("sends the request over the wire and resolves to the parsed body", async () => {
    interface ClientModule {
      createClient(options: { baseUrl: string; token: string }): { communications: { countUnansweredQuestions(): Promise<unknown> } };
    }
    const client = (await import(pathToFileURL(join(tsOut, "client/index.ts")).href)) as ClientModule;
    const api = client.createClient({ baseUrl: base, token: "tok-node" });
    expect(await api.communications.countUnansweredQuestions()).toEqual({ count: 7 });
    expect(received).toEqual([{ method: "GET", url: "/api/v1/questions/count-unanswered", authorization: "tok-node" }]);
  });
});
