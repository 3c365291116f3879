// The generated server compiles under the strictest flags with TypeScript 5.9, 6.0 and 7.0, with
// NodeNext and Bundler resolution, in a consumer's portable setup (erasable syntax only, isolated
// declarations, no property access from index signatures, lib ES2022 + @types/node and no DOM),
// and the type-level claims of the usage fixtures hold. Also: with `importExtension: "ts"` and
// `allowImportingTsExtensions`, and inside a consumer package that is CommonJS.
import { copyFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { generateForTest } from "../helpers/generate.js";
import { typecheck, type Resolution, type TypeScriptVersion } from "../helpers/tsc.js";
import { featuresCatalogue } from "./helpers.js";
import { commonJsConsumer, generatePortable } from "../portable/consumer.js";

const fixtures = fileURLToPath(new URL("fixtures/", import.meta.url));
const VERSIONS: TypeScriptVersion[] = ["5.9", "6.0", "7.0"];
const RESOLUTIONS: Resolution[] = ["nodenext", "bundler"];

async function serverFiles(out: string): Promise<string[]> {
  const entries = await readdir(join(out, "server"), { recursive: true });
  return entries.filter((name) => name.endsWith(".ts")).map((name) => join(out, "server", name)).sort();
}

async function withUsage(catalogue: string | undefined, fixture: string): Promise<{ out: string; usage: string }> {
  const out = await generateForTest({ targets: ["server"], ...(catalogue && { catalogue }) });
  const usage = join(out, "usage.ts");
  await copyFile(join(fixtures, fixture), usage);
  return { out, usage };
}

describe("real catalogue", () => {
  let out: string;
  let usage: string;
  beforeAll(async () => {
    ({ out, usage } = await withUsage(undefined, "usage-real.ts.txt"));
  });

  for (const version of VERSIONS) {
    for (const resolution of RESOLUTIONS) {
      test(`TypeScript ${version}, ${resolution}, portable flags: server and usage compile, every @ts-expect-error holds`, async () => {
        const result = await typecheck([usage], { version, resolution, types: ["node"], portable: true });
        expect(result.output).toBe("");
        expect(result.ok).toBe(true);
      });
    }
  }

  test("the server alone needs no @types/node (web standards only, from the DOM library)", async () => {
    const result = await typecheck(await serverFiles(out), { version: "5.9", resolution: "bundler", types: [] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });
});

describe("server-features catalogue", () => {
  let usage: string;
  beforeAll(async () => {
    ({ usage } = await withUsage(featuresCatalogue, "usage-features.ts.txt"));
  });

  for (const version of VERSIONS) {
    test(`TypeScript ${version}: typed path parameters, query, bodies and results`, async () => {
      const result = await typecheck([usage], { version, resolution: "nodenext", types: ["node"], portable: true });
      expect(result.output).toBe("");
      expect(result.ok).toBe(true);
    });
  }
});

describe("importExtension ts", () => {
  let files: string[];
  beforeAll(async () => {
    files = await serverFiles(await generatePortable(["server"], "ts"));
  });

  for (const version of VERSIONS) {
    for (const resolution of RESOLUTIONS) {
      test(`TypeScript ${version}, ${resolution}: compiles with allowImportingTsExtensions and the portable flags`, async () => {
        const result = await typecheck(files, { version, resolution, types: ["node"], portable: true, tsExtensions: true });
        expect(result.output).toBe("");
        expect(result.ok).toBe(true);
      });
    }
  }
});

describe("a consumer whose package.json has no type (CommonJS), NodeNext", () => {
  test("TypeScript 5.9: server/package.json makes the server ES modules: it compiles", async () => {
    const consumer = await commonJsConsumer("server");
    const result = await typecheck(consumer.files, { version: "5.9", resolution: "nodenext", types: ["node"], portable: true });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });

  test("without server/package.json it does not (the case this guards)", async () => {
    const consumer = await commonJsConsumer("server", { withoutTargetPackage: true });
    const result = await typecheck(consumer.files, { version: "7.0", resolution: "nodenext", types: ["node"], portable: true });
    expect(result.output).toMatch(/CommonJS file under 'verbatimModuleSyntax'/);
    expect(result.ok).toBe(false);
  });
});
