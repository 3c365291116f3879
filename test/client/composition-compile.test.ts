// A hand-written composition the importer no longer makes (test/fixtures/catalogues/envelope-composition):
// an inline part's optional field beside a part that requires it, `Envelope & { result?: Job[] }`.
// Under exactOptionalPropertyTypes TypeScript finds such a type not assignable to a second copy of
// itself (TS2719, "two different types with this name exist"), so the client must write each
// operation's result type once: the plain operation's and the paged one's functions compile strict.
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { TYPESCRIPT_VERSIONS, typecheck, type TypeScriptVersion } from "../helpers/tsc.js";

let files: string[] = [];

beforeAll(async () => {
  const out = await generateForTest({ targets: ["client"], catalogue: fixtureCatalogue("envelope-composition") });
  const usage = join(out, "usage.ts");
  await writeFile(
    usage,
    [
      'import { createClient, createTransport } from "./client/index.js";',
      'import { listJobs, pageJobs } from "./client/operations/jobs.js";',
      'import type { Job } from "./client/types.js";',
      "",
      'const options = { baseUrl: "http://127.0.0.1:1", token: "t" };',
      "const api = createClient(options);",
      "const transport = createTransport(options);",
      "export async function firstJobs(): Promise<Array<Job | undefined>> {",
      "  const listed = await api.jobs.listJobs();",
      "  const success: boolean = listed.success;",
      "  // @ts-expect-error: result holds jobs, not a string",
      "  const wrong: string = listed.result;",
      "  const ids: Array<Job | undefined> = [listed.result?.[0]];",
      "  ids.push((await listJobs(transport)).result?.[0]);",
      "  for await (const item of pageJobs.all(transport)) ids.push(item.result?.[0]);",
      "  return success && wrong ? ids : [];",
      "}",
      "",
    ].join("\n"),
  );
  const entries = await readdir(join(out, "client"), { recursive: true });
  files = [...entries.filter((name) => name.endsWith(".ts")).map((name) => join(out, "client", name)), usage];
}, 120_000);

test.each(Object.keys(TYPESCRIPT_VERSIONS) as TypeScriptVersion[])("TypeScript %s: the client of an optional field beside a required one compiles strict", async (version) => {
  const result = await typecheck(files, { version, resolution: "nodenext", portable: true, types: ["node"] });
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
});
