// Shared by compile.test.ts and compile-6.test.ts. The msw target's output for this repository's catalogue compiles under the strictest flags with
// TypeScript 5.9, 6.0 and 7.0, and its overrides are typed by the operation: a type test beside it
// (every @ts-expect-error must be an error, or the compile fails) answers a wrong shape, reads a
// parameter the operation does not have, and names a token kind the catalogue does not have.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generateForTest } from "../helpers/generate.js";
import { typecheck, type TypeScriptVersion } from "../helpers/tsc.js";

const TYPE_TEST = `import type { HttpHandler } from "msw";
import { createMockHandlers, type ItemDiscrepancyResponse } from "./msw/index.js";

const mocks = createMockHandlers({ tokens: { t1: { principalId: "seller-1", tokenKind: "personal" } }, seed: 3 });
export const all: HttpHandler[] = mocks.handlers;
mocks.reset();

const answer: ItemDiscrepancyResponse[] = [{ discrepancyType: "surplus", discrepancyLabel: "re-sorting" }];
export const typed: HttpHandler = mocks.override.getDiscrepancies(({ params, identity }) =>
  params.supplyId === "WB-GI-1" && identity.principalId === "seller-1" ? answer : [],
);
export const response: HttpHandler = mocks.override.getDiscrepancies(({ error }) => error(404, "No such supply."));
export const asynchronous: HttpHandler = mocks.override.getDiscrepancies(async () => answer);

// @ts-expect-error: "nope" is not a discrepancy type
mocks.override.getDiscrepancies(() => [{ discrepancyType: "nope", discrepancyLabel: "surplus" }]);
// @ts-expect-error: surplus with the shortage label is not an allowed combination
mocks.override.getDiscrepancies(() => [{ discrepancyType: "surplus", discrepancyLabel: "shortage" }]);
// @ts-expect-error: an object, not the list the operation answers
mocks.override.getDiscrepancies(() => ({ discrepancyType: "surplus", discrepancyLabel: "surplus" }));
// @ts-expect-error: getDiscrepancies has no orderId parameter
mocks.override.getDiscrepancies(({ params }) => (params.orderId === "1" ? answer : answer));
// @ts-expect-error: no operation of that name
mocks.override.getDiscrepancy(() => answer);
// @ts-expect-error: not one of the catalogue's token kinds
createMockHandlers({ tokens: { t2: { principalId: "seller-1", tokenKind: "robot" } } });
`;

/** The compile tests for `versions` (two files share them, each under ~40 s). */
export function compileTests(versions: readonly TypeScriptVersion[]): void {
  let files: string[];

  beforeAll(async () => {
    const out = await generateForTest({ targets: ["msw"] });
    await writeFile(join(out, "overrides.ts"), TYPE_TEST);
    await writeFile(join(out, "package.json"), '{ "type": "module" }\n');
    files = [join(out, "msw/index.ts"), join(out, "overrides.ts")];
  }, 30_000);

  describe("the msw output", () => {
    for (const version of versions) {
      it(`compiles strictly with TypeScript ${version}, overrides typed by the operation`, async () => {
        const result = await typecheck(files, { version, resolution: "nodenext" });
        expect(result.output).toBe("");
        expect(result.ok).toBe(true);
      }, 60_000);
    }
  });
}
