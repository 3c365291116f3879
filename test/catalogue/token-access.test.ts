// errorCost, categories and readOnlyTokens in the catalogue language (issue 28): what the validator
// refuses (each problem at its file:line:col, exit 1, nothing written) and the model it builds.
import { describe, expect, it } from "vitest";
import { generateInto, type RefusalCase, writeCatalogue } from "./support.js";
import { loadModel } from "../../src/validate/index.js";

const API = `api:
  title: Test API
  principal: seller
  auth:
    header: Authorization
    tokenKinds:
      - { id: personal, description: Personal token }
  limitGroups:
    - { id: content, scope: seller, period: 1 minute, limit: 10, interval: 6 seconds, burst: 10, errorCost: { 4XX: 5 } }
`;

const MODULE = "module: { id: shop, title: Shop, area: Things }\noperations:\n";
const LIMIT = "scope: seller, period: 1 minute, limit: 1, interval: 1 minute, burst: 1";

const CASES: RefusalCase[] = [
  {
    name: "an error cost for a success status",
    files: { "shop.yaml": `${MODULE}  - { id: listThings, method: GET, path: /things, summary: List, limits: [{ ${LIMIT}, errorCost: { 2XX: 3 } }] }\n` },
    errors: [["shop.yaml:3:163", '"2XX" is not a valid key in "errorCost"']],
  },
  {
    name: "an error cost of 0 requests",
    files: { "shop.yaml": `${MODULE}  - { id: listThings, method: GET, path: /things, summary: List, limits: [{ ${LIMIT}, errorCost: { 409: 0 } }] }\n` },
    errors: [["shop.yaml:3:168", '"errorCost" must be >= 1']],
  },
  {
    name: "a category that is not a safe id, and readOnlyTokens that is not a boolean",
    files: { "shop.yaml": `${MODULE}  - { id: listThings, method: GET, path: /things, summary: List, categories: [Content], readOnlyTokens: "no" }\n` },
    errors: [["shop.yaml:3:79", '"Content" is not a valid "categories"'], ["shop.yaml:3:105", '"readOnlyTokens" must be a boolean, not string "no"']],
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

describe("the model", () => {
  it("holds error costs sorted by status, categories and read-only access", async () => {
    const dir = await writeCatalogue(
      { "shop.yaml": `${MODULE}  - { id: listThings, method: GET, path: /things, summary: List, categories: [content, all], readOnlyTokens: true, limits: [{ group: content }, { ${LIMIT}, errorCost: { 429: 2, 4XX: 3, 409: 4 } }] }\n` },
      API,
    );
    const model = await loadModel(dir);
    const operation = model.modules[0]!.operations[0]!;
    expect(operation.categories).toEqual(["content", "all"]);
    expect(operation.readOnlyTokens).toBe(true);
    expect(operation.limits!.map((limit) => limit.errorCost)).toEqual([
      [{ status: "4XX", cost: 5 }],
      [{ status: "409", cost: 4 }, { status: "429", cost: 2 }, { status: "4XX", cost: 3 }],
    ]);
  });
});
