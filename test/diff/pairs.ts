// Catalogue pairs: test/diff/fixtures/shop and a copy edited by text, with every finding the
// change must give ("rule operation-or-type"), for pairs.test.ts and rules.test.ts.
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { freshDir, repoRoot } from "../helpers/generate.js";

export const shop = join(repoRoot, "test/diff/fixtures/shop");

/** [file, text to find, what replaces it]. */
export type Edit = [file: "api.yaml" | "shop.yaml", from: string, to: string];

export interface Pair {
  name: string;
  old?: Edit[];
  new: Edit[];
  expect: string[];
}

/** A copy of the shop catalogue with `edits` made (each must find its text). */
export async function editedShop(edits: readonly Edit[] = []): Promise<string> {
  const dir = await freshDir("diff-shop");
  await cp(shop, dir, { recursive: true });
  for (const [file, from, to] of edits) {
    const path = join(dir, file);
    const text = await readFile(path, "utf8");
    if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
    await writeFile(path, text.replace(from, to));
  }
  return dir;
}

const LIST_ORDERS_TOKENS = "    tokens: [personal, service]\n    categories: [orders, all]";
const GET_ORDER_LIMIT = "      - { scope: seller, period: 1 minute, limit: 60, interval: 1 second, burst: 5, errorCost: { 4XX: 2 } }";
const ORDER_NOTE = "      note: { type: string, maxLength: 200 }\n      lines: { type: array, items: { ref: OrderLine }, required: true }\n  OrderLine:";
const NEW_ORDER_NOTE = "      note: { type: string, maxLength: 200 }\n      coupon: { type: string }";
const GET_ORDER_200 = '      "200":\n        content:\n          application/json:\n            schema: { ref: Order }\n      "404":';
const CREATE_201 = '      "201":\n        content:\n          application/json:\n            schema: { ref: Order }\n';
const X_TOTAL = "          X-Total: { required: true, schema: { type: integer } }";
const STATUS_PARAM = "      - { name: status, in: query, schema: { type: string, enum: [new, paid, shipped] } }";
const LIMIT_PARAM = "      - { name: limit, in: query, schema: { type: integer, maximum: 100 } }";
const REASON_PARAM = "      - { name: reason, in: query, required: true, schema: { type: string } }";
const CREATE_REQUEST = "    request:\n      required: true\n      content:\n        application/json:\n          schema: { ref: NewOrder }";
const STREAM_EVENTS = "  - id: streamEvents\n    method: GET\n    path: /events\n    summary: Events of the shop\n    tokens: [service]";
const NEW_OPERATION = `
  - id: listProducts
    method: GET
    path: /products
    summary: List products
    parameters: []
    request: none
    responses:
      "200": { description: The products., content: { application/json: { schema: { type: array, items: { type: string } } } } }
`;

