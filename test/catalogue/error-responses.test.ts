// Error responses in the catalogue language: per operation and once per API (`api.responses`),
// media types with parameters; what the loader accepts, what it refuses (with positions), and the
// model it builds.
import { describe, expect, it } from "vitest";
import { errorResponses } from "../../src/model/errors.js";
import { mediaEssence } from "../../src/shared/media.js";
import { loadModel } from "../../src/pipeline.js";
import { fixtureCatalogue } from "../helpers/generate.js";
import { API, runCli, writeCatalogue } from "./support.js";

/** The run's exit code and each diagnostic's `file:line:col` and message. */
async function diagnostics(files: Record<string, string>): Promise<{ code: number; reported: string[][] }> {
  const catalogue = await writeCatalogue(files);
  const run = await runCli(["validate", "--catalogue", catalogue], catalogue);
  return { code: run.code, reported: run.errors };
}

describe("the model", async () => {
  const model = await loadModel(fixtureCatalogue("error-responses"));
  const operation = (id: string) => model.modules[0]!.operations.find((o) => o.id === id)!;

  it("keeps media types with parameters verbatim", () => {
    expect(operation("getOffer").responses?.find((r) => r.status === "200")?.content.map((m) => m.contentType)).toEqual(["application/json; charset=utf-8"]);
    expect(model.responses?.map((r) => [r.status, r.content.map((m) => m.contentType)])).toEqual([
      ["5XX", ["application/problem+json"]],
      ["default", ["text/plain; charset=utf-8"]],
    ]);
  });

  it("an operation's error responses: its own, then the API's for statuses it does not list", () => {
    const statuses = (id: string) => errorResponses(operation(id), model).map((r) => `${r.status} ${r.description}`);
    expect(statuses("getOffer")).toEqual([
      "404 No such offer | `gone`",
      "409 Locked or sold",
      "5XX This operation's own server errors, as text",
      "default Any other error, as text",
    ]);
    expect(statuses("deleteOffer")).toEqual(["4XX Refused", "5XX The server failed | retry later", "default Any other error, as text"]);
    expect(statuses("pingOffers")).toEqual(["5XX The server failed | retry later", "default Any other error, as text"]);
  });

  it("media types compare without parameters and case", () => {
    expect(mediaEssence("Text/Plain; charset=utf-8")).toBe("text/plain");
    expect(mediaEssence("application/problem+json")).toBe("application/problem+json");
  });
});

const MODULE = (content: string) => `module: { id: shop, title: Shop, area: Things }
operations:
  - id: getThing
    method: GET
    path: /things
    summary: One thing
    responses:
      "404":
        content:
${content}`;

describe("refused, with positions", () => {
  it("two keys that are one media type once parameters and case are set aside", async () => {
    const { code, reported } = await diagnostics({
      "shop.yaml": MODULE(`          application/json: { schema: { type: string } }
          "Application/JSON; charset=utf-8": { schema: { type: string } }
`),
    });
    expect(code).toBe(1);
    expect(reported).toEqual([["shop.yaml:11:11", 'media type "Application/JSON; charset=utf-8" is "application/json" again (parameters and case do not tell them apart)']]);
  });

  it("a media type key that is not type/subtype[; name=value]", async () => {
    const { code, reported } = await diagnostics({ "shop.yaml": MODULE(`          "application/json;": { schema: { type: string } }\n`) });
    expect(code).toBe(1);
    expect(reported).toEqual([["shop.yaml:10:11", '"application/json;" is not a valid key in "content"']]);
  });

  it("api.responses takes error statuses only", async () => {
    const { code, reported } = await diagnostics({ "api.yaml": `${API}  responses:\n    "200": { description: Fine }\n` });
    expect(code).toBe(1);
    expect(reported).toEqual([["api.yaml:8:5", '"200" is not a valid key in "responses"']]);
  });

  it("api.responses: its types and examples are checked", async () => {
    const { code, reported } = await diagnostics({
      "api.yaml": `${API}  responses:
    "4XX":
      content:
        application/problem+json:
          schema: { ref: Problm }
    "5XX":
      content:
        application/problem+json:
          schema: { type: object, properties: { title: { type: string, required: true } } }
          example: { title: 5 }
`,
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
types:
  Problem: { type: object, additionalProperties: true }
`,
    });
    expect(code).toBe(1);
    expect(reported.map(([at]) => at)).toEqual(["api.yaml:11:26", "api.yaml:16:11"]);
    expect(reported[0]![1]).toContain('unknown type "Problm"');
    expect(reported[1]![1]).toContain("the example does not fit its schema");
  });
});

describe("accepted", () => {
  it.each(["text/plain; charset=utf-8", "application/json;charset=UTF-8", 'text/plain; charset="utf-8"', "application/vnd.api+json; version=2"])("%s", async (key) => {
    const { code, reported } = await diagnostics({ "shop.yaml": MODULE(`          ${JSON.stringify(key)}: { schema: { type: string } }\n`) });
    expect(reported).toEqual([]);
    expect(code).toBe(0);
  });
});
