// The client generated from test/fixtures/catalogues/streams-pages compiles under the strictest
// flags and the portable ones with TypeScript 5.9, 6.0 and 7.0, and its type tests hold
// (fixtures/usage-streams-pages.ts: typed events, items and pages; every @ts-expect-error an error).
import { copyFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { TYPESCRIPT_VERSIONS, typecheck, type TypeScriptVersion } from "../helpers/tsc.js";

let files: string[] = [];

beforeAll(async () => {
  const out = await generateForTest({ targets: ["client"], catalogue: fixtureCatalogue("streams-pages") });
  await copyFile(new URL("./fixtures/usage-streams-pages.ts", import.meta.url), join(out, "usage-streams-pages.ts"));
  const entries = await readdir(out, { recursive: true });
  files = entries.filter((name) => name.endsWith(".ts") && name.startsWith("client")).map((name) => join(out, name));
  files.push(join(out, "usage-streams-pages.ts"));
});

test.each(Object.keys(TYPESCRIPT_VERSIONS) as TypeScriptVersion[])("TypeScript %s: no errors, the type tests hold", async (version) => {
  const result = await typecheck(files, { version, resolution: "nodenext", portable: true, types: ["node"] });
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
});
