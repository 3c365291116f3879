// Runs the compiled TypeScript blocks of one group (test/docs/run-blocks.test.ts) in this one process,
// in page order, against `catalogen mock` of the group's catalogue started here: a request to any
// host but this machine goes to the mock instead (the path and query kept), and a server a block
// starts listens on a free port instead of the one it names. A request to one of the catalogue's
// servers loses the server's path, and http://127.0.0.1:4010 (the mock's default address) is the
// mock too. The mock accepts any token, as an identity of the kind given, a new one for each block
// (so one block's calls do not spend another's budget). One JSON line per block is appended to the
// results file: { where, ok, error? }.
// Usage: node run-blocks-driver.mjs '{"dist": ".../dist/index.js", "catalogue": "...", "principalField": "sellerId", "tokenKind": "personal",
//   "servers": ["https://api.example.com/v2"], "results": ".../results.jsonl", "blocks": [{ "where": "README.md:92", "file": ".../x.mjs" }]}'
import { appendFileSync } from "node:fs";
import http from "node:http";
import { pathToFileURL } from "node:url";

const { dist, catalogue, principalField, tokenKind, servers, results, blocks } = JSON.parse(process.argv[2]);
const BLOCK_TIMEOUT_MS = 60_000;

let blockIndex = 0;
class AnyToken extends Map {
  get(token) {
    return token === "" ? undefined : { [principalField]: `doc-reader-${blockIndex}`, tokenKind };
  }
}

const { startMock } = await import(pathToFileURL(dist).href);
const mock = await startMock({ catalogue, tokens: new AnyToken() });

const loopback = new Set(["127.0.0.1", "localhost", "[::1]"]);
const realFetch = globalThis.fetch;
let inFlight = 0;
let lastSettled = 0;
globalThis.fetch = async (input, init) => {
  inFlight++;
  try {
    return await routed(new Request(input, init));
  } finally {
    inFlight--;
    lastSettled = Date.now();
  }
};

async function routed(request) {
  const url = new URL(request.url);
  if (loopback.has(url.hostname) && url.port !== "4010") return realFetch(request);
  const server = servers.map((base) => new URL(base)).find((base) => base.origin === url.origin && url.pathname.startsWith(base.pathname.replace(/\/$/, "")));
  const path = server ? url.pathname.slice(server.pathname.replace(/\/$/, "").length) : url.pathname;
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  return realFetch(new URL(`${path}${url.search}`, mock.url), {
    method: request.method,
    headers: request.headers,
    redirect: request.redirect,
    signal: request.signal,
    ...(body && { body }),
  });
}

/** Until no request of the block's is under way and none has ended for a moment (`void main()`). */
async function settled() {
  do await new Promise((done) => setTimeout(done, 100));
  while (inFlight > 0 || Date.now() - lastSettled < 300);
}

const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  if (typeof args[0] === "number") args[0] = 0;
  return listen.apply(this, args);
};

let unhandled;
process.on("unhandledRejection", (reason) => (unhandled = reason));

for (const { where, file } of blocks) {
  unhandled = undefined;
  blockIndex++;
  let timer;
  try {
    await Promise.race([
      import(pathToFileURL(file).href).then(settled),
      new Promise((_, fail) => (timer = setTimeout(() => fail(new Error(`still running after ${BLOCK_TIMEOUT_MS / 1000} s`)), BLOCK_TIMEOUT_MS))),
    ]);
    if (unhandled !== undefined) throw unhandled;
    appendFileSync(results, `${JSON.stringify({ where, ok: true })}\n`);
  } catch (error) {
    appendFileSync(results, `${JSON.stringify({ where, ok: false, error: String(error?.stack ?? error) })}\n`);
  } finally {
    clearTimeout(timer);
  }
}
await mock.close();
process.exit(0);
