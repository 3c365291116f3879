// The client of a catalogue with limit groups and per-kind limits compiles under the portable
// strict flags, and `createClient({ tokenKind })` takes only the catalogue's token kinds
// (fixtures/usage-limit-groups.ts: its `@ts-expect-error` lines must be errors).
import { copyFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";

test("TypeScript 5.9, NodeNext, portable flags: no errors, the tokenKind type tests hold", async () => {
  const out = await generateForTest({ targets: ["client"], catalogue: fixtureCatalogue("limit-groups") });
  await copyFile(new URL("./fixtures/usage-limit-groups.ts", import.meta.url), join(out, "usage.ts"));
  const files = (await readdir(join(out, "client"), { recursive: true })).filter((name) => name.endsWith(".ts")).map((name) => join(out, "client", name));
  const result = await typecheck([...files, join(out, "usage.ts")], { version: "5.9", resolution: "nodenext", portable: true, types: ["node"] });
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
});
