// The generated client compiles under the strictest flags with TypeScript 5.9, 6.0 and 7.0,
// with NodeNext and Bundler resolution, in a consumer's portable setup (erasable syntax only,
// isolated declarations, no property access from index signatures, lib ES2022 + @types/node and
// no DOM), and the type tests in fixtures/ hold: valid calls compile, every `@ts-expect-error`
// line is an error. Also: in a browser setup (DOM, no @types/node), with `importExtension: "ts"`
// and `allowImportingTsExtensions`, and inside a consumer package that is CommonJS.
import { copyFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { RESOLUTIONS, TYPESCRIPT_VERSIONS, typecheck, type Resolution, type TypeScriptVersion } from "../helpers/tsc.js";
import { commonJsConsumer, generatePortable } from "../portable/consumer.js";

const fixtures = new URL("./fixtures/", import.meta.url);
const VERSIONS = Object.keys(TYPESCRIPT_VERSIONS) as TypeScriptVersion[];
let files: string[] = [];
let tsExtensionFiles: string[] = [];

async function clientFiles(out: string): Promise<string[]> {
  const entries = await readdir(join(out, "client"), { recursive: true });
  return entries.filter((name) => name.endsWith(".ts")).map((name) => join(out, "client", name)).sort();
}

beforeAll(async () => {
  const real = await generateForTest({ targets: ["client"] });
  const http = await generateForTest({ targets: ["client"], catalogue: fixtureCatalogue("client-http") });
  await copyFile(new URL("usage.ts", fixtures), join(real, "usage.ts"));
  await copyFile(new URL("usage-http.ts", fixtures), join(http, "usage-http.ts"));
  // Type names that appear only in doc text and string values: an import of them would be unused.
  const refs = await generateForTest({ targets: ["client"], catalogue: fixtureCatalogue("client-refs") });
  files = [...(await clientFiles(real)), join(real, "usage.ts"), ...(await clientFiles(http)), join(http, "usage-http.ts"), ...(await clientFiles(refs))];
  tsExtensionFiles = await clientFiles(await generatePortable(["client"], "ts"));
});

describe.each(VERSIONS)("TypeScript %s", (version) => {
  test.each(Object.keys(RESOLUTIONS) as Resolution[])("%s resolution, portable flags: no errors, type tests hold", async (resolution) => {
    const result = await typecheck(files, { version, resolution, portable: true, types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });

  test.each(Object.keys(RESOLUTIONS) as Resolution[])("%s resolution, importExtension ts + allowImportingTsExtensions", async (resolution) => {
    const result = await typecheck(tsExtensionFiles, { version, resolution, portable: true, types: ["node"], tsExtensions: true });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });
});

test("a browser consumer (DOM library, no @types/node): no errors, type tests hold", async () => {
  const result = await typecheck(files, { version: "5.9", resolution: "bundler", types: [], lib: ["ES2022", "DOM", "DOM.Iterable"] });
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
});

describe("a consumer whose package.json has no type (CommonJS), NodeNext", () => {
  test("TypeScript 5.9: client/package.json makes the client ES modules: it compiles", async () => {
    const consumer = await commonJsConsumer("client");
    const result = await typecheck(consumer.files, { version: "5.9", resolution: "nodenext", portable: true, types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });

  test("without client/package.json it does not (the case this guards)", async () => {
    const consumer = await commonJsConsumer("client", { withoutTargetPackage: true });
    const result = await typecheck(consumer.files, { version: "7.0", resolution: "nodenext", portable: true, types: ["node"] });
    expect(result.output).toMatch(/CommonJS file under 'verbatimModuleSyntax'/);
    expect(result.ok).toBe(false);
  });
});
