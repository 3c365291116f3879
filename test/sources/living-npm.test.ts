// A real document from an npm package as a living source: @readme/oas-examples' train-travel API,
// installed where a project's npm would put it, with the user's token kinds and limits beside it.
// Every target generates, the client and server compile under the strict flags, and the additions
// are in the generated code.
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { generatedTypeScript } from "../import/helpers.js";

const PACKAGE_PATH = "node_modules/@readme/oas-examples/3.1/json/train-travel.json";

const ADDITIONS = `source:
  openapi: ../${PACKAGE_PATH}
api:
  principal: seller
  auth:
    tokenKinds:
      - { id: traveller, description: A traveller's own token }
      - { id: agent, description: A travel agent booking for a traveller }
  limitGroups:
    - { id: search, scope: seller, period: 1 minute, limit: 60, interval: 1 second, burst: 10 }
operations:
  get-stations: { tokens: [traveller, agent], limits: [{ group: search }] }
  get-trips: { tokens: [traveller, agent], limits: [{ group: search }] }
  POST /bookings:
    tokens: [traveller]
    limits: [{ scope: seller, period: 1 hour, limit: 20, interval: 3 minutes, burst: 2 }]
`;

describe("a living source from an npm package", () => {
  it("@readme/oas-examples train-travel: generates every target, compiles strict, and keeps the additions", { timeout: 120_000 }, async () => {
    const dir = await freshDir("living-npm");
    await mkdir(join(dir, "catalogue"), { recursive: true });
    await mkdir(join(dir, PACKAGE_PATH, ".."), { recursive: true });
    await copyFile(join(repoRoot, PACKAGE_PATH), join(dir, PACKAGE_PATH));
    await writeFile(join(dir, "catalogue/api.yaml"), ADDITIONS);
    let err = "";
    const code = await main(["generate", "--catalogue", "catalogue", "--out", "generated"], { out: () => {}, err: (text) => (err += text), cwd: dir });
    expect(err).toBe("");
    expect(code).toBe(0);
    const out = join(dir, "generated");
    const operations = await readFile(join(out, "client/operations/bookings.ts"), "utf8");
    expect(operations).toMatch(/Tokens: traveller\.\n \* Rate limit \(per seller\): 20 requests per 1 hour/);
    const openapi = JSON.parse(await readFile(join(out, "openapi.json"), "utf8")) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(openapi.paths["/stations"]!.get!["x-token-kinds"]).toEqual(["traveller", "agent"]);
    const result = await typecheck(await generatedTypeScript(out), { version: "5.9", resolution: "nodenext" });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });
});
