// A program that calls only getDiscrepancies bundles without any other operation's code, and
// without the transport's features (retries, rate limits, response checks) it does not use.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { emitClient } from "../../src/emit/client/index.js";
import { resultShape } from "../../src/emit/client/signature.js";
import { typeReferences } from "../../src/emit/shared/ts-types.js";
import type { ApiModel } from "../../src/model/types.js";
import { loadModel } from "../../src/pipeline.js";
import {
  bundleOneOperation,
  bundleOneOperationCode,
  ONE_OPERATION_CLIENT_PROGRAM,
  ONE_OPERATION_FEATURES_PROGRAM,
  ONE_OPERATION_OF_MANY_PROGRAM,
  ONE_OPERATION_PROGRAM,
} from "../helpers/bundle.js";
import { freshDir, generateForTest, repoCatalogue } from "../helpers/generate.js";

/**
 * Bounds of the minified one-operation bundles, just above what they measure (9,273, 14,913 and
 * 32,190 bytes; issue 28's error cost and rate-limit margin added 868 bytes to the features'
 * bundle, and those with the token-access check 1,530 to createClient's). Issue 15's targets were 2,900, 6,700 and 25,000: the bare transport follows
 * redirects itself, redacts every spelling of the token and caps the response size, and the
 * operation's descriptor names its response check. Before the features were split off, every
 * program paid for all of them: 14,086 bytes through createTransport, 46,001 through createClient.
 * createClient's bundle holds each operation once, as a descriptor object that one bindOperations
 * call per module binds (48,159 bytes when each operation was also a function and an arrow).
 */
// Issue 21 adds about 1,360 bytes to each: the default parameter writers are now exact for arrays
// and objects (form with explode, simple), and header and cookie parameters are written; the
// style writers and form/multipart body writers stay out of a program that calls no operation
// using them (they come in through the descriptor: `styled()`, `formBody()`, `multipartBody()`).
// Issue 26: each descriptor is `op(moduleName, "id METHOD /path", more?)` (about 3 KB off
// createClient's 184), and the query, header, cookie and body writers come in through the
// descriptor of an operation that has such arguments (`write: writeArgs`), not through the
// transport: 9,923, 15,506 and 31,071 bytes.
// Issue 26, fourth pass (BENCHMARKS.md, h/bundle): the path prefixes a module's routes share said
// once and GET unsaid (createClient -3,257 B), the in-memory limiter as closures, the limiters
// ending a call themselves, the retry options as locals: 9,918, 14,605 and 27,101 bytes.
// Issue 26, fifth pass (BENCHMARKS.md, h/bundle2): the descriptors made by calls marked pure; the
// operations a route says all about as lines of strings of eight, bound by createClient line by
// line (-1,788 B); the header and cookie writers only where a module declares such parameters
// (-370 B); the token-access check only where an operation names categories or read-only rules
// (-508 B); one `bounded` wait for both limiters (-94 B); rateLimits' prepare as a tuple (-56 B):
// 9,918, 14,455 and 24,285 bytes.
// Issue 26, sixth pass (bench/notes/bundle3.md, h/bundle3): the limiter through bucketStep, sleep
// through bounded(), internal results as tuples, the credentials' cookie merge in auth.ts, a
// redirect's body cancelled in one place, the limiter's fail mode in its one loop, the JSON
// media-type rule as one pattern: 9,633, 13,796 and 23,626 bytes.
// Issue 42: the token redacted in every spelling an API may echo (any letter case, percent-encoded,
// base64 at each alignment) in errors.ts's secretOf, +466 B: 10,099, 14,262 and 24,092 bytes.
const MAX_MINIFIED = { bare: 10_190, features: 14_350, client: 24_180 };

/** Strings only each feature's code holds (messages, option names). */
const FEATURE_MARKERS = {
  retries: ["baseDelayMs", "maxRetryAfterMs"],
  rateLimits: ["rate limit of the operation reached", "SHA-256", "onStoreError"],
  responseChecks: ["does not match its type"],
};

let model: ApiModel;
let clientDir = "";
let code = "";
let featuresCode = "";

beforeAll(async () => {
  model = await loadModel(repoCatalogue);
  clientDir = join(await generateForTest({ targets: ["client"] }), "client");
  code = await bundleOneOperationCode(clientDir);
  featuresCode = await bundleOneOperationCode(clientDir, ONE_OPERATION_FEATURES_PROGRAM);
});

/** The model cut down to getDiscrepancies and the named types its response reaches. */
function onlyGetDiscrepancies(full: ApiModel): ApiModel {
  const module = full.modules.find((m) => m.operations.some((op) => op.id === "getDiscrepancies"))!;
  const operation = module.operations.find((op) => op.id === "getDiscrepancies")!;
  const reached = new Set<string>();
  const visit = (name: string): void => {
    if (reached.has(name)) return;
    reached.add(name);
    for (const next of typeReferences(full.types.find((t) => t.name === name)?.type)) visit(next);
  };
  for (const node of resultShape(operation).guard?.alternatives ?? []) for (const name of typeReferences(node)) visit(name);
  return { ...full, types: full.types.filter((t) => reached.has(t.name)), modules: [{ ...module, operations: [operation] }] };
}

/** Minified names differ with what else a file held; short identifiers are blanked out to compare code. */
const shape = (text: string): string => text.replace(/(?<![\w$])[A-Za-z_$][\w$]?(?![\w$])/g, "_");

