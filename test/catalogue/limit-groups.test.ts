// Rate limits per token kind and limit groups in the catalogue language: what the validator refuses
// (each problem at its file:line:col, exit 1, nothing written) and the model it builds.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { limitBucket } from "../../src/model/limits.js";
import { loadModel } from "../../src/validate/index.js";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { swaggerParserValidate } from "../openapi/validators.js";
import { generateInto, type RefusalCase, writeCatalogue } from "./support.js";

const API = `api:
  title: Test API
  principal: seller
  auth:
    header: Authorization
    tokenKinds:
      - { id: personal, description: Personal token }
      - { id: service, description: Service token }
  limitGroups:
    - { id: content, scope: seller, period: 1 minute, limit: 10, interval: 6 seconds, burst: 10 }
    - { id: service-only, scope: seller, period: 1 hour, limit: 10, interval: 6 minutes, burst: 10, tokens: [service] }
`;

const MODULE = "module: { id: shop, title: Shop, area: Things }\noperations:\n";
const LIMIT = "scope: seller, period: 1 minute, limit: 1, interval: 1 minute, burst: 1";

const CASES: RefusalCase[] = [
  {
    name: "an unknown group",
    files: { "shop.yaml": `${MODULE}  - { id: listThings, method: GET, path: /things, summary: List, limits: [{ group: contnet }] }\n` },
    errors: [["shop.yaml:3:84", 'unknown limit group "contnet"']],
  },
  {
    name: "a group named twice by one operation",
    files: { "shop.yaml": `${MODULE}  - { id: listThings, method: GET, path: /things, summary: List, limits: [{ group: content }, { group: content }] }\n` },
    errors: [["shop.yaml:3:104", 'limit group "content" is named twice']],
  },
  {
    name: "an unknown token kind in a limit",
    files: { "shop.yaml": `${MODULE}  - { id: listThings, method: GET, path: /things, summary: List, limits: [{ ${LIMIT}, tokens: [robot] }] }\n` },
    errors: [["shop.yaml:3:159", 'unknown token kind "robot" in a limit']],
  },
  {
    name: "a limit for a kind the operation does not accept",
    files: {
      "shop.yaml": `${MODULE}  - { id: listThings, method: GET, path: /things, summary: List, tokens: [personal], limits: [{ ${LIMIT}, tokens: [service] }] }\n`,
    },
    errors: [["shop.yaml:3:179", 'the limit names token kind "service", which this operation does not accept']],
  },
  {
    name: "a group only for kinds the operation does not accept",
    files: { "shop.yaml": `${MODULE}  - { id: listThings, method: GET, path: /things, summary: List, tokens: [personal], limits: [{ group: service-only }] }\n` },
    errors: [["shop.yaml:3:104", 'limit group "service-only" applies to service tokens, which this operation does not accept']],
  },
  {
    name: "two limits for one kind over one period",
    files: {
      "shop.yaml": `${MODULE}  - id: listThings
    method: GET
    path: /things
    summary: List
    limits:
      - { ${LIMIT}, tokens: [personal, service] }
      - { scope: seller, period: 60 seconds, limit: 5, interval: 12 seconds, burst: 5, tokens: [service] }
      - { scope: seller, period: 1 hour, limit: 5, interval: 12 minutes, burst: 5, tokens: [service] }
      - { scope: seller, period: 1 minute, limit: 5, interval: 12 seconds, burst: 5, tokens: [] }
`,
    },
    errors: [
      ["shop.yaml:9:9", "this limit and limits[0] both apply to service tokens over 60 seconds"],
      ["shop.yaml:11:94", "a limit for no token kind never applies"],
    ],
  },
  {
    name: "a group reference with other fields",
    files: { "shop.yaml": `${MODULE}  - { id: listThings, method: GET, path: /things, summary: List, limits: [{ group: content, burst: 2 }] }\n` },
    errors: [["shop.yaml:3:93", 'unknown field "burst" in "limits"']],
  },
  {
    name: "broken groups",
    files: {
      "api.yaml": `${API}    - { id: content, scope: seller, period: 1 minute, limit: 0, interval: 1 minute, burst: 1, tokens: [robot] }
    - { id: Bad Id, scope: seller, period: 1 minute, limit: 1, interval: 1 minute, burst: 1 }
`,
      "shop.yaml": `${MODULE}  - { id: listThings, method: GET, path: /things, summary: List, limits: [{ group: content }] }\n`,
    },
    errors: [
      ["api.yaml:12:13", 'limit group "content" is declared twice'],
      ["api.yaml:12:62", "limit must be a positive number of requests, not 0"],
      ["api.yaml:12:104", 'unknown token kind "robot" in a limit'],
      ["api.yaml:13:13", 'limit group "Bad Id" is not a safe id'],
    ],
  },
];

