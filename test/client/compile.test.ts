// The generated client compiles under the strictest flags with TypeScript 5.9, 6.0 and 7.0,
// with NodeNext and Bundler resolution, and the type tests in fixtures/ hold: valid calls
// compile, every `@ts-expect-error` line is an error.
import { copyFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { RESOLUTIONS, TYPESCRIPT_VERSIONS, typecheck, type Resolution, type TypeScriptVersion } from "../helpers/tsc.js";

const fixtures = new URL("./fixtures/", import.meta.url);
let files: string[] = [];

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
});

describe.each(Object.keys(TYPESCRIPT_VERSIONS) as TypeScriptVersion[])("TypeScript %s", (version) => {
  test.each(Object.keys(RESOLUTIONS) as Resolution[])("%s resolution: no errors, type tests hold", async (resolution) => {
    const result = await typecheck(files, { version, resolution });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });
});
