// templates/client and templates/shared compile in a consumer's strictest setup (issue 10, item
// 6), as templates/server/portable.test.ts checks the server runtime: erasable syntax only (Node's
// type stripping, `erasableSyntaxOnly`), isolated declarations, no property access from index
// signatures, and `lib: ["ES2022"]` with @types/node instead of the DOM library.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { isShippedTemplate } from "../../src/emit/shared/templates.js";
import { TYPESCRIPT_VERSIONS, typecheck, type TypeScriptVersion } from "../../test/helpers/tsc.js";

const templates = fileURLToPath(new URL("..", import.meta.url));

async function shipped(dir: string): Promise<string[]> {
  return (await readdir(join(templates, dir))).filter(isShippedTemplate).map((name) => join(templates, dir, name));
}

describe("templates/client and templates/shared in a consumer's strictest setup", () => {
  for (const version of Object.keys(TYPESCRIPT_VERSIONS) as TypeScriptVersion[]) {
    test(`TypeScript ${version}: erasable syntax only, isolated declarations, lib ES2022 + @types/node without DOM`, async () => {
      const files = [...(await shipped("client")), ...(await shipped("shared"))];
      const result = await typecheck(files, { version, resolution: "nodenext", portable: true, types: ["node"] });
      expect(result.output).toBe("");
      expect(result.ok).toBe(true);
    }, 120_000);
  }
});
