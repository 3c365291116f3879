// openapi.json reaches the writer in pieces (jsonChunks in src/emit/plan.ts): the pieces must
// join to exactly the text JSON.stringify gives, which is what `emitOpenApi` returns.
import { describe, expect, it } from "vitest";
import { jsonChunks } from "../../src/emit/plan.js";
import { planOpenApi } from "../../src/emit/openapi/index.js";
import { loadModel } from "../../src/pipeline.js";
import { fixtureCatalogue, repoCatalogue } from "../helpers/generate.js";

describe("openapi.json in pieces", () => {
  it.each([["the repository's catalogue", repoCatalogue], ["kitchen-sink", fixtureCatalogue("kitchen-sink")], ["docs-shapes", fixtureCatalogue("docs-shapes")]])(
    "joins to the whole text for %s",
    async (_name, catalogue) => {
      const [file] = [...planOpenApi(await loadModel(catalogue))];
      const pieces = [...file!.chunks!()];
      expect(pieces.length).toBeGreaterThan(3);
      expect(pieces.join("")).toBe(file!.content());
    },
  );

  it("prints what JSON.stringify prints for empty, nested, skipped and escaped members", () => {
    const value = {
      empty: {},
      list: [],
      paths: { "/a\nb": { get: { x: [1, { y: null }], z: undefined } }, "/c": {} },
      gone: undefined,
      text: 'line\nbreak "quoted"',
      nested: { deep: { deeper: [[], {}, "x"] } },
    };
    expect([...jsonChunks(value, ["paths"])].join("")).toBe(JSON.stringify(value, null, 2));
    expect([...jsonChunks({}, ["paths"])].join("")).toBe(JSON.stringify({}, null, 2));
    expect([...jsonChunks({ paths: {} }, ["paths"])].join("")).toBe(JSON.stringify({ paths: {} }, null, 2));
  });
});
