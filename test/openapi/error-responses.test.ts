// The OpenAPI export of documented error responses (test/fixtures/catalogues/error-responses):
// per operation, the API-wide ones once in components/responses and referenced, media types with
// parameters kept; the three validators accept it.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { expectThreeValidatorsPass } from "./validators.js";

type Json = { [key: string]: any };

describe("openapi.json with error responses", () => {
  let file: string;
  let document: Json;
  beforeAll(async () => {
    const out = await generateForTest({ catalogue: fixtureCatalogue("error-responses"), targets: ["openapi"] });
    file = join(out, "openapi.json");
    document = JSON.parse(await readFile(file, "utf8")) as Json;
  });

  it("passes the three validators", async () => {
    await expectThreeValidatorsPass(file, document);
  });

  it("writes the API's error responses once and references them where an operation has none of its own", () => {
    expect(Object.keys(document.components.responses)).toEqual(["Api5XX", "ApiDefault", "GeneratedServerError"]);
    expect(document.components.responses.Api5XX).toEqual({
      description: "The server failed \\| retry later",
      content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
    });
    const getOffer = document.paths["/offers/{offerId}"].get;
    expect(Object.keys(getOffer.responses)).toEqual(["200", "404", "409", "5XX", "default"]);
    expect(getOffer.responses["5XX"].content).toEqual({ "text/plain": { schema: { type: "string" } } });
    expect(getOffer.responses.default).toEqual({ $ref: "#/components/responses/ApiDefault" });
    const deleteOffer = document.paths["/offers/{offerId}"].delete;
    expect(deleteOffer.responses["5XX"]).toEqual({ $ref: "#/components/responses/Api5XX" });
    expect(deleteOffer.responses["401"]["x-derived-from"]).toBe("token kinds");
    // Responses not documented: the "not documented" default stays, the API's other statuses apply.
    const ping = document.paths["/offers/ping"].get;
    expect(ping.responses.default.description).toMatch(/^Not documented/);
    expect(ping.responses["5XX"]).toEqual({ $ref: "#/components/responses/Api5XX" });
  });

  it("keeps media types with parameters and several media types per status", () => {
    const getOffer = document.paths["/offers/{offerId}"].get;
    expect(Object.keys(getOffer.responses["200"].content)).toEqual(["application/json; charset=utf-8"]);
    expect(Object.keys(getOffer.responses["409"].content)).toEqual(["application/json", "text/plain; charset=utf-8"]);
    expect(Object.keys(document.components.responses.ApiDefault.content)).toEqual(["text/plain; charset=utf-8"]);
  });
});
