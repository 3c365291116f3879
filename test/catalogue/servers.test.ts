// Hosts in the catalogue: api.servers and `servers` on modules and operations. Each broken case is
// refused with file:line:col and a message; valid ones give the model the emitters read.
import { describe, expect, test } from "vitest";
import { loadModel } from "../../src/validate/index.js";
import { type RefusalCase, runCli, writeCatalogue } from "./support.js";

function apiWith(servers: string): string {
  return `api:
  title: Test API
  auth:
    header: Authorization
    tokenKinds:
      - { id: personal, description: Personal token }
  servers:
${servers}`;
}

const TWO = apiWith(`    - { id: live, url: "https://api.example.com/v2", environment: production }
    - { id: sandbox, url: "https://sandbox.example.com/v2", environment: sandbox }
`);

const SHOP = (extra = "", operationExtra = "") => `module: { id: shop, title: Shop, area: Things${extra} }
operations:
  - { id: listThings, method: GET, path: /things, summary: List${operationExtra} }
`;

const CASES: RefusalCase[] = [
  {
    name: "unknown server id on an operation, with a suggestion",
    files: { "api.yaml": TWO, "shop.yaml": SHOP("", ", servers: [sandbx]") },
    errors: [["shop.yaml:3:76", 'unknown server "sandbx"']],
  },
  {
    name: "unknown server id on a module when the API declares none",
    files: { "shop.yaml": SHOP(", servers: [live]") },
    errors: [["shop.yaml:1:58", 'unknown server "live"']],
  },
  {
    name: "a server listed twice",
    files: { "api.yaml": TWO, "shop.yaml": SHOP(", servers: [live, live]") },
    errors: [["shop.yaml:1:64", 'server "live" is listed twice']],
  },
  {
    name: "duplicate server ids",
    files: {
      "api.yaml": apiWith(`    - { id: live, url: "https://a.example.com", environment: production }
    - { id: live, url: "https://b.example.com", environment: sandbox }
`),
      "shop.yaml": SHOP(),
    },
    errors: [["api.yaml:9:13", 'server "live" is declared twice']],
  },
  {
    name: "bad URLs: relative, template variable, another scheme, credentials, query",
    files: {
      "api.yaml": apiWith(`    - { id: a, url: "/v2", environment: a }
    - { id: b, url: "https://{region}.example.com", environment: b }
    - { id: c, url: "ftp://files.example.com", environment: c }
    - { id: d, url: "https://user:secret@example.com", environment: d }
    - { id: e, url: "https://example.com/v2?x=1", environment: e }
`),
      "shop.yaml": SHOP(),
    },
    errors: [
      ["api.yaml:8:21", 'server URL "/v2" is not an absolute URL'],
      ["api.yaml:9:21", 'server URL "https://{region}.example.com" holds a template variable'],
      ["api.yaml:10:21", 'server URL "ftp://files.example.com" has the scheme ftp, not http or https'],
      ["api.yaml:11:21", 'server URL "https://user:secret@example.com" holds credentials'],
      ["api.yaml:12:21", 'server URL "https://example.com/v2?x=1" has a query or fragment'],
    ],
  },
  {
    name: "unsafe id and environment",
    files: {
      "api.yaml": apiWith(`    - { id: Live, url: "https://a.example.com", environment: "Prod uction" }
`),
      "shop.yaml": SHOP(),
    },
    errors: [
      ["api.yaml:8:13", 'server id "Live" is not a safe id'],
      ["api.yaml:8:62", 'environment "Prod uction" is not a safe id'],
    ],
  },
  {
    name: "two servers without an environment on one operation",
    files: {
      "api.yaml": apiWith(`    - { id: main, url: "https://api.example.com" }
    - { id: files, url: "https://files.example.com" }
`),
      "shop.yaml": SHOP(", servers: [main]", ", servers: [main, files]"),
    },
    errors: [["shop.yaml:3:66", 'servers "main" and "files" have no environment: an operation using this list']],
  },
  {
    name: "a type named as the client's union of environments",
    files: { "api.yaml": TWO, "shop.yaml": `${SHOP()}types:\n  ServerEnvironment: { type: string }\n` },
    errors: [["shop.yaml:5:3", 'type name "ServerEnvironment" is taken by the generated code\'s own exports']],
  },
  {
    name: "an empty servers list",
    files: { "api.yaml": TWO, "shop.yaml": SHOP(", servers: []") },
    errors: [["shop.yaml:1:57", "servers"]],
  },
];

describe.each(CASES)("$name", ({ files, errors }) => {
  test("refused with positions, exit 1", async () => {
    const dir = await writeCatalogue(files);
    const run = await runCli(["validate", "--catalogue", dir], dir);
    expect(run.code).toBe(1);
    expect(run.errors.length).toBe(errors.length);
    errors.forEach(([at, message], i) => {
      expect(run.errors[i]?.[0]).toBe(at);
      expect(run.errors[i]?.[1]).toContain(message);
    });
  });
});

describe("valid catalogues", () => {
  test("api servers in order; module servers as declared; each operation's servers resolved", async () => {
    const dir = await writeCatalogue({
      "api.yaml": apiWith(`    - { id: live, url: "https://api.example.com/v2", environment: production, description: The API }
    - { id: sandbox, url: "https://sandbox.example.com/v2", environment: sandbox }
    - { id: files, url: "https://files.example.com" }
`),
      "shop.yaml": `module: { id: shop, title: Shop, area: Things, servers: [live, sandbox] }
operations:
  - { id: listThings, method: GET, path: /things, summary: List }
  - { id: upload, method: POST, path: /files, summary: Upload, servers: [files] }
`,
      "misc.yaml": `module: { id: misc, title: Misc, area: Other }
operations:
  - { id: ping, method: GET, path: /ping, summary: Ping, servers: [live, files] }
  - { id: pong, method: GET, path: /pong, summary: Pong }
`,
    });
    const model = await loadModel(dir);
    expect(model.servers).toEqual([
      { id: "live", url: "https://api.example.com/v2", description: "The API", environment: "production" },
      { id: "sandbox", url: "https://sandbox.example.com/v2", environment: "sandbox" },
      { id: "files", url: "https://files.example.com" },
    ]);
    const [misc, shop] = model.modules;
    expect(shop?.servers).toEqual(["live", "sandbox"]);
    expect(misc?.servers).toBeUndefined();
    expect(shop?.operations.map((o) => o.servers)).toEqual([["live", "sandbox"], ["files"]]);
    expect(misc?.operations.map((o) => o.servers)).toEqual([["live", "files"], ["live", "sandbox", "files"]]);
  });

  test("the API's defaults are its first server of each environment and the first without one", async () => {
    const dir = await writeCatalogue({
      "api.yaml": apiWith(`    - { id: eu, url: "https://eu.example.com", environment: production }
    - { id: us, url: "https://us.example.com", environment: production }
    - { id: main, url: "https://main.example.com" }
    - { id: other, url: "https://other.example.com" }
    - { id: test, url: "https://test.example.com", environment: sandbox }
`),
      "shop.yaml": SHOP(),
    });
    expect((await loadModel(dir)).modules[0]?.operations[0]?.servers).toEqual(["eu", "main", "test"]);
  });

  test("a catalogue without servers has none in the model", async () => {
    const model = await loadModel(await writeCatalogue({ "shop.yaml": SHOP() }));
    expect(model.servers).toBeUndefined();
    expect(model.modules[0]?.operations[0]?.servers).toBeUndefined();
  });
});
