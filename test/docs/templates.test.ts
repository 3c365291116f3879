// The docs templates the way a built run uses them: precompiled as `npm run build` does
// (scripts/build-docs-templates.mjs) and rendered by the docs emitter in a separate node process,
// bundled with its packages left external. That run must write the same pages as the templates
// compiled at run time (the path tests from src/ take), and never load handlebars' compiler.
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import Handlebars from "handlebars";
import { beforeAll, describe, expect, it } from "vitest";
import { emitDocs } from "../../src/emit/docs/index.js";
import { precompiledModule } from "../../src/emit/docs/templates.js";
import type { GeneratedFile } from "../../src/emit/types.js";
import { loadModel } from "../../src/pipeline.js";
import { fixtureCatalogue, freshDir, repoCatalogue, repoRoot } from "../helpers/generate.js";

const RUN = `import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { emitDocs } from "./emit/docs/index.js";

const models = JSON.parse(readFileSync(process.argv[2], "utf8"));
const pages = models.map((model) => emitDocs(model));
process.stdout.write(JSON.stringify({ pages, loaded: Object.keys(createRequire(import.meta.url).cache) }));
`;

describe("docs templates precompiled at build time", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await freshDir("docs-templates");
    await build({
      entryPoints: [join(repoRoot, "src/emit/docs/index.ts")],
      outfile: join(dir, "emit/docs/index.js"),
      bundle: true,
      format: "esm",
      platform: "node",
      packages: "external",
      logLevel: "silent",
    });
    await writeFile(join(dir, "emit/docs/precompiled-templates.cjs"), precompiledModule(Handlebars));
    await writeFile(join(dir, "run.mjs"), RUN);
  });

  it("render the same pages as templates compiled at run time, with the runtime alone", async () => {
    const catalogues = [repoCatalogue, ...["docs-shapes", "docs-anchors", "hostile"].map(fixtureCatalogue)];
    const models = await Promise.all(catalogues.map((catalogue) => loadModel(catalogue)));
    await writeFile(join(dir, "models.json"), JSON.stringify(models));
    const { stdout } = await promisify(execFile)(process.execPath, [join(dir, "run.mjs"), join(dir, "models.json")], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const run = JSON.parse(stdout) as { pages: GeneratedFile[][]; loaded: string[] };
    const expected = await Promise.all(models.map((model) => emitDocs(model)));
    expect(run.pages.flat().length).toBeGreaterThan(10);
    expect(run.pages).toEqual(expected);
    const handlebars = run.loaded.filter((path) => /[\\/]node_modules[\\/]handlebars[\\/]/.test(path));
    expect(handlebars.some((path) => path.endsWith("runtime.js"))).toBe(true);
    // The full build is dist/cjs/handlebars.js; the compiler's own files live under dist/cjs/handlebars/compiler/.
    expect(handlebars.filter((path) => /[\\/]compiler[\\/]|[\\/]cjs[\\/]handlebars\.js$|[\\/]lib[\\/]index\.js$/.test(path))).toEqual([]);
  });

  it("are the same module each time they are precompiled", () => {
    expect(precompiledModule(Handlebars)).toBe(precompiledModule(Handlebars));
  });
});
