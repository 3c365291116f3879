// The catalogue's servers in openapi.json: the API's defaults at the root, a path item's or
// operation's own where they differ, marked (x-server-id, x-environment, x-servers) for import;
// the document still passes swagger-parser, Redocly and Spectral without errors.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { redoclyLint, spectralLint, swaggerParserValidate } from "./validators.js";

type Json = { [key: string]: any };
let file: string;
let document: Json;

beforeAll(async () => {
  const out = await generateForTest({ targets: ["openapi"], catalogue: fixtureCatalogue("servers") });
  file = join(out, "openapi.json");
  document = JSON.parse(await readFile(file, "utf8")) as Json;
});

const LIVE = { url: "https://api.example.com/v2", description: "The live API", "x-environment": "production", "x-server-id": "live" };
const SANDBOX = { url: "https://sandbox.example.com/v2", description: "Test data only: nothing is shipped \\| billed", "x-environment": "sandbox", "x-server-id": "sandbox" };
const UPLOADS = { url: "https://uploads.example.com", description: "Uploads, in every environment", "x-server-id": "uploads" };

describe("servers in openapi.json", () => {
  test("root: the API's defaults (first of each environment, first without one); x-servers: every server as declared", () => {
    expect(document.servers).toEqual([LIVE, SANDBOX, UPLOADS]);
    expect(document["x-servers"].map((server: Json) => server.id)).toEqual(["live", "sandbox", "uploads", "reports-live"]);
    expect(document["x-servers"][1].description).toBe("Test data only: nothing is shipped | billed");
  });

  test("a path item whose operations all use other servers carries them; others carry none", () => {
    expect(document.paths["/things"].servers).toBeUndefined();
    expect(document.paths["/things"].get.servers).toBeUndefined();
    // Methods of one path that use different servers: each operation carries its own.
    expect(document.paths["/things"].delete.servers).toEqual([UPLOADS]);
    expect(document.paths["/things/upload"].servers).toEqual([UPLOADS]);
    expect(document.paths["/reports/{reportId}"].servers).toEqual([{ url: "https://reports.example.com", "x-environment": "production", "x-server-id": "reports-live" }]);
    expect(document.paths["/reports/status"].servers).toEqual([LIVE, SANDBOX]);
  });

  test("a module's own servers are on its tag", () => {
    expect(document.tags.map((tag: Json) => [tag.name, tag["x-servers"]])).toEqual([
      ["reports", ["reports-live"]],
      ["things", undefined],
    ]);
  });

  test("swagger-parser, Redocly and Spectral: no errors", async () => {
    await swaggerParserValidate(document);
    expect((await redoclyLint(file)).filter((p) => p.severity === "error")).toEqual([]);
    expect((await spectralLint(file)).filter((p) => p.severity === 0)).toEqual([]);
  });
});
