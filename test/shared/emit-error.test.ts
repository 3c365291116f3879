// A catalogue whose names the generated code would derive or export itself (it used to pass
// validation and fail at generate with a one-line EmitError): refused with positions, nothing written.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { fixtureCatalogue, freshDir, repoRoot } from "../helpers/generate.js";

const catalogue = fixtureCatalogue("emit-name-clash");

async function run(args: string[]) {
  let out = "";
  let err = "";
  const code = await main(args, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), cwd: repoRoot });
  return { code, out, err };
}

// The emitters still refuse such names themselves (EmitError, tested on models in
// test/client/emit.test.ts); the validator now catches them first, with positions.
describe("catalogen generate on a name the generated code derives itself", () => {
  test("validate refuses it with the types' positions", async () => {
    const result = await run(["validate", "--catalogue", catalogue]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/things\.yaml:8:3: error: type name "GetThingArgs" is taken by the client arguments type of operation getThing at \S*things\.yaml:16:9\n/);
    expect(result.err).toMatch(/things\.yaml:12:3: error: type name "ServerOptions" is taken by the generated code's own exports\n/);
  });

  test.each(["client", "server"])("%s: exit 1, positioned errors, nothing written", async (target) => {
    const out = join(await freshDir("emit-error"), "out");
    const result = await run(["generate", "--catalogue", catalogue, "--out", out, "--target", target]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('error: type name "GetThingArgs"');
    expect(result.err).not.toMatch(/\n\s+at /);
    expect(result.out).toBe("");
    expect(existsSync(out)).toBe(false);
  });
});
