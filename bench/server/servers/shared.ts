// What the three servers of the benchmark share, so that they do the same work: the tokens and
// their sellers, the rate-limit arithmetic, the answers, and (for the peers) the error body in the
// generated server's shape and an ajv-compiled check of the POST body.
import { randomUUID } from "node:crypto";
import { Ajv } from "ajv";
import { takeFromBucket, type RateLimitDecision } from "../../../templates/shared/bucket.js";

export const SELLERS = 10_000;
export const TOKEN_KINDS = ["personal", "service"];

export interface Identity {
  sellerId: string;
  tokenKind: string;
}

const identities = new Map<string, Identity>();
for (let index = 0; index < SELLERS; index++) {
  identities.set(`tok-${index}`, { sellerId: `s${index}`, tokenKind: index % 2 === 0 ? "personal" : "service" });
}

/** The same token lookup for all three servers. */
export function authenticate(token: string): Identity | undefined {
  return identities.get(token);
}

export const ITEM_NAME = "Pallet of sample goods";
export const DISCREPANCIES = [
  { discrepancyType: "surplus", discrepancyLabel: "surplus" },
  { discrepancyType: "shortage", discrepancyLabel: "re-sorting" },
];

/** getDiscrepancies' documented limit: one request per minute per seller. */
const DISCREPANCY_RULE = { burst: 1, intervalMs: 60_000 };
const buckets = new Map<string, number>();

/** The peers' per-seller bucket: the same arithmetic (templates/shared/bucket.ts) as the generated server's memory store. */
export function takeDiscrepancyBudget(sellerId: string): RateLimitDecision & { limit: number } {
  const { decision, tat } = takeFromBucket(buckets.get(sellerId), DISCREPANCY_RULE, Date.now());
  buckets.set(sellerId, tat);
  return { ...decision, limit: DISCREPANCY_RULE.burst };
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
};

/** An error body in the generated server's shape (request id and timestamp included). */
export function errorBody(status: number, detail: string, code: string): string {
  const statusText = STATUS_TEXT[status] ?? "Error";
  return JSON.stringify({
    title: statusText.toLowerCase(),
    detail,
    status,
    statusText,
    requestId: randomUUID(),
    origin: "bench-server",
    timestamp: new Date().toISOString(),
    code,
  });
}

export const JSON_TYPE = "application/json; charset=utf-8";
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** NewOrder of bench/server/catalogue/bench.yaml as JSON Schema: closed objects, like the generated check. */
const orderLine = {
  type: "object",
  properties: { sku: { type: "string" }, quantity: { type: "integer" }, price: { type: "number" } },
  required: ["sku", "quantity", "price"],
  additionalProperties: false,
};
const newOrder = {
  type: "object",
  properties: {
    supplyId: { type: "string" },
    warehouseId: { type: "integer" },
    urgency: { enum: ["normal", "express"] },
    lines: { type: "array", items: orderLine },
    note: { type: "string" },
  },
  required: ["supplyId", "warehouseId", "urgency", "lines"],
  additionalProperties: false,
};
const validate = new Ajv({ allErrors: false }).compile(newOrder);

/** The peers' body check: undefined when the body fits, else the 400's detail. */
export function checkNewOrder(value: unknown): string | undefined {
  if (validate(value)) return undefined;
  const error = validate.errors?.[0];
  return `The body does not fit its schema at $${error?.instancePath ?? ""}: ${error?.message ?? "invalid"}.`;
}

export function isJsonContentType(value: string | undefined | null): boolean {
  return value?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/** The POST body the load generator sends (it fits the schema). */
export const ORDER_BODY = JSON.stringify({
  supplyId: "sup-42",
  warehouseId: 117,
  urgency: "express",
  lines: [
    { sku: "sku-1", quantity: 3, price: 12.5 },
    { sku: "sku-2", quantity: 1, price: 99 },
    { sku: "sku-3", quantity: 12, price: 0.75 },
  ],
  note: "Leave at the back door",
});

// Exit (writing a --cpu-prof profile) when the harness stops the server.
process.once("SIGINT", () => process.exit(0));
