// The client and server of a catalogue with limit groups and per-kind limits compile under the portable
// strict flags, and `createClient({ tokenKind })` takes only the catalogue's token kinds
// (fixtures/usage-limit-groups.ts: its `@ts-expect-error` lines must be errors).
import { copyFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";

test("TypeScript 5.9, NodeNext, portable flags: client and server compile, the tokenKind type tests hold", async () => {
  const out = await generateForTest({ targets: ["client", "server"], catalogue: fixtureCatalogue("limit-groups") });
  await copyFile(new URL("./fixtures/usage-limit-groups.ts", import.meta.url), join(out, "usage.ts"));
  const files: string[] = [];
  for (const target of ["client", "server"]) {
    files.push(...(await readdir(join(out, target), { recursive: true })).filter((name) => name.endsWith(".ts")).map((name) => join(out, target, name)));
  }
  const result = await typecheck([...files, join(out, "usage.ts")], { version: "5.9", resolution: "nodenext", portable: true, types: ["node"] });
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
});
