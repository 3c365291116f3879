// The client's and the server's validator files are written as the guards' emitter makes them, with
// no indentTs pass over them (src/emit/shared/validators.ts: "the text is final"): that pass was 4% of
// a GitHub client's generate and changed nothing. This holds it: for catalogues with every kind of
// guard (unions, allOf, closed objects, large enums, constraints, hostile names and descriptions),
// each planned validator file (default and compact client, server) is already what indentTs would make of it.
import { describe, expect, it } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import { planClient } from "../../src/emit/client/index.js";
import { planServer } from "../../src/emit/server/index.js";
import { indentTs } from "../../src/emit/shared/ts-print.js";
import { fixtureCatalogue } from "../helpers/generate.js";

const CATALOGUES = ["validators", "hostile", "kitchen-sink", "composition", "base-discriminators", "deep-union", "annotations", "streams-pages"];

describe("validator files need no indentation pass", () => {
  for (const name of CATALOGUES) {
    it(`${name}: every client/validate and server/validate file is its own indentTs`, async () => {
      const model = await loadModel(fixtureCatalogue(name));
      let checked = 0;
      for (const files of [planClient(model), planClient(model, { compact: true }), planServer(model)]) {
        for (const file of files) {
          if (!/^(client|server)\/validate\//.test(file.path)) continue;
          const text = file.content();
          expect(indentTs(text), file.path).toBe(text);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
