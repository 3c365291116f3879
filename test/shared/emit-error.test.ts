// A valid catalogue that a target cannot express (generated names that would clash): the CLI
// says so in one line, exits 1 and writes nothing.
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

describe("catalogen generate on a name the generated code derives itself", () => {
  test("the catalogue is valid", async () => {
    const result = await run(["validate", "--catalogue", catalogue]);
    expect(result.code).toBe(0);
  });

  test.each([
    ["client", "catalogen: client: the arguments of getThing and type GetThingArgs would both be named GetThingArgs; rename one in the catalogue\n"],
    [
      "server",
      "catalogen: server: the catalogue's type name(s) ServerOptions clash with names the generated server exports; rename them in the catalogue\n",
    ],
  ])("%s: exit 1, one clean line, nothing written", async (target, message) => {
    const out = join(await freshDir("emit-error"), "out");
    const result = await run(["generate", "--catalogue", catalogue, "--out", out, "--target", target]);
    expect(result.code).toBe(1);
    expect(result.err).toBe(message);
    expect(result.out).toBe("");
    expect(existsSync(out)).toBe(false);
  });
});
