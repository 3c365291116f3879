// A hand-written composition the importer no longer makes (test/fixtures/catalogues/envelope-composition):
// an inline part's optional field beside a part that requires it, `Envelope & { result?: Job[] }`.
// Under exactOptionalPropertyTypes TypeScript finds such a type not assignable to a second copy of
// itself (TS2719, "two different types with this name exist"), so the client must write each
// operation's result type once: the plain operation's and the paged one's functions compile strict,
// and a paged operation's pages and items (`.pages`, `.all`) are of that one type (TS2379 otherwise),
// as is what createClient's methods return, streamed items too, in the full and the compact client
// (module-file.ts refers to the function's result type).
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { generate } from "../../src/pipeline.js";
import { fixtureCatalogue, freshDir } from "../helpers/generate.js";
import { TYPESCRIPT_VERSIONS, typecheck, type TypeScriptVersion } from "../helpers/tsc.js";

const files = { full: [] as string[], compact: [] as string[] };

beforeAll(async () => {
  for (const variant of ["full", "compact"] as const) files[variant] = await generateWithUsage(variant === "compact");
}, 120_000);

test.each(Object.keys(TYPESCRIPT_VERSIONS).flatMap((version) => (["full", "compact"] as const).map((variant) => [version as TypeScriptVersion, variant] as const)))(
  "TypeScript %s, %s client: the client of an optional field beside a required one compiles strict",
  async (version, variant) => {
    const result = await typecheck(files[variant], { version, resolution: "nodenext", portable: true, types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  },
);

async function generateWithUsage(compact: boolean): Promise<string[]> {
  const out = await freshDir();
  await generate({ catalogue: fixtureCatalogue("envelope-composition"), out, targets: [{ name: "client", compact }] });
  const usage = join(out, "usage.ts");
  await writeFile(
    usage,
    [
      'import { createClient, createTransport } from "./client/index.js";',
      'import { listJobs, pageJobs, scanJobs, startJob, watchJobs } from "./client/operations/jobs.js";',
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
      "// Each page and item is the call's own result type, not a second copy of it (TS2379 otherwise).",
      "export async function everyPage(): Promise<number> {",
      "  const pages: Array<Awaited<ReturnType<typeof scanJobs>>> = [];",
      "  for await (const page of scanJobs.pages(transport)) pages.push(page);",
      "  const bound: Array<Awaited<ReturnType<typeof api.jobs.scanJobs>>> = [];",
      "  for await (const page of api.jobs.scanJobs.pages()) bound.push(page);",
      "  const jobs: Job[] = [];",
      "  for await (const job of scanJobs.all(transport)) jobs.push(job);",
      "  for await (const job of api.jobs.scanJobs.all()) jobs.push(job);",
      "  const items: Array<Awaited<ReturnType<typeof pageJobs>>[number]> = [];",
      "  for await (const item of pageJobs.all(transport)) items.push(item);",
      "  const boundItems: Array<Awaited<ReturnType<typeof api.jobs.pageJobs>>[number]> = [];",
      "  for await (const item of api.jobs.pageJobs.all()) boundItems.push(item);",
      "  return pages.length + bound.length + jobs.length + items.length + boundItems.length;",
      "}",
      "",
      "// A method's result and its function's are one type, in either direction (TS2379 otherwise).",
      "export async function methodsAndFunctions(): Promise<number> {",
      "  const listed: Array<Awaited<ReturnType<typeof listJobs>>> = [];",
      "  listed.push(await api.jobs.listJobs());",
      "  const bound: Array<Awaited<ReturnType<typeof api.jobs.listJobs>>> = [];",
      "  bound.push(await listJobs(transport));",
      "  const started: Array<Awaited<ReturnType<typeof startJob>>> = [];",
      '  started.push(await api.jobs.startJob({ body: { name: "n" } }));',
      "  const pages: Array<Awaited<ReturnType<typeof scanJobs>>> = [];",
      "  pages.push(await api.jobs.scanJobs());",
      "  for await (const page of api.jobs.scanJobs.pages()) pages.push(page);",
      "  const items: Array<Awaited<ReturnType<typeof pageJobs>>[number]> = [];",
      "  for await (const item of api.jobs.pageJobs.all()) items.push(item);",
      "  const watched: Array<ReturnType<typeof watchJobs>> = [api.jobs.watchJobs()];",
      "  watched.push(watchJobs(transport));",
      "  return listed.length + bound.length + started.length + pages.length + items.length + watched.length;",
      "}",
      "",
    ].join("\n"),
  );
  const entries = await readdir(join(out, "client"), { recursive: true });
  return [...entries.filter((name) => name.endsWith(".ts")).map((name) => join(out, "client", name)), usage];
}
