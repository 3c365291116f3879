// Hono with @hono/node-server serving the benchmark's three routes with the same auth check, the
// same per-seller limit, the same body check (ajv-compiled) and error bodies of the same shape.
import { serve } from "@hono/node-server";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
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

function fail(c: Context, status: number, detail: string, code: string, headers: Record<string, string> = {}): Response {
  return c.body(errorBody(status, detail, code), status as 400, { ...headers, "content-type": JSON_TYPE });
}

/** 401 without a known token, 403 for a token kind the operation does not accept. */
function auth(c: Context): Identity | Response {
  const token = c.req.header("authorization")?.trim();
  if (!token) return fail(c, 401, "The Authorization header with a token is required.", "missing-token");
  const identity = authenticate(token);
  if (!identity) return fail(c, 401, "The token is not valid.", "invalid-token");
  if (!TOKEN_KINDS.includes(identity.tokenKind)) return fail(c, 403, "This operation accepts these token kinds: personal, service.", "token-kind-not-accepted");
  return identity;
}

const app = new Hono();

app.get("/api/bench/v1/items/:itemId", (c) => {
  const identity = auth(c);
  if (identity instanceof Response) return identity;
  return c.json({ id: c.req.param("itemId"), name: ITEM_NAME, price: 12.5 });
});

app.get("/api/supplies/v1/discrepancies/:supplyId", (c) => {
  const identity = auth(c);
  if (identity instanceof Response) return identity;
  const decision = takeDiscrepancyBudget(identity.sellerId);
  if (!decision.allowed) {
    const retry = String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
    return fail(c, 429, `Too many requests for this seller; retry in ${retry} s.`, "rate-limited", {
      "x-ratelimit-retry": retry,
      "retry-after": retry,
      "x-ratelimit-limit": String(decision.limit),
      "x-ratelimit-reset": String(Math.ceil(decision.resetAfterMs / 1000)),
    });
  }
  c.header("x-ratelimit-remaining", String(decision.remaining));
  return c.json(DISCREPANCIES);
});

app.post(
  "/api/bench/v1/orders",
  bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, `The body may hold at most ${MAX_BODY_BYTES} bytes.`, "body-too-large") }),
  async (c) => {
    const identity = auth(c);
    if (identity instanceof Response) return identity;
    if (!isJsonContentType(c.req.header("content-type"))) {
      return fail(c, 415, "This operation accepts bodies of type application/json.", "unsupported-media-type");
    }
    let body: { supplyId: string; lines: unknown[] };
    try {
      body = await c.req.json();
    } catch {
      return fail(c, 400, "The body is not valid JSON.", "malformed-json");
    }
    const problem = checkNewOrder(body);
    if (problem !== undefined) return fail(c, 400, problem, "invalid-body");
    return c.json({ id: `o-${body.supplyId}`, lines: body.lines.length }, 201);
  },
);

serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => console.log(`listening ${info.port}`));
