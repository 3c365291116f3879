// Consumer impact: a consumer of the shop client (test/diff/fixtures/consumer, ten call sites
// marked BREAKS) and a catalogue change that breaks them. `diff --consumer` must name exactly the
// call sites that tsc itself rejects once the new client is generated, each with the operation
// and the finding behind it.
import { execFile } from "node:child_process";
import { cp, readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { diff } from "../../src/diff/index.js";
import { generate } from "../../src/pipeline.js";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { editedShop, shop, type Edit } from "./pairs.js";

const run = promisify(execFile);
const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");

/** The change: one edit per broken call site's cause. */
const CHANGE: Edit[] = [
  ["shop.yaml", "      - { name: limit, in: query, schema: { type: integer, maximum: 100 } }", "      - { name: limit, in: query, required: true, schema: { type: integer, maximum: 100 } }"],
  ["shop.yaml", "      - { name: status, in: query, schema: { type: string, enum: [new, paid, shipped] } }\n", ""],
  ["shop.yaml", "  - id: getOrder", "  - id: fetchOrder"],
  ["shop.yaml", "      note: { type: string, maxLength: 200 }\n      lines", "      lines"],
  ["shop.yaml", "      total: { ref: Money, required: true }", "      total: { ref: Money }"],
  ["shop.yaml", "      status: { type: string, enum: [new, paid, shipped], required: true }", "      status: { type: string, enum: [new, paid, shipped, returned], required: true }"],
  ["shop.yaml", "      coupon: { type: string }", "      coupon: { type: string }\n      currency: { type: string, required: true }"],
  ["shop.yaml", "      - { name: reason, in: query, required: true, schema: { type: string } }\n", ""],
  ["shop.yaml", "  - id: streamEvents\n    method: GET\n    path: /events\n    summary: Events of the shop\n    tokens: [service]\n    parameters: []\n    request: none\n    responses:\n      \"200\":\n        content:\n          application/json:\n            schema: { type: array, items: { ref: Event } }\n", ""],
];

/** `file:line:col` of each error tsc gives for the consumer. */
async function tscErrors(app: string): Promise<string[]> {
  const result = await run(process.execPath, [tsc, "-p", app, "--pretty", "false"], { cwd: app }).then(() => ({ stdout: "" }), (error: { stdout: string }) => error);
  return [...result.stdout.matchAll(/^(\S+?)\((\d+),(\d+)\): error TS\d+/gm)].map((match) => `${match[1]}:${match[2]}:${match[3]}`).sort();
}

describe("diff --consumer", () => {
  it("names exactly the call sites tsc rejects, with the operation and the finding", { timeout: 300_000 }, async () => {
    const app = await freshDir("diff-consumer");
    await cp(join(repoRoot, "test/diff/fixtures/consumer"), app, { recursive: true });
    await generate({ catalogue: shop, out: join(app, "generated"), targets: ["client"] });
    expect(await tscErrors(app)).toEqual([]); // the consumer compiles against the old client

    const changed = await editedShop(CHANGE);
    const report = await diff({ old: { kind: "path", path: shop }, new: { kind: "path", path: changed }, cwd: app, consumers: ["."], client: join(app, "generated/client") });
    const [consumer] = report.consumers!;
    const named = consumer!.broken.map((site) => `${site.file}:${site.line}:${site.column}`).sort();

    await generate({ catalogue: changed, out: join(app, "generated"), targets: ["client"] });
    const rejected = await tscErrors(app);
    expect(named).toEqual(rejected);
    expect(named).toHaveLength(10);

    // Each marked line, and only those.
    const marked: string[] = [];
    for (const file of ["src/orders.ts", "src/writes.ts"]) {
      (await readFile(join(app, file), "utf8")).split("\n").forEach((line, index) => {
        if (line.includes("// BREAKS")) marked.push(`${file}:${index + 1}`);
      });
    }
    expect([...new Set(consumer!.broken.map((site) => `${site.file}:${site.line}`))].sort()).toEqual(marked.sort());

    // Each with its operation (where the line calls one) and the finding that explains it.
    const causes = consumer!.broken.map((site) => `${site.file}:${site.line} ${site.operation ?? "-"} ${site.rule ?? "-"}`);
    const lineOf = async (file: string, snippet: string) => (await readFile(join(app, file), "utf8")).split("\n").findIndex((line) => line.includes(snippet)) + 1;
    const expected = [
      ["src/orders.ts", `status: "new"`, "listOrders parameter-removed"], // tsc names the dropped status before the missing limit
      ["src/orders.ts", `status: "paid"`, "listOrders parameter-removed"],
      ["src/orders.ts", "api.shop.getOrder", "getOrder operation-id-changed"],
      ["src/orders.ts", "order.note", "- response-property-removed"],
      ["src/orders.ts", "order.total.amount", "- response-property-became-optional"],
      ["src/orders.ts", "const never", "- response-enum-value-added"],
      ["src/writes.ts", "api.shop.createOrder", "createOrder request-property-added-required"],
      ["src/writes.ts", "await cancelOrder(", "cancelOrder parameter-removed"],
      ["src/writes.ts", "streamEvents()", "streamEvents operation-removed"],
      ["src/writes.ts", "api.shop.cancelOrder", "cancelOrder parameter-removed"],
    ];
    expect(causes.sort()).toEqual((await Promise.all(expected.map(async ([file, snippet, cause]) => `${file}:${await lineOf(file!, snippet!)} ${cause}`))).sort());
    expect(consumer!.typescript).toMatch(/^5\./);
  });
});