test("the bundle from the 184-operation client is the bundle from a client of getDiscrepancies alone", async () => {
  const alone = onlyGetDiscrepancies(model);
  expect(alone.types.map((t) => t.name)).toContain("ItemDiscrepancyResponse");
  expect(model.modules.flatMap((m) => m.operations).length).toBeGreaterThan(100);
  const dir = await freshDir("one-operation");
  for (const file of emitClient(alone)) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.content);
  }
  const aloneCode = await bundleOneOperationCode(join(dir, "client"));
  expect(shape(code)).toBe(shape(aloneCode));
});

test("the bundle holds getDiscrepancies and no other operation's path or id", () => {
  const operations = model.modules.flatMap((m) => m.operations);
  expect(code).toContain("/api/supplies/v1/discrepancies/{supplyId}");
  const others = operations.filter((op) => op.id !== "getDiscrepancies");
  expect(others.filter((op) => code.includes(JSON.stringify(op.path))).map((op) => op.path)).toEqual([]);
  // Each descriptor's string starts with its id and a space (`"id METHOD path"`, GET unsaid).
  expect(code).toContain('"getDiscrepancies /');
  expect(others.filter((op) => code.includes(`"${op.id} `) || code.includes(`"${op.id}"`)).map((op) => op.id)).toEqual([]);
});

test("one standalone operation of a module of many bundles at most the seven other routes of its routes string", async () => {
  const module = model.modules.find((m) => m.operations.some((op) => op.id === "listColors"))!;
  expect(module.operations.length).toBeGreaterThan(40);
  const called = module.operations.find((op) => op.id === "listColors")!;
  const others = module.operations.filter((op) => op !== called);
  const one = await bundleOneOperationCode(clientDir, ONE_OPERATION_OF_MANY_PROGRAM);
  // A route starts a string (quoted or, minified, a template) or a line of one.
  const holds = (id: string): boolean => new RegExp(`(?:^|[\`"\\n])${id} `).test(one);
  expect(holds(called!.id)).toBe(true);
  // Without the descriptors' pure marks every descriptor of the module came along (12,568 bytes here).
  // Only routes of its own string: the eight operations of items said all about by their routes around it.
  expect(others.filter((op) => holds(op.id)).length).toBeLessThanOrEqual(7);
  const near = module.operations.indexOf(called);
  expect(others.filter((op) => holds(op.id) && Math.abs(module.operations.indexOf(op) - near) >= 8).map((op) => op.id)).toEqual([]);
  expect(Buffer.byteLength(one)).toBeLessThan(10_520);
});

test("an operation without styled parameters or a typed form body bundles no style or form writer", () => {
  for (const marker of ["spaceDelimited", "pipeDelimited", "deepObject", "multipart", "x-www-form-urlencoded"]) expect(code).not.toContain(marker);
});

test("an operation with path parameters only bundles no query, header, cookie or body writer; createClient's has the query and body writers", async () => {
  // Strings only those writers hold: the JSON body's content type, the query's `?`, the cookie header's separator.
  for (const marker of ['"application/json"', "`?${", '"; "']) {
    expect(code).not.toContain(marker);
    expect(featuresCode).not.toContain(marker);
  }
  const client = await bundleOneOperationCode(clientDir, ONE_OPERATION_CLIENT_PROGRAM);
  for (const marker of ['"application/json"', "`?${"]) expect(client).toContain(marker);
  // No operation of this catalogue has header or cookie parameters: their writer stays out (writeQueryAndBody).
  expect(model.modules.some((m) => m.operations.some((op) => (op.headers?.length ?? 0) > 0 || (op.cookies?.length ?? 0) > 0))).toBe(false);
  expect(client).not.toContain('"; "');
});

test("createClient of a catalogue whose operations name no token categories or read-only rules bundles no token-access check", async () => {
  expect(model.modules.some((m) => m.operations.some((op) => op.categories !== undefined || op.readOnlyTokens !== undefined))).toBe(false);
  const client = await bundleOneOperationCode(clientDir, ONE_OPERATION_CLIENT_PROGRAM);
  expect(client).toContain("tokenCategories"); // the option is still read
  expect(client).not.toContain("this client's token is");
});

test("the bare transport's bundle keeps the token header, redirect handling, redaction and the size cap", () => {
  expect(code).toContain('"Authorization"');
  expect(code).toContain('redirect:"manual"');
  expect(code).toContain("[redacted]");
  expect(code).toContain("maxResponseBytes");
});

test.each(Object.entries(FEATURE_MARKERS))("a bare createTransport's bundle holds no code of %s; a program that uses it does", (_feature, markers) => {
  for (const marker of markers) {
    expect(code).not.toContain(marker);
    expect(featuresCode).toContain(marker);
  }
});

test("the bundle with all three features keeps the limits and the response check", () => {
  expect(featuresCode).toContain("6e4"); // intervalMs 60000, minified
  expect(featuresCode).toContain("discrepancyLabel");
});

test.each([
  ["bare", ONE_OPERATION_PROGRAM],
  ["features", ONE_OPERATION_FEATURES_PROGRAM],
  ["client", ONE_OPERATION_CLIENT_PROGRAM],
] as const)("the one-operation bundle (%s) stays within its bound", async (name, program) => {
  const size = await bundleOneOperation(clientDir, program);
  console.log(`one-operation bundle (${name}): ${size.minified} B minified, ${size.gzipped} B gzipped`);
  expect(size.minified).toBeLessThan(MAX_MINIFIED[name]);
});
