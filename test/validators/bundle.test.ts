// The Standard Schema objects are built only where they are imported: a program that calls the
// client or one guard bundles none of them (nor the spec's runtime part), one that imports one
// schema bundles that schema and its guards only. esbuild, minified ESM, as test/helpers/bundle.ts.
import { beforeAll, expect, test } from "vitest";
import { build } from "esbuild";
import { bundleOptions } from "../helpers/bundle.js";
import { generateValidators, type Generated } from "./support.js";

let generated: Generated;
beforeAll(async () => {
  generated = await generateValidators();
}, 60_000);

async function bundle(program: string): Promise<string> {
  const result = await build(bundleOptions(generated.dir, program));
  return result.outputFiles[0]?.text ?? "";
}

/** Text only the Standard Schema runtime holds, and text only some guards hold. */
const STANDARD = ["~standard", "catalogen"];
const SHAPES_GUARD = "a list of at most 4 items"; // checkListShapesResponse
const PET_GUARD = "a string of at most 8 characters"; // checkPet (and the guards that read Pet's fields)

test("a program calling one guard carries no Standard Schema", async () => {
  const code = await bundle(`import { checkListShapesResponse } from "./client/validate.js";\nexport const ok = (v: unknown) => checkListShapesResponse(v) === undefined;\n`);
  expect(code).toContain(SHAPES_GUARD);
  for (const text of STANDARD) expect(code).not.toContain(text);
  expect(code).not.toContain(PET_GUARD);
});

test("a program calling the client with its response checks carries no Standard Schema", async () => {
  const code = await bundle(
    `import { createTransport, listShapes, responseChecks } from "./client/index.js";\nexport const run = () => listShapes(createTransport({ baseUrl: "https://x.example", token: "t", use: [responseChecks()] }));\n`,
  );
  expect(code).toContain(SHAPES_GUARD);
  for (const text of STANDARD) expect(code).not.toContain(text);
});

test("a program importing one schema carries it and its guard, not the other schemas", async () => {
  const code = await bundle(`import { listShapesResponseSchema } from "./client/schemas.js";\nexport const check = (v: unknown) => listShapesResponseSchema["~standard"].validate(v);\n`);
  expect(code).toContain(SHAPES_GUARD);
  for (const text of STANDARD) expect(code).toContain(text);
  expect(code).not.toContain(PET_GUARD);
  const all = await bundle(`export * from "./client/schemas.js";\n`);
  expect(all).toContain(PET_GUARD);
  expect(code.length).toBeLessThan(all.length / 3);
});
