// The Info Object's version, contact, license and terms of service: imported, shown on the docs'
// index, written back by the OpenAPI export and read back the same.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importAndGenerate, importDocument, type Imported } from "./helpers.js";
import { generateInto, writeCatalogue } from "../catalogue/support.js";
import { swaggerParserValidate } from "../openapi/validators.js";

const DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "Pets",
    version: "2.1.0",
    termsOfService: "https://example.com/terms",
    contact: { name: "API | team", url: "https://example.com/help", email: "api@example.com", "x-team": "pets" },
    license: { name: "Apache 2.0", identifier: "Apache-2.0", url: "https://www.apache.org/licenses/LICENSE-2.0" },
  },
  paths: { "/pets": { get: { operationId: "listPets", responses: { "200": { description: "ok" } } } } },
};

let imported: Imported;
let exported: Record<string, any>;

beforeAll(async () => {
  imported = await importDocument("info", DOCUMENT, ["docs", "openapi"]);
  exported = JSON.parse(await readFile(join(imported.out, "openapi.json"), "utf8"));
}, 60_000);

describe("the Info Object", () => {
  it("is imported: version, contact, license (an identifier or a URL) and terms of service", () => {
    const { version, contact, license, termsOfService } = imported.model;
    expect({ version, contact, license, termsOfService }).toEqual({
      version: "2.1.0",
      contact: { name: "API | team", url: "https://example.com/help", email: "api@example.com" },
      license: { name: "Apache 2.0", identifier: "Apache-2.0" },
      termsOfService: "https://example.com/terms",
    });
    expect(imported.reportText).toContain("info.contact.x-team");
    expect(imported.reportText).toContain("a license gives an identifier or a URL, not both: the identifier is kept");
    expect(imported.reportText).not.toMatch(/info\.(version|termsOfService|contact:|license:)/);
  });

  it("is shown on the docs' index, each text in its place", async () => {
    const readme = await readFile(join(imported.out, "docs/README.md"), "utf8");
    expect(readme).toContain("- **Version:** 2\\.1.0\n"); // "2." could start a list: escaped
    expect(readme).toContain("- **Contact:** API \\| team, [https://example.com/help](https://example.com/help), [api@example.com](mailto:api@example.com)\n");
    expect(readme).toContain("- **License:** Apache 2.0 (`Apache-2.0`)\n");
    expect(readme).toContain("- **Terms of service:** [https://example.com/terms](https://example.com/terms)\n");
  });

  it("is written back by the OpenAPI export, valid, and read back the same", async () => {
    expect(exported.info).toMatchObject({
      version: "2.1.0",
      termsOfService: "https://example.com/terms",
      contact: { name: "API | team", url: "https://example.com/help", email: "api@example.com" },
      license: { name: "Apache 2.0", identifier: "Apache-2.0" },
    });
    expect(exported.info.description).not.toContain("unversioned");
    await swaggerParserValidate(exported);
    const again = await importAndGenerate(join(imported.out, "openapi.json"), {}, ["openapi"]);
    for (const key of ["version", "contact", "license", "termsOfService"] as const) expect(again.model[key]).toEqual(imported.model[key]);
  });

  it("without a version: the export says unversioned, and reading it back gives none", async () => {
    const { version: _version, ...info } = DOCUMENT.info;
    const bare = await importDocument("info-bare", { ...DOCUMENT, info: { ...info, version: "" } }, ["openapi"]);
    expect(bare.model.version).toBeUndefined();
    const document = JSON.parse(await readFile(join(bare.out, "openapi.json"), "utf8"));
    expect(document.info.version).toBe("unversioned");
    const again = await importAndGenerate(join(bare.out, "openapi.json"), {}, ["openapi"]);
    expect(again.model.version).toBeUndefined();
    expect(again.reportText).not.toContain("info.version");
  });

  it("a hand-written catalogue giving a license both an identifier and a URL, or a mail address without @, is refused with positions", async () => {
    const api = `api:
  title: Test API
  contact: { email: nobody }
  license: { name: MIT, identifier: MIT, url: "https://opensource.org/license/mit" }
  auth:
    header: Authorization
    tokenKinds: [{ id: user, description: A user }]
`;
    const run = await generateInto(await writeCatalogue({ "pets.yaml": "module: { id: pets, title: Pets, area: Pets }\noperations: []\n" }, api));
    expect(run.code).toBe(1);
    expect(run.written).toBe(false);
    expect(run.errors.map(([at]) => at.replace(/:\d+$/, ""))).toEqual(["api.yaml:3"]);
    // The schema's error stops the semantic checks of that file; alone, the license is refused too.
    const fixed = await generateInto(await writeCatalogue({ "pets.yaml": "module: { id: pets, title: Pets, area: Pets }\noperations: []\n" }, api.replace("contact: { email: nobody }", "contact: { email: a@b.example }")));
    expect(fixed.code).toBe(1);
    expect(fixed.errors).toEqual([[expect.stringMatching(/^api\.yaml:4:\d+$/), expect.stringContaining("a license gives an SPDX identifier or a URL, not both")]]);
  });
});