describe.each(CASES)("a catalogue with $name", ({ files, errors }) => {
  it("is refused with every error located, exit code 1, and nothing written", async () => {
    const run = await generateInto(await writeCatalogue(files, API));
    expect(run.code).toBe(1);
    expect(run.errors).toEqual(errors.map(([at, message]) => [at, expect.stringContaining(message)]));
    expect(run.written).toBe(false);
  });
});

describe("the model of limit groups and per-kind limits", () => {
  it("resolves group references into the group's limit and names one bucket per group", async () => {
    const model = await loadModel(fixtureCatalogue("limit-groups"));
    expect(model.limitGroups?.map((group) => group.id)).toEqual(["content", "reports-service"]);
    const operations = model.modules.flatMap((module) => module.operations);
    const byId = (id: string) => operations.find((operation) => operation.id === id)!;
    const buckets = (id: string) => byId(id).limits!.map((limit, index) => limitBucket(byId(id), limit, index));
    expect(buckets("listCards")).toEqual(["group:content"]);
    expect(buckets("getCard")).toEqual(["group:content", "getCard:1"]);
    expect(buckets("getReport")).toEqual(["getReport:0", "group:reports-service"]);
    expect(byId("listCards").limits![0]).toEqual({
      scope: "seller",
      period: { milliseconds: 60_000, text: "1 minute" },
      limit: 2,
      interval: { milliseconds: 30_000, text: "30 seconds" },
      burst: 2,
      group: "content",
    });
    expect(byId("getReport").limits!.map((limit) => limit.tokens)).toEqual([["personal"], ["service"]]);
  });
});

describe("docs and OpenAPI of limit groups and per-kind limits", () => {
  it("the docs list the groups on the index and say each limit's kinds and group; the OpenAPI export carries them and stays valid", async () => {
    const out = await generateForTest({ catalogue: fixtureCatalogue("limit-groups"), targets: ["docs", "openapi"] });
    const index = await readFile(join(out, "docs/README.md"), "utf8");
    expect(index).toContain("## Rate-limit groups");
    expect(index).toContain("| `content` | Every card operation spends from one budget. | 2 per 1 minute per seller, burst 2, one more every 30 seconds | every kind |");
    expect(index).toContain("| `reports-service` | not documented | 3 per 1 minute per seller, burst 3, one more every 20 seconds | service |");
    const cards = await readFile(join(out, "docs/cards.md"), "utf8");
    expect(cards).toContain("| seller (personal tokens) | 1 minute | 1 | 1 minute | 1 |");
    expect(cards).toContain("| seller (service tokens; shared budget of group reports-service) | 1 minute | 3 | 20 seconds | 3 |");

    const document = JSON.parse(await readFile(join(out, "openapi.json"), "utf8")) as Record<string, any>;
    await swaggerParserValidate(structuredClone(document));
    expect(document["x-rate-limits-groups"].map((group: { id: string }) => group.id)).toEqual(["content", "reports-service"]);
    const report = document.paths["/reports"].get;
    expect(report["x-rate-limits"].map((limit: { group?: string; tokens?: string[] }) => [limit.group, limit.tokens])).toEqual([
      [undefined, ["personal"]],
      ["reports-service", ["service"]],
    ]);
    expect(report.responses["429"].description).toContain("service tokens; shared budget of group reports-service");
  });
});
