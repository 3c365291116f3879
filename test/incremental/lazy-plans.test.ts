// What the client, server and docs plans ask of every operation on a change run, cheaply (issue 26:
// a change at 10,000 operations must not work out every kept module's guards, mock entries or wire
// fields): the cheap questions must give what the full answers say, and a change run whose kept
// modules' files are never made must write byte for byte what a cold generate writes.
import { cp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, loadModel } from "../../src/pipeline.js";
import type { ApiModel } from "../../src/model/types.js";
import { bodyData, hasBodyData, hasStyles, stylesData } from "../../src/emit/client/wire.js";
import { isStreamed, streamedResponse } from "../../src/emit/shared/streamed.js";
import { operationHeadings, pageAnchors, slug, walkedAnchors } from "../../src/emit/docs/anchors.js";
import { fixtureCatalogue, freshDir, repoCatalogue } from "../helpers/generate.js";
import { filesOf, restoreCacheDirAfterEach } from "../helpers/output-tree.js";

restoreCacheDirAfterEach();

/** Fixtures with styles, form bodies, streams, examples, error responses and guards in several modules. */
const FIXTURES = ["styles", "streams-pages", "server-features", "error-responses", "validators", "kitchen-sink", "annotations"];

/** The slug as anchors.ts worked it out before its memo and its fast path for plain ids. */
function fullSlug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

describe("the plans' cheap questions", () => {
  let models: ApiModel[];
  beforeAll(async () => {
    models = await Promise.all([repoCatalogue, ...FIXTURES.map(fixtureCatalogue)].map((dir) => loadModel(dir)));
  });

  it("say what the full answers say, for every operation of the repository's catalogue and the fixtures", () => {
    let styled = 0;
    let forms = 0;
    let streamed = 0;
    for (const model of models) {
      for (const operation of model.modules.flatMap((module) => module.operations)) {
        expect(hasStyles(operation), operation.id).toBe(stylesData(operation) !== undefined);
        expect(hasBodyData(operation), operation.id).toBe(bodyData(operation) !== undefined);
        expect(isStreamed(operation), operation.id).toBe(streamedResponse(operation) !== undefined);
        styled += Number(hasStyles(operation));
        forms += Number(hasBodyData(operation));
        streamed += Number(isStreamed(operation));
      }
    }
    // Both answers occur: the comparisons above are not all of "no".
    expect(styled).toBeGreaterThan(0);
    expect(forms).toBeGreaterThan(0);
    expect(streamed).toBeGreaterThan(0);
  });

  it("slug every heading as the full rule does, asked once or again", () => {
    const headings = new Set(["Ünïcode Straße", "Rate limits", "a.b/c (d)", "tab\there", "snake_case-id", "UPPER", "200", "4XX", "emoji 🎉 x", ""]);
    for (const model of models) {
      for (const module of model.modules) {
        headings.add(module.title);
        for (const operation of module.operations) for (const heading of [operation.id, ...operationHeadings(operation)]) headings.add(heading);
      }
      for (const named of model.types) headings.add(named.name);
    }
    for (const heading of headings) {
      expect(slug(heading), heading).toBe(fullSlug(heading));
      expect(slug(heading), heading).toBe(fullSlug(heading));
    }
  });
});

describe("the docs' anchors without walking every heading", () => {
  it("are the anchors the walk over every heading gives, for the catalogues and for ids that meet a heading's slug", async () => {
    const models = await Promise.all([repoCatalogue, ...FIXTURES.map(fixtureCatalogue)].map((dir) => loadModel(dir)));
    for (const model of models) {
      const plain = pageAnchors(model);
      const walked = walkedAnchors(model);
      expect([...plain.operations]).toEqual([...walked.operations]);
      expect([...plain.types]).toEqual([...walked.types]);
    }
    // Ids that meet a fixed heading (numbered or not), a status, the title, or each other's slug.
    const model = structuredClone(models[0]!);
    const clashes = ["Parameters", "parameters-1", "responses-2", "200", "Description", "operations", "GetThing", "request-body-3"];
    // One clash per page: each page's anchors are worked out on their own.
    // Third on its page: two operations' "Parameters" headings come before it.
    const pages = model.modules.filter((one) => one.operations.length >= 3);
    expect(pages.length).toBeGreaterThanOrEqual(clashes.length + 1);
    clashes.forEach((id, i) => (pages[i]!.operations[2]!.id = id));
    pages[6]!.operations[0]!.id = "getThing";
    // A "200" heading before the operation named "200".
    pages[3]!.operations[0]!.responses = structuredClone(model.modules.flatMap((one) => one.operations).find((operation) => operation.responses?.some((response) => response.status === "200"))!.responses!);
    pages[clashes.length]!.operations[2]!.id = slug(pages[clashes.length]!.title).replaceAll("-", " ");
    const plain = pageAnchors(model);
    const walked = walkedAnchors(model);
    expect([...plain.operations]).toEqual([...walked.operations]);
    // The walk numbered some of them: the plain rule was not enough for that page.
    expect([...walked.operations.values()].some((anchor) => /-\d+$/.test(anchor) && !clashes.map(slug).includes(anchor))).toBe(true);
  });
});

describe("a change run that makes only the changed module's files", () => {
  let base: string;
  beforeAll(async () => {
    base = await freshDir("lazy-plans");
  });

  it.each(FIXTURES.slice(0, 5))("writes what a cold generate writes after a summary of each module file of %s changes", async (fixture) => {
    const catalogue = join(base, fixture);
    const out = join(base, `${fixture}-out`);
    const cold = join(base, `${fixture}-cold`);
    await cp(fixtureCatalogue(fixture), catalogue, { recursive: true });
    process.env.CATALOGEN_CACHE_DIR = join(base, `${fixture}-cache`);
    await generate({ catalogue, out });
    const moduleFiles = (await readdir(catalogue)).filter((name) => name.endsWith(".yaml") && name !== "api.yaml").sort();
    expect(moduleFiles.length).toBeGreaterThan(0);
    for (const [n, name] of moduleFiles.entries()) {
      const text = await readFile(join(catalogue, name), "utf8");
      const edited = text.replace(/^(\s*summary: )(.*)$/m, (_, key: string, value: string) => `${key}${value.replace(/\.?$/, "")} (edit ${n}).`);
      expect(edited, name).not.toBe(text);
      await writeFile(join(catalogue, name), edited);
      process.env.CATALOGEN_CACHE_DIR = join(base, `${fixture}-cache`);
      const run = await generate({ catalogue, out });
      expect(run.upToDate).toBe(false);
      await rm(cold, { recursive: true, force: true });
      process.env.CATALOGEN_CACHE_DIR = "off";
      await generate({ catalogue, out: cold });
      expect(await filesOf(out), `${fixture}: ${name}`).toEqual(await filesOf(cold));
    }
  });
});
