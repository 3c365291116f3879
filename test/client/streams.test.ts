// Streamed responses end to end (issue 23): the client generated from
// test/fixtures/catalogues/streams-pages against the generated server on 127.0.0.1 (its handlers
// yield items) and against plain node:http servers where a test needs a broken connection or a
// gigabyte of JSON Lines.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";

type Stream = AsyncIterable<{ event?: string; id?: string; data: unknown } & Record<string, unknown>>;
type Api = Record<string, Record<string, (args?: object, options?: object) => Stream>>;
interface ClientModule {
  createClient(options: object): Api;
}
interface ServerModule {
  createRequestHandler(handlers: object, options: object): (request: Request) => Promise<Response>;
  toNodeHandler(handler: (request: Request) => Promise<Response>): (req: IncomingMessage, res: ServerResponse) => void;
}

let client: ClientModule;
let serverModule: ServerModule;
const servers: Server[] = [];

beforeAll(async () => {
  const out = await generateForTest({ catalogue: fixtureCatalogue("streams-pages"), targets: ["client", "server"] });
  client = (await import(pathToFileURL(join(out, "client/index.ts")).href)) as ClientModule;
  serverModule = (await import(pathToFileURL(join(out, "server/index.ts")).href)) as ServerModule;
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

/** The generated server with `handlers` for module live. */
function generatedServer(live: Record<string, unknown>): Promise<string> {
  const handle = serverModule.createRequestHandler(
    { live },
    { authenticate: (token: string) => (token === "t" ? { principalId: "s1", tokenKind: "personal" } : undefined) },
  );
  return listen(serverModule.toNodeHandler(handle));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function api(baseUrl: string, options: object = {}): Api {
  return client.createClient({ baseUrl, token: "t", retry: false, ...options });
}

describe("text/event-stream", () => {
  test("each event reaches the caller before the next is sent (the response still open), each parsed by its name", async () => {
    // The server sends an event only once the caller has the one before: no clock, so a busy
    // machine cannot make it pass or fail. Were events held until the response ended, the server
    // would wait in vain (20 s each) and say so.
    const received: (() => void)[] = [];
    const turns = Array.from({ length: 2 }, () => new Promise<boolean>((done) => received.push(() => done(true))));
    const waitedInVain: number[] = [];
    const callerHas = async (index: number) => {
      if (!(await Promise.race([turns[index]!, sleep(20_000).then(() => false)]))) waitedInVain.push(index + 1);
    };
    const url = await generatedServer({
      async *watchCompletion() {
        yield { event: "delta", id: "1", data: { text: "Hel" } };
        await callerHas(0);
        yield { event: "delta", id: "2", data: { text: "lo" } };
        await callerHas(1);
        yield { event: "done", id: "3", data: { reason: "stop" } };
      },
    });
    const seen: unknown[] = [];
    for await (const event of api(url).live!.watchCompletion!({ completionId: "c1" })) {
      seen.push(event);
      received[seen.length - 1]?.();
    }
    expect(seen).toEqual([
      { event: "delta", id: "1", data: { text: "Hel" } },
      { event: "delta", id: "2", data: { text: "lo" } },
      { event: "done", id: "3", data: { reason: "stop" } },
    ]);
    expect(waitedInVain).toEqual([]);
  }, 60_000);

  test("`break` ends the request: the server's generator is closed", async () => {
    let closed = false;
    const url = await generatedServer({
      async *watchCompletion() {
        try {
          for (let n = 1; ; n++) {
            yield { event: "delta", data: { text: String(n) } };
            await sleep(20);
          }
        } finally {
          closed = true;
        }
      },
    });
    const texts: unknown[] = [];
    for await (const event of api(url).live!.watchCompletion!({ completionId: "c1" })) {
      texts.push((event.data as { text: string }).text);
      if (texts.length === 3) break;
    }
    expect(texts).toEqual(["1", "2", "3"]);
    await expect.poll(() => closed, { timeout: 2000 }).toBe(true);
  });

  test("an AbortSignal ends the stream mid-way with an `aborted` ApiError", async () => {
    const url = await generatedServer({
      async *watchCompletion() {
        yield { event: "delta", data: { text: "a" } };
        await sleep(5000);
        yield { event: "done", data: { reason: "stop" } };
      },
    });
    const controller = new AbortController();
    const seen: unknown[] = [];
    const reading = (async () => {
      for await (const event of api(url).live!.watchCompletion!({ completionId: "c1" }, { signal: controller.signal })) {
        seen.push(event.event);
        controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: "ApiError", kind: "aborted" });
    expect(seen).toEqual(["delta"]);
  });

  test("text data stays text; events without a name are `message`", async () => {
    const url = await generatedServer({
      async *startCompletion({ body }: { body: { prompt: string } }) {
        yield { data: `${body.prompt}: one` };
        yield { data: "two\nlines" };
      },
    });
    const events: unknown[] = [];
    for await (const event of api(url).live!.startCompletion!({ body: { prompt: "p" } })) events.push(event);
    expect(events).toEqual([
      { event: "message", id: undefined, data: "p: one" },
      { event: "message", id: undefined, data: "two\nlines" },
    ]);
  });

  test("a GET stream that breaks off reconnects with Last-Event-ID and goes on from there", async () => {
    const asked: (string | undefined)[] = [];
    const url = await listen((req, res) => {
      const last = req.headers["last-event-id"] as string | undefined;
      asked.push(last);
      res.writeHead(200, { "content-type": "text/event-stream" });
      if (last === undefined) {
        res.write('retry: 10\n\nid: 1\nevent: delta\ndata: {"text":"a"}\n\nid: 2\nevent: delta\ndata: {"text":"b"}\n\n');
        setTimeout(() => res.destroy(), 30);
      } else {
        res.end(`id: 3\nevent: done\ndata: {"reason":"stop"}\n\n`);
      }
    });
    const ids: unknown[] = [];
    for await (const event of api(url).live!.watchCompletion!({ completionId: "c1" })) ids.push(event.id);
    expect(ids).toEqual(["1", "2", "3"]);
    expect(asked).toEqual([undefined, "2"]);
  });

  test("a POST stream (not idempotent) that breaks off fails as `network` without sending again", async () => {
    let requests = 0;
    const url = await listen((_req, res) => {
      requests++;
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: one\n\n");
      setTimeout(() => res.destroy(), 30);
    });
    const seen: unknown[] = [];
    const reading = (async () => {
      for await (const event of api(url).live!.startCompletion!({ body: { prompt: "p" } })) seen.push(event.data);
    })();
    await expect(reading).rejects.toMatchObject({ kind: "network" });
    expect(seen).toEqual(["one"]);
    expect(requests).toBe(1);
  });

  test("an error status when opening fails the iteration with its ApiError; retries apply to opening", async () => {
    let requests = 0;
    const url = await listen((_req, res) => {
      requests++;
      if (requests === 1) {
        res.writeHead(503, { "content-type": "application/json", "retry-after": "0" });
        res.end('{"title":"busy"}');
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end('event: done\ndata: {"reason":"stop"}\n\n');
    });
    const events: unknown[] = [];
    for await (const event of client.createClient({ baseUrl: url, token: "t" }).live!.watchCompletion!({ completionId: "c1" })) events.push(event.event);
    expect(events).toEqual(["done"]);
    expect(requests).toBe(2);
    const failing = await listen((_req, res) => {
      res.writeHead(404, { "content-type": "application/json" });
      res.end('{"title":"no such completion"}');
    });
    await expect((async () => {
      for await (const _ of api(failing).live!.watchCompletion!({ completionId: "c1" })) void _;
    })()).rejects.toMatchObject({ kind: "not_found", status: 404 });
  });
});

describe("JSON Lines and JSON text sequences", () => {
  test("the generated server writes a handler's rows as JSON Lines and JSON text sequences, the client reads them back", async () => {
    const rows = [{ n: 1, name: "one" }, { n: 2, name: "two\nlines" }];
    const url = await generatedServer({
      async *exportRows() {
        yield* rows;
      },
      async *feed() {
        yield* rows;
      },
    });
    const lines: unknown[] = [];
    for await (const row of api(url).live!.exportRows!()) lines.push(row);
    const records: unknown[] = [];
    for await (const row of api(url).live!.feed!()) records.push(row);
    expect(lines).toEqual(rows);
    expect(records).toEqual(rows);
    const raw = await fetch(`${url}/feed`, { headers: { authorization: "t" } });
    expect(raw.headers.get("content-type")).toBe("application/json-seq");
    expect(await raw.text()).toBe('\u001e{"n":1,"name":"one"}\n\u001e{"n":2,"name":"two\\nlines"}\n');
  });

  test("1 GiB of JSON Lines passes through the client in bounded memory", async () => {
    // One 64 KiB line per row, 16 rows a chunk made once and sent 1,024 times: 1 GiB, generated as it is sent.
    const name = "x".repeat(64 * 1024 - 30);
    const chunk = Buffer.from(Array.from({ length: 16 }, (_, i) => `{"n":${i + 1},"name":"${name}"}\n`).join(""));
    const rows = 16_384;
    const url = await listen((_req, res) => {
      res.writeHead(200, { "content-type": "application/jsonl" });
      let sent = 0;
      const pump = (): void => {
        while (sent < rows) {
          sent += 16;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      pump();
    });
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    let count = 0;
    let bytes = 0;
    let last = 0;
    for await (const row of api(url).live!.exportRows!()) {
      const { n, name: text } = row as unknown as { n: number; name: string };
      count++;
      bytes += text.length + 30;
      last = n;
      if (count % 512 === 0) {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }
    }
    expect(count).toBe(rows);
    expect(last).toBe(16);
    expect(bytes).toBeGreaterThanOrEqual(1024 ** 3);
    const growth = { rss: (peakRss - before.rss) / 1024 ** 2, heap: (peakHeap - before.heapUsed) / 1024 ** 2 };
    console.log(`1 GiB of JSON Lines: RSS grew ${growth.rss.toFixed(1)} MiB, heap ${growth.heap.toFixed(1)} MiB at most`);
    expect(growth.rss).toBeLessThan(256);
    expect(growth.heap).toBeLessThan(128);
  }, 60_000);

  test("an item larger than maxItemBytes fails as `too_large`", async () => {
    const url = await listen((_req, res) => {
      res.writeHead(200, { "content-type": "application/jsonl" });
      res.end(`{"n":1,"name":"${"y".repeat(5000)}"}\n`);
    });
    await expect((async () => {
      for await (const _ of api(url).live!.exportRows!({}, { maxItemBytes: 1000 })) void _;
    })()).rejects.toMatchObject({ kind: "too_large" });
  });

  test("an item that is not JSON is named by its number and a short snippet, escaped, without the token (issue 44, 10)", async () => {
    const token = "stream-secret-token-1";
    const url = await listen((_req, res) => {
      res.writeHead(200, { "content-type": "application/jsonl" });
      res.end(`{"n":1}\n{"n":2}\n{"n":3, oops ${token} \u001b[31m\u202e ${"z".repeat(100)}\n{"n":4}\n`);
    });
    const rows: unknown[] = [];
    const error = await (async () => {
      for await (const row of api(url, { token }).live!.exportRows!()) rows.push(row);
    })().catch((thrown: unknown) => thrown as Error & { kind: string });
    expect(rows).toEqual([{ n: 1 }, { n: 2 }]);
    expect(error).toMatchObject({ kind: "validation" });
    expect(error!.message).toContain('item 3 of the stream is not valid JSON: "{\\"n\\":3, oops [redacted] \\u001b[31m\\u202e zzz');
    expect(error!.message).toMatch(/z\.\.\."$/);
    expect(error!.message).not.toContain(token);
    expect(error!.message).not.toMatch(/[\u001b\u202e]/);
  });
});
