// The client and the server each ship a self-contained tree: every relative import of an emitted
// file lands on another file of the same target, and what both use (guard helpers, the JSON
// media-type rule) is one copy of templates/shared/ in each.
import { posix } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { emitClient } from "../../src/emit/client/index.js";
import { emitServer } from "../../src/emit/server/index.js";
import { validateFiles } from "../../src/emit/server/validate-file.js";
import { templateText } from "../../src/emit/shared/templates.js";
import type { GeneratedFile } from "../../src/emit/types.js";
import type { ApiModel } from "../../src/model/types.js";
import { loadModel } from "../../src/pipeline.js";
import { repoCatalogue } from "../helpers/generate.js";

let model: ApiModel;
const emitted: Record<string, GeneratedFile[]> = {};

beforeAll(async () => {
  model = await loadModel(repoCatalogue);
  emitted.client = emitClient(model);
  emitted.server = await emitServer(model);
});

function relativeImports(content: string): string[] {
  return [...content.matchAll(/(?:from|import)\s+"(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]!);
}

describe.each(["client", "server"])("%s", (target) => {
  test("every relative import resolves to a file of the same target", () => {
    const files = emitted[target]!;
    const paths = new Set(files.map((file) => file.path));
    for (const file of files) {
      for (const specifier of relativeImports(file.content)) {
        const resolved = posix.join(posix.dirname(file.path), specifier).replace(/\.js$/, ".ts");
        expect(paths.has(resolved), `${file.path} imports ${specifier}`).toBe(true);
      }
    }
  });

  test("ships templates/shared/guard.ts and media.ts as they stand, and every guard file imports its helpers from there", () => {
    const files = new Map(emitted[target]!.map((file) => [file.path, file.content]));
    expect(files.get(`${target}/shared/guard.ts`)).toBe(templateText("shared", "guard.ts"));
    expect(files.get(`${target}/shared/media.ts`)).toBe(templateText("shared", "media.ts"));
    expectGuardFilesUseSharedHelpers(target, emitted[target]!);
  });
});

/** validate.ts or validate/<module>.ts: the files that hold guards import the helpers, never write them out. */
function expectGuardFilesUseSharedHelpers(target: string, files: GeneratedFile[]): void {
  const guardFiles = files.filter((file) => new RegExp(`^${target}/validate(\\.ts|/)`).test(file.path) && /^export function /m.test(file.content));
  expect(guardFiles.length).toBeGreaterThan(0);
  for (const file of guardFiles) {
    const helpers = posix.relative(posix.dirname(file.path), `${target}/shared/guard.js`).replace(/^(?!\.)/, "./");
    expect(file.content, file.path).toContain(`type Problem } from "${helpers}";`);
    expect(file.content, file.path).not.toMatch(/function (isRecord|problem|deepest)\b/);
  }
}

describe("server validate files, one per module", () => {
  test("an index re-exporting per-module files whose imports resolve, helpers from ../shared/guard.js", async () => {
    const files = validateFiles(model);
    const index = files.find((file) => file.path === "server/validate.ts")!;
    const perModule = files.filter((file) => file.path.startsWith("server/validate/"));
    expect(perModule.length).toBeGreaterThan(0);
    expect(index.content.trim().split("\n")).toEqual(perModule.map((file) => `export * from "./${file.path.slice("server/".length).replace(/\.ts$/, ".js")}";`));
    const paths = new Set([...files, ...(await emitServer(model))].map((file) => file.path));
    for (const file of perModule) {
      for (const specifier of relativeImports(file.content)) {
        expect(paths.has(posix.join(posix.dirname(file.path), specifier).replace(/\.js$/, ".ts")), `${file.path} imports ${specifier}`).toBe(true);
      }
    }
    expectGuardFilesUseSharedHelpers("server", files);
  });
});
