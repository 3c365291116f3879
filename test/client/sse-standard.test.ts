// Server-Sent Events as the standard reads them (issue 42, point 4): the client generated from
// test/fixtures/catalogues/streams-pages against plain node:http servers on 127.0.0.1 that end
// their lines with CR alone or CRLF split across writes, and that ask for a reconnection delay
// setTimeout cannot hold.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";

type Stream = AsyncIterable<{ event?: string; id?: string; data: unknown; retry?: number }>;
type Api = Record<string, Record<string, (args?: object, options?: object) => Stream>>;

let createClient: (options: object) => Api;
const servers: Server[] = [];

beforeAll(async () => {
  const out = await generateForTest({ catalogue: fixtureCatalogue("streams-pages"), targets: ["client"] });
  ({ createClient } = (await import(pathToFileURL(join(out, "client/index.ts")).href)) as { createClient: (options: object) => Api });
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const EVENTS = 'id: 1\nevent: delta\ndata: {"text":"a"}\n\nid: 2\nevent: done\ndata: {"reason":"stop"}\n\n';

async function read(url: string, options: object = {}): Promise<unknown[]> {
  const seen: unknown[] = [];
  for await (const event of createClient({ baseUrl: url, token: "t", retry: false }).live!.watchCompletion!({ completionId: "c1" }, options)) seen.push(event);
  return seen;
}

describe("SSE line ends over a real connection", () => {
  test("CR alone: every event arrives", async () => {
    const url = await listen((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(EVENTS.replace(/\n/g, "\r"));
    });
    expect(await read(url)).toEqual([
      { event: "delta", id: "1", data: { text: "a" } },
      { event: "done", id: "2", data: { reason: "stop" } },
    ]);
  });

  test("CRLF with each CR and its LF in separate writes: the same events, none early", async () => {
    const url = await listen(async (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const part of EVENTS.replace(/\n/g, "\r\n").split(/(?<=\r)/)) {
        res.write(part);
        await sleep(5);
      }
      res.end();
    });
    expect(await read(url)).toEqual([
      { event: "delta", id: "1", data: { text: "a" } },
      { event: "done", id: "2", data: { reason: "stop" } },
    ]);
  });
});

describe("the retry field", () => {
  test("retry: 1000000000000 is clamped to 5 minutes: the client waits instead of reconnecting every millisecond", async () => {
    let requests = 0;
    const url = await listen((_req, res) => {
      requests++;
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write('retry: 1000000000000\nid: 1\nevent: delta\ndata: {"text":"a"}\n\n');
      setTimeout(() => res.destroy(), 20);
    });
    const stop = new AbortController();
    const seen: unknown[] = [];
    const reading = (async () => {
      for await (const event of createClient({ baseUrl: url, token: "t", retry: false }).live!.watchCompletion!({ completionId: "c1" }, { signal: stop.signal })) seen.push(event);
    })();
    await sleep(1_500);
    stop.abort();
    await expect(reading).rejects.toMatchObject({ name: "ApiError", kind: "aborted" });
    expect(requests).toBe(1);
    expect(seen).toEqual([{ event: "delta", id: "1", data: { text: "a" }, retry: 300_000 }]);
  });
});
