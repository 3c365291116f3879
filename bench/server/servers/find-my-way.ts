// find-my-way on node:http serving the benchmark's three routes with the same auth check, the same
// per-seller limit, the same body check (ajv-compiled) and error bodies of the same shape.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import FindMyWay from "find-my-way";
import {
  DISCREPANCIES,
  ITEM_NAME,
  JSON_TYPE,
  MAX_BODY_BYTES,
  TOKEN_KINDS,
  authenticate,
  checkNewOrder,
  errorBody,
  isJsonContentType,
  takeDiscrepancyBudget,
  type Identity,
} from "./shared.js";

function fail(res: ServerResponse, status: number, detail: string, code: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, "content-type": JSON_TYPE });
  res.end(errorBody(status, detail, code));
}

function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, "content-type": JSON_TYPE });
  res.end(JSON.stringify(value));
}

function auth(req: IncomingMessage, res: ServerResponse): Identity | undefined {
  const token = req.headers.authorization?.trim();
  const identity = token ? authenticate(token) : undefined;
  if (!token) fail(res, 401, "The Authorization header with a token is required.", "missing-token");
  else if (!identity) fail(res, 401, "The token is not valid.", "invalid-token");
  else if (!TOKEN_KINDS.includes(identity.tokenKind)) fail(res, 403, "This operation accepts these token kinds: personal, service.", "token-kind-not-accepted");
  else return identity;
  return undefined;
}

const router = FindMyWay({
  defaultRoute: (_req, res) => fail(res, 404, "No operation has this path.", "route-not-found"),
});

router.on("GET", "/api/bench/v1/items/:itemId", (req, res, params) => {
  if (!auth(req, res)) return;
  json(res, 200, { id: params["itemId"], name: ITEM_NAME, price: 12.5 });
});

router.on("GET", "/api/supplies/v1/discrepancies/:supplyId", (req, res) => {
  const identity = auth(req, res);
  if (!identity) return;
  const decision = takeDiscrepancyBudget(identity.sellerId);
  if (!decision.allowed) {
    const retry = String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
    return fail(res, 429, `Too many requests for this seller; retry in ${retry} s.`, "rate-limited", {
      "x-ratelimit-retry": retry,
      "retry-after": retry,
      "x-ratelimit-limit": String(decision.limit),
      "x-ratelimit-reset": String(Math.ceil(decision.resetAfterMs / 1000)),
    });
  }
  json(res, 200, DISCREPANCIES, { "x-ratelimit-remaining": String(decision.remaining) });
});

router.on("POST", "/api/bench/v1/orders", (req, res) => {
  if (!auth(req, res)) return;
  if (!isJsonContentType(req.headers["content-type"])) {
    return fail(res, 415, "This operation accepts bodies of type application/json.", "unsupported-media-type");
  }
  const chunks: Buffer[] = [];
  let total = 0;
  let tooLarge = false;
  req.on("data", (chunk: Buffer) => {
    total += chunk.byteLength;
    if (total > MAX_BODY_BYTES) {
      if (!tooLarge) fail(res, 413, `The body may hold at most ${MAX_BODY_BYTES} bytes.`, "body-too-large");
      tooLarge = true;
      return;
    }
    chunks.push(chunk);
  });
  req.on("end", () => {
    if (tooLarge) return;
    let body: { supplyId: string; lines: unknown[] };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return fail(res, 400, "The body is not valid JSON.", "malformed-json");
    }
    const problem = checkNewOrder(body);
    if (problem !== undefined) return fail(res, 400, problem, "invalid-body");
    json(res, 201, { id: `o-${body.supplyId}`, lines: body.lines.length });
  });
});

const server = createServer((req, res) => router.lookup(req, res));
server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));
