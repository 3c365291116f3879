// The server's styles.ts and form.ts are copied in only where the catalogue's routes use them, and
// handed to the handler by routes.ts (`api.styleReaders`, `api.formReaders`), as credentials.ts and
// stream.ts are. What each fixture gets is checked against what its routes hold, and every
// generated server is made into a handler: the handler refuses, when it is made, a route that
// needs a runtime part the api does not hand in, so a file wrongly left out cannot go unnoticed.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest, repoCatalogue } from "../helpers/generate.js";
import { importServer } from "./helpers.js";

const authenticate = () => ({ principalId: "s1", tokenKind: "personal" });

// [catalogue, styles.ts expected, form.ts expected]
const CASES: [name: string, catalogue: string, styles: boolean, forms: boolean][] = [
  ["the seller API", repoCatalogue, false, false],
  ["styles (every style, headers, cookies, form and multipart bodies)", fixtureCatalogue("styles"), true, true],
  ["paths-auth (keys in headers and cookies by security schemes, no such parameter)", fixtureCatalogue("paths-auth"), false, false],
  ["server-features (a form body)", fixtureCatalogue("server-features"), true, true],
  ["kitchen-sink", fixtureCatalogue("kitchen-sink"), true, true],
  ["streams-pages (paging styles are not parameter styles)", fixtureCatalogue("streams-pages"), false, false],
];

describe.each(CASES)("%s", (_name, catalogue, styles, forms) => {
  test("gets styles.ts and form.ts exactly when its routes use them, and a handler can be made", async () => {
    const out = await generateForTest({ catalogue, targets: ["server"] });
    expect(existsSync(join(out, "server/runtime/styles.ts"))).toBe(styles);
    expect(existsSync(join(out, "server/runtime/form.ts"))).toBe(forms);
    const routes = readFileSync(join(out, "server/routes.ts"), "utf8");
    expect(routes.includes("styleReaders,")).toBe(styles);
    expect(routes.includes("formReaders,")).toBe(forms);
    const server = await importServer(out);
    expect(() => server.createRequestHandler({}, { authenticate })).not.toThrow();
  }, 60_000);
});

test("a handler made without the readers its routes need is refused when made, naming the file", async () => {
  const out = await generateForTest({ catalogue: fixtureCatalogue("styles"), targets: ["server"] });
  const { createRequestHandler } = (await import(join(out, "server/runtime/handler.ts"))) as {
    createRequestHandler(api: object, handlers: object, options: object): unknown;
  };
  const { api } = await importServer(out);
  expect(() => createRequestHandler(api, {}, { authenticate })).not.toThrow();
  expect(() => createRequestHandler({ ...api, styleReaders: undefined }, {}, { authenticate })).toThrow(/needs api\.styleReaders \(styles\.ts\)/);
  expect(() => createRequestHandler({ ...api, formReaders: undefined }, {}, { authenticate })).toThrow(/needs api\.formReaders \(form\.ts\)/);
}, 60_000);