export const PAIRS: Pair[] = [
  // Operations
  { name: "an operation deprecated", new: [["shop.yaml", "  - id: streamEvents", "  - id: streamEvents\n    deprecated: true"]], expect: ["operation-deprecated streamEvents"] },
  { name: "an operation removed for good", old: [["shop.yaml", "operations:\n", `operations:${NEW_OPERATION}`]], new: [], expect: ["operation-removed listProducts"] },
  { name: "an operation added", new: [["shop.yaml", "operations:\n", `operations:${NEW_OPERATION}`]], expect: ["operation-added listProducts"] },
  { name: "an operation renamed", new: [["shop.yaml", "  - id: getOrder", "  - id: fetchOrder"]], expect: ["operation-id-changed fetchOrder"] },
  { name: "an operation moved", new: [["shop.yaml", "    path: /orders/{orderId}\n    summary: Cancel an order", "    path: /orders/{orderId}/cancel\n    summary: Cancel an order"]], expect: ["operation-route-changed cancelOrder"] },
  { name: "an operation no longer deprecated", old: [["shop.yaml", "  - id: getOrder", "  - id: getOrder\n    deprecated: true"]], new: [], expect: ["operation-reactivated getOrder"] },
  { name: "an operation's servers narrowed", old: [["shop.yaml", "    summary: One order\n", "    summary: One order\n    servers: [production, sandbox]\n"]], new: [["shop.yaml", "    summary: One order\n", "    summary: One order\n    servers: [production]\n"]], expect: ["operation-servers-changed getOrder"] },
  { name: "paging dropped", new: [["shop.yaml", "    pagination:\n      style: offset\n      offset: { in: query, name: offset }\n      limit: { in: query, name: limit }\n", ""]], expect: ["operation-pagination-changed listOrders"] },
  { name: "an operation made safe to retry", new: [["shop.yaml", "    summary: Create an order\n", "    summary: Create an order\n    idempotent: true\n"]], expect: ["operation-idempotence-changed createOrder"] },
  // Parameters
  { name: "a parameter removed", new: [["shop.yaml", `${STATUS_PARAM}\n`, ""]], expect: ["parameter-removed listOrders"] },
  { name: "a required parameter added", new: [["shop.yaml", `${STATUS_PARAM}\n`, `${STATUS_PARAM}\n      - { name: region, in: query, required: true, schema: { type: string } }\n`]], expect: ["parameter-added-required listOrders"] },
  { name: "an optional parameter added", new: [["shop.yaml", `${STATUS_PARAM}\n`, `${STATUS_PARAM}\n      - { name: region, in: query, schema: { type: string } }\n`]], expect: ["parameter-added-optional listOrders"] },
  { name: "a parameter made required", new: [["shop.yaml", LIMIT_PARAM, "      - { name: limit, in: query, required: true, schema: { type: integer, maximum: 100 } }"]], expect: ["parameter-became-required listOrders"] },
  { name: "a parameter made optional", new: [["shop.yaml", REASON_PARAM, "      - { name: reason, in: query, schema: { type: string } }"]], expect: ["parameter-became-optional cancelOrder"] },
  {
    name: "a path parameter renamed",
    new: [
      ["shop.yaml", "    path: /orders/{orderId}\n    summary: One order", "    path: /orders/{id}\n    summary: One order"],
      ["shop.yaml", "    path: /orders/{orderId}\n    summary: Cancel an order", "    path: /orders/{id}\n    summary: Cancel an order"],
      ["shop.yaml", "      - { name: orderId, in: path, required: true, schema: { type: string } }\n    request: none", "      - { name: id, in: path, required: true, schema: { type: string } }\n    request: none"],
      ["shop.yaml", "      - { name: orderId, in: path, required: true, schema: { type: string } }\n      - { name: reason", "      - { name: id, in: path, required: true, schema: { type: string } }\n      - { name: reason"],
    ],
    expect: ["parameter-renamed getOrder", "parameter-renamed cancelOrder"],
  },
  { name: "a parameter written another way", new: [["shop.yaml", STATUS_PARAM, "      - { name: status, in: query, explode: false, schema: { type: string, enum: [new, paid, shipped] } }"]], expect: ["parameter-style-changed listOrders"] },
  { name: "a parameter deprecated", new: [["shop.yaml", STATUS_PARAM, "      - { name: status, in: query, deprecated: true, schema: { type: string, enum: [new, paid, shipped] } }"]], expect: ["parameter-deprecated listOrders"] },
  // Request bodies
  { name: "a required body added", new: [["shop.yaml", `${REASON_PARAM}\n    request: none`, `${REASON_PARAM}\n    request:\n      required: true\n      content:\n        application/json:\n          schema: { type: string }`]], expect: ["request-body-added-required cancelOrder"] },
  { name: "an optional body added", new: [["shop.yaml", `${REASON_PARAM}\n    request: none`, `${REASON_PARAM}\n    request:\n      required: false\n      content:\n        application/json:\n          schema: { type: string }`]], expect: ["request-body-added-optional cancelOrder"] },
  { name: "a body removed", new: [["shop.yaml", CREATE_REQUEST, "    request: none"]], expect: ["request-body-removed createOrder"] },
  { name: "a body made optional", new: [["shop.yaml", "    request:\n      required: true\n", "    request:\n      required: false\n"]], expect: ["request-body-became-optional createOrder"] },
  { name: "a body made required", old: [["shop.yaml", "    request:\n      required: true\n", "    request:\n      required: false\n"]], new: [], expect: ["request-body-became-required createOrder"] },
  { name: "a request media type added", new: [["shop.yaml", CREATE_REQUEST, `${CREATE_REQUEST}\n        application/x-www-form-urlencoded:\n          schema: { ref: NewOrder }`]], expect: ["request-media-type-added createOrder"] },
  { name: "a request media type removed", old: [["shop.yaml", CREATE_REQUEST, `${CREATE_REQUEST}\n        application/x-www-form-urlencoded:\n          schema: { ref: NewOrder }`]], new: [], expect: ["request-media-type-removed createOrder"] },
  // Responses
  { name: "a success status added", new: [["shop.yaml", CREATE_201, `${CREATE_201}      "202":\n        description: Accepted for later.\n`]], expect: ["response-success-status-added createOrder"] },
  { name: "a success status removed", old: [["shop.yaml", CREATE_201, `${CREATE_201}      "202":\n        description: Accepted for later.\n`]], new: [], expect: ["response-success-status-removed createOrder"] },
  { name: "an error status added", new: [["shop.yaml", CREATE_201, `${CREATE_201}      "409":\n        description: A clash.\n`]], expect: ["response-error-status-added createOrder"] },
  { name: "an error status removed", new: [["shop.yaml", '      "404":\n        description: No such order.\n', ""]], expect: ["response-error-status-removed getOrder"] },
  { name: "a response media type added", new: [["shop.yaml", GET_ORDER_200, '      "200":\n        content:\n          application/json:\n            schema: { ref: Order }\n          text/csv:\n            schema: { type: string }\n      "404":']], expect: ["response-media-type-added getOrder"] },
  { name: "a response media type removed", old: [["shop.yaml", GET_ORDER_200, '      "200":\n        content:\n          application/json:\n            schema: { ref: Order }\n          text/csv:\n            schema: { type: string }\n      "404":']], new: [], expect: ["response-media-type-removed getOrder"] },
  { name: "a response header removed", new: [["shop.yaml", `        headers:\n${X_TOTAL}\n`, ""]], expect: ["response-header-removed listOrders"] },
  { name: "a required response header added", new: [["shop.yaml", X_TOTAL, `${X_TOTAL}\n          X-Next: { required: true, schema: { type: string } }`]], expect: ["response-header-added-required listOrders"] },
  { name: "a response header made optional", new: [["shop.yaml", X_TOTAL, "          X-Total: { schema: { type: integer } }"]], expect: ["response-header-became-optional listOrders"] },
  { name: "a response header made required", old: [["shop.yaml", X_TOTAL, "          X-Total: { schema: { type: integer } }"]], new: [], expect: ["response-header-became-required listOrders"] },
  // Security, token kinds, categories, read-only tokens
  { name: "an alternative of security dropped", new: [["shop.yaml", "    security: [[bearer], [apiKey]]", "    security: [[bearer]]"]], expect: ["security-requirement-added cancelOrder"] },
  { name: "an alternative of security added", old: [["shop.yaml", "    security: [[bearer], [apiKey]]", "    security: [[bearer]]"]], new: [], expect: ["security-requirement-removed cancelOrder"] },
  { name: "a scope needed", new: [["shop.yaml", "    security: [[bearer], [apiKey]]", "    security: [[bearer], [apiKey]]\n    securityScopes: [{ bearer: [orders.write] }, {}]"]], expect: ["security-scope-added cancelOrder"] },
  { name: "a scope no longer needed", old: [["shop.yaml", "    security: [[bearer], [apiKey]]", "    security: [[bearer], [apiKey]]\n    securityScopes: [{ bearer: [orders.write] }, {}]"]], new: [], expect: ["security-scope-removed cancelOrder"] },
  { name: "a token kind dropped, a category dropped", new: [["shop.yaml", LIST_ORDERS_TOKENS, "    tokens: [personal]\n    categories: [orders]"]], expect: ["token-kind-dropped listOrders", "category-dropped listOrders"] },
  { name: "a token kind and a category added", new: [["shop.yaml", "    tokens: [personal]\n    categories: [orders]\n    readOnlyTokens: false", "    tokens: [personal, service]\n    categories: [orders, content]\n    readOnlyTokens: false"]], expect: ["token-kind-added createOrder", "category-added createOrder"] },
  { name: "token kinds and categories documented", new: [["shop.yaml", "    summary: Events of the shop\n    tokens: [service]", "    summary: Events of the shop\n    tokens: [service]\n    categories: [orders]\n    readOnlyTokens: true"]], expect: ["categories-documented streamEvents", "read-only-documented streamEvents"] },
  { name: "token kinds, categories and read-only no longer documented", new: [["shop.yaml", "    tokens: [personal, service]\n    categories: [orders]\n    readOnlyTokens: true", "    summary: x\n"], ["shop.yaml", "    summary: One order\n    summary: x\n", "    summary: One order\n"]], expect: ["tokens-undocumented getOrder", "categories-undocumented getOrder", "read-only-undocumented getOrder"] },
  { name: "token kinds documented", old: [["shop.yaml", STREAM_EVENTS, STREAM_EVENTS.replace("    tokens: [service]", "")]], new: [], expect: ["tokens-documented streamEvents"] },
  { name: "read-only tokens refused", new: [["shop.yaml", "    categories: [orders, all]\n    readOnlyTokens: true", "    categories: [orders, all]\n    readOnlyTokens: false"]], expect: ["read-only-token-refused listOrders"] },
  { name: "read-only tokens let in", new: [["shop.yaml", "    categories: [orders]\n    readOnlyTokens: false", "    categories: [orders]\n    readOnlyTokens: true"]], expect: ["read-only-token-allowed createOrder"] },
  { name: "a token kind no longer declared", old: [["api.yaml", "      - { id: service, description: Service token }", "      - { id: service, description: Service token }\n      - { id: partner, description: Partner token }"]], new: [], expect: ["token-kind-declared-removed"] },
  { name: "a token kind declared", new: [["api.yaml", "      - { id: service, description: Service token }", "      - { id: service, description: Service token }\n      - { id: partner, description: Partner token }"]], expect: ["token-kind-declared-added"] },
  { name: "the auth header renamed", new: [["api.yaml", "    header: Authorization", "    header: X-Auth"]], expect: ["auth-header-changed"] },
  { name: "a scheme changed, one added", new: [["api.yaml", "name: X-Api-Key }", "name: X-Key }\n      - { id: basic, type: http, scheme: basic }"]], expect: ["security-scheme-changed", "security-scheme-added"] },
  { name: "a scheme removed", old: [["api.yaml", "name: X-Api-Key }", "name: X-Api-Key }\n      - { id: basic, type: http, scheme: basic }"]], new: [], expect: ["security-scheme-removed"] },
  // Rate limits
  { name: "a limit lowered, its burst reduced, an error dearer", new: [["shop.yaml", GET_ORDER_LIMIT, "      - { scope: seller, period: 1 minute, limit: 30, interval: 2 seconds, burst: 3, errorCost: { 4XX: 5 } }"]], expect: ["limit-lowered getOrder", "burst-reduced getOrder", "error-cost-raised getOrder"] },
  { name: "a limit raised, its burst increased, an error cheaper", new: [["shop.yaml", GET_ORDER_LIMIT, "      - { scope: seller, period: 1 minute, limit: 120, interval: 500 milliseconds, burst: 8 }"]], expect: ["limit-raised getOrder", "burst-increased getOrder", "error-cost-lowered getOrder"] },
  { name: "a shared group's budget lowered", new: [["api.yaml", "limit: 100, interval: 600 milliseconds, burst: 10", "limit: 50, interval: 1200 milliseconds, burst: 10"]], expect: ["limit-lowered listOrders"] },
  { name: "an operation moved into a shared group", new: [["shop.yaml", GET_ORDER_LIMIT, `${GET_ORDER_LIMIT}\n      - group: reads`]], expect: ["limit-group-joined getOrder"] },
  { name: "an operation out of its shared group", new: [["shop.yaml", "    limits:\n      - group: reads\n", "    limits:\n      - { scope: seller, period: 1 minute, limit: 100, interval: 600 milliseconds, burst: 10 }\n"]], expect: ["limit-group-left listOrders", "limit-added listOrders"] },
  { name: "a limit for one token kind only", new: [["shop.yaml", GET_ORDER_LIMIT, "      - { scope: seller, period: 1 minute, limit: 60, interval: 1 second, burst: 5, errorCost: { 4XX: 2 }, tokens: [service] }"]], expect: ["limit-removed getOrder", "limit-added getOrder"] },
  { name: "limits documented", new: [["shop.yaml", "    security: [[bearer], [apiKey]]", "    security: [[bearer], [apiKey]]\n    limits:\n      - group: writes"]], expect: ["limits-documented cancelOrder"] },
  { name: "limits no longer documented", new: [["shop.yaml", "    limits:\n      - group: writes\n", ""]], expect: ["limits-undocumented createOrder"] },
  { name: "a limit group dropped", old: [["api.yaml", "burst: 2 }", "burst: 2 }\n    - { id: exports, scope: seller, period: 1 hour, limit: 1, interval: 1 hour, burst: 1 }"]], new: [], expect: ["limit-group-removed"] },
  { name: "a limit group declared", new: [["api.yaml", "burst: 2 }", "burst: 2 }\n    - { id: exports, scope: seller, period: 1 hour, limit: 1, interval: 1 hour, burst: 1 }"]], expect: ["limit-group-added"] },
  // Servers and named types
  { name: "a server moved, one added", new: [["api.yaml", '"https://sandbox.shop.example", environment: sandbox }', '"https://test.shop.example", environment: sandbox }\n    - { id: staging, url: "https://staging.shop.example" }']], expect: ["server-url-changed", "server-added"] },
  { name: "a server removed", old: [["api.yaml", '"https://sandbox.shop.example", environment: sandbox }', '"https://sandbox.shop.example", environment: sandbox }\n    - { id: staging, url: "https://staging.shop.example" }']], new: [], expect: ["server-removed"] },
  { name: "a type removed", old: [["shop.yaml", "types:\n", "types:\n  Coupon: { type: string }\n"]], new: [], expect: ["type-removed Coupon"] },
  { name: "a type added", new: [["shop.yaml", "types:\n", "types:\n  Coupon: { type: string }\n"]], expect: ["type-added Coupon"] },
  // Types, where the client sends them (NewOrder, parameters) and where the server does (Order)
  { name: "a property's type changed", new: [["shop.yaml", ORDER_NOTE, ORDER_NOTE.replace("note: { type: string, maxLength: 200 }", "note: { type: integer }")], ["shop.yaml", NEW_ORDER_NOTE, "      note: { type: integer }\n      coupon: { type: string }"]], expect: ["response-type-changed Order", "request-type-changed NewOrder"] },
  { name: "a format changed", new: [["shop.yaml", "      id: { type: string, format: uuid, required: true }", "      id: { type: string, required: true }"], ["shop.yaml", "      coupon: { type: string }", "      coupon: { type: string, format: uuid }"]], expect: ["response-format-changed Order", "request-format-changed NewOrder"] },
  { name: "a constant changed", old: [["shop.yaml", "      coupon: { type: string }", "      coupon: { type: string }\n      kind: { const: order }"], ["shop.yaml", "      id: { type: string, format: uuid, required: true }", "      id: { type: string, format: uuid, required: true }\n      kind: { const: order }"]], new: [["shop.yaml", "      coupon: { type: string }", "      coupon: { type: string }\n      kind: { const: purchase }"], ["shop.yaml", "      id: { type: string, format: uuid, required: true }", "      id: { type: string, format: uuid, required: true }\n      kind: { const: purchase }"]], expect: ["request-const-changed NewOrder", "response-const-changed Order"] },
  { name: "an enum value added", new: [["shop.yaml", "      status: { type: string, enum: [new, paid, shipped], required: true }", "      status: { type: string, enum: [new, paid, shipped, returned], required: true }"], ["shop.yaml", STATUS_PARAM, "      - { name: status, in: query, schema: { type: string, enum: [new, paid, shipped, returned] } }"]], expect: ["response-enum-value-added Order", "request-enum-value-added listOrders"] },
  { name: "an enum value removed", new: [["shop.yaml", "      status: { type: string, enum: [new, paid, shipped], required: true }", "      status: { type: string, enum: [new, paid], required: true }"], ["shop.yaml", STATUS_PARAM, "      - { name: status, in: query, schema: { type: string, enum: [new, paid] } }"]], expect: ["response-enum-value-removed Order", "request-enum-value-removed listOrders"] },
  { name: "values limited to a list", new: [["shop.yaml", ORDER_NOTE, ORDER_NOTE.replace("note: { type: string, maxLength: 200 }", "note: { type: string, maxLength: 200, enum: [gift, rush] }")], ["shop.yaml", "      coupon: { type: string }", "      coupon: { type: string, enum: [SPRING, AUTUMN] }"]], expect: ["response-became-enum Order", "request-became-enum NewOrder"] },
  { name: "values no longer limited to a list", new: [["shop.yaml", "      status: { type: string, enum: [new, paid, shipped], required: true }", "      status: { type: string, required: true }"], ["shop.yaml", STATUS_PARAM, "      - { name: status, in: query, schema: { type: string } }"]], expect: ["response-enum-dropped Order", "request-enum-dropped listOrders"] },
  { name: "required properties added", new: [["shop.yaml", "      id: { type: string, format: uuid, required: true }", "      id: { type: string, format: uuid, required: true }\n      createdAt: { type: string, format: date-time, required: true }"], ["shop.yaml", "      coupon: { type: string }", "      coupon: { type: string }\n      currency: { type: string, required: true }"]], expect: ["response-property-added-required Order", "request-property-added-required NewOrder"] },
  { name: "optional properties added", new: [["shop.yaml", "      id: { type: string, format: uuid, required: true }", "      id: { type: string, format: uuid, required: true }\n      createdAt: { type: string, format: date-time }"], ["shop.yaml", "      coupon: { type: string }", "      coupon: { type: string }\n      currency: { type: string }"]], expect: ["response-property-added-optional Order", "request-property-added-optional NewOrder"] },
  { name: "properties removed", new: [["shop.yaml", ORDER_NOTE, ORDER_NOTE.replace("      note: { type: string, maxLength: 200 }\n", "")], ["shop.yaml", "      coupon: { type: string }\n", ""]], expect: ["response-property-removed Order", "request-property-removed NewOrder"] },
  { name: "properties made required", new: [["shop.yaml", ORDER_NOTE, ORDER_NOTE.replace("note: { type: string, maxLength: 200 }", "note: { type: string, maxLength: 200, required: true }")], ["shop.yaml", NEW_ORDER_NOTE, "      note: { type: string, maxLength: 200, required: true }\n      coupon: { type: string }"]], expect: ["response-property-became-required Order", "request-property-became-required NewOrder"] },
  { name: "properties made optional", new: [["shop.yaml", "      total: { ref: Money, required: true }", "      total: { ref: Money }"], ["shop.yaml", "      lines: { type: array, items: { ref: OrderLine }, required: true }\n      note: { type: string, maxLength: 200 }\n      coupon", "      lines: { type: array, items: { ref: OrderLine } }\n      note: { type: string, maxLength: 200 }\n      coupon"]], expect: ["response-property-became-optional Order", "request-property-became-optional NewOrder"] },
  { name: "null allowed", new: [["shop.yaml", ORDER_NOTE, ORDER_NOTE.replace("note: { type: string, maxLength: 200 }", "note: { type: string, maxLength: 200, nullable: true }")], ["shop.yaml", NEW_ORDER_NOTE, "      note: { type: string, maxLength: 200, nullable: true }\n      coupon: { type: string }"]], expect: ["response-became-nullable Order", "request-became-nullable NewOrder"] },
  { name: "null no longer allowed", old: [["shop.yaml", ORDER_NOTE, ORDER_NOTE.replace("note: { type: string, maxLength: 200 }", "note: { type: string, maxLength: 200, nullable: true }")], ["shop.yaml", NEW_ORDER_NOTE, "      note: { type: string, maxLength: 200, nullable: true }\n      coupon: { type: string }"]], new: [], expect: ["response-became-not-nullable Order", "request-became-not-nullable NewOrder"] },
  { name: "a union gains a variant", new: [["shop.yaml", "      - { ref: Order }\n      - { ref: Money }", "      - { ref: Order }\n      - { ref: Money }\n      - { ref: OrderLine }"], ["shop.yaml", LIMIT_PARAM, "      - { name: limit, in: query, schema: { type: union, oneOf: [{ type: integer, maximum: 100 }, { type: string }] } }"]], expect: ["response-variant-added Event", "request-variant-added listOrders"] },
  { name: "a union loses a variant", old: [["shop.yaml", "      - { ref: Order }\n      - { ref: Money }", "      - { ref: Order }\n      - { ref: Money }\n      - { ref: OrderLine }"], ["shop.yaml", LIMIT_PARAM, "      - { name: limit, in: query, schema: { type: union, oneOf: [{ type: integer, maximum: 100 }, { type: string }] } }"]], new: [], expect: ["response-variant-removed Event", "request-variant-removed listOrders"] },
  { name: "objects opened to other properties", new: [["shop.yaml", "  Order:\n    type: object\n", "  Order:\n    type: object\n    additionalProperties: true\n"], ["shop.yaml", "  NewOrder:\n    type: object\n", "  NewOrder:\n    type: object\n    additionalProperties: true\n"]], expect: ["response-additional-properties-allowed Order", "request-additional-properties-allowed NewOrder"] },
  { name: "objects closed to other properties", old: [["shop.yaml", "  Order:\n    type: object\n", "  Order:\n    type: object\n    additionalProperties: true\n"], ["shop.yaml", "  NewOrder:\n    type: object\n", "  NewOrder:\n    type: object\n    additionalProperties: true\n"]], new: [], expect: ["response-additional-properties-refused Order", "request-additional-properties-refused NewOrder"] },
  { name: "a shorter note", new: [["shop.yaml", ORDER_NOTE, ORDER_NOTE.replace("maxLength: 200", "maxLength: 100")], ["shop.yaml", NEW_ORDER_NOTE, "      note: { type: string, maxLength: 100 }\n      coupon: { type: string }"]], expect: ["response-constraint-tightened Order", "request-constraint-tightened NewOrder"] },
  { name: "a longer note", new: [["shop.yaml", ORDER_NOTE, ORDER_NOTE.replace("maxLength: 200", "maxLength: 500")], ["shop.yaml", NEW_ORDER_NOTE, "      note: { type: string, maxLength: 500 }\n      coupon: { type: string }"]], expect: ["response-constraint-loosened Order", "request-constraint-loosened NewOrder"] },
  { name: "a type both sides use", new: [["shop.yaml", "      quantity: { type: integer, minimum: 1, required: true }", "      quantity: { type: integer, minimum: 1, required: true }\n      unit: { type: string, required: true }"]], expect: ["request-property-added-required OrderLine", "response-property-added-required OrderLine"] },
  { name: "defaults changed", old: [["shop.yaml", LIMIT_PARAM, "      - { name: limit, in: query, schema: { type: integer, maximum: 100, default: 20 } }"], ["shop.yaml", "      quantity: { type: integer, minimum: 1, required: true }", "      quantity: { type: integer, minimum: 1, default: 1, required: true }"]], new: [["shop.yaml", LIMIT_PARAM, "      - { name: limit, in: query, schema: { type: integer, maximum: 100, default: 50 } }"], ["shop.yaml", "      quantity: { type: integer, minimum: 1, required: true }", "      quantity: { type: integer, minimum: 1, default: 2, required: true }"]], expect: ["request-default-changed listOrders", "request-default-changed OrderLine", "response-default-changed OrderLine"] },
  { name: "properties deprecated", new: [["shop.yaml", "      quantity: { type: integer, minimum: 1, required: true }", "      quantity: { type: integer, minimum: 1, deprecated: true, required: true }"]], expect: ["request-deprecated OrderLine", "response-deprecated OrderLine"] },
];
