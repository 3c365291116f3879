// The tanstack-query output (with the client it requires) compiles under the strictest flags and
// the portable ones with TypeScript 5.9, 6.0 and 7.0, for the repository's catalogue and the
// fixture catalogues streams-pages (paging, streams), error-responses (documented errors) and
// envelope-composition (allOf result types TypeScript finds unlike a second copy of themselves),
// tanstack-names (catalogue types named like the target's imports and exports); and its type tests
// hold (fixtures/usage-*.ts: typed keys, data, errors, variables; each expected error an error).
// One compiler run per version over the five outputs.
import { copyFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest, repoCatalogue } from "../helpers/generate.js";
import { TYPESCRIPT_VERSIONS, typecheck, type TypeScriptVersion } from "../helpers/tsc.js";

const CASES = [
  { catalogue: repoCatalogue, usage: "usage-repo.ts" },
  { catalogue: fixtureCatalogue("streams-pages"), usage: "usage-pages.ts" },
  { catalogue: fixtureCatalogue("error-responses"), usage: "usage-errors.ts" },
  { catalogue: fixtureCatalogue("envelope-composition"), usage: "usage-envelope.ts" },
  { catalogue: fixtureCatalogue("tanstack-names"), usage: "usage-names.ts" },
];

const files: string[] = [];

beforeAll(async () => {
  for (const { catalogue, usage } of CASES) {
    const out = await generateForTest({ catalogue, targets: ["client", "tanstack-query"] });
    await copyFile(new URL(`./fixtures/${usage}`, import.meta.url), join(out, usage));
    const entries = await readdir(out, { recursive: true });
    files.push(...entries.filter((name) => name.endsWith(".ts") && /^(client|tanstack-query)\//.test(name)).map((name) => join(out, name)), join(out, usage));
  }
});

// The three compilers run side by side: each is a child process.
test.concurrent.each(Object.keys(TYPESCRIPT_VERSIONS) as TypeScriptVersion[])("TypeScript %s: no errors, the type tests hold", async (version) => {
  // skipLibCheck: the generated code is checked whole; the libraries' own declarations are theirs.
  const result = await typecheck(files, { version, resolution: "nodenext", portable: true, types: ["node"], compilerOptions: { skipLibCheck: true } });
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
}, 300_000); // three compilers at once: minutes on a busy 2-core machine
