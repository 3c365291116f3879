// examples/tanstack-react: the React example (useQuery, useInfiniteQuery, useMutation with the
// generated options) type-checks strict with its own tsconfig.json, beside output generated from
// its catalogue with the targets its catalogen.config.json names, on TypeScript 5.9, 6.0 and 7.0.
import { execFile } from "node:child_process";
import { cp, readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, expect, test } from "vitest";
import { generate } from "../../src/pipeline.js";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { TYPESCRIPT_VERSIONS, type TypeScriptVersion } from "../helpers/tsc.js";

const run = promisify(execFile);
const example = join(repoRoot, "examples/tanstack-react");
let dir: string;

beforeAll(async () => {
  dir = await freshDir("tanstack-react");
  const config = JSON.parse(await readFile(join(example, "catalogen.config.json"), "utf8")) as { catalogue: string; out: string; targets: ["client", "tanstack-query"] };
  expect(config.targets).toEqual(["client", "tanstack-query"]);
  await generate({ catalogue: join(example, config.catalogue), out: join(dir, config.out), targets: config.targets });
  await cp(join(example, "src"), join(dir, "src"), { recursive: true });
  await cp(join(example, "tsconfig.json"), join(dir, "tsconfig.json"));
});

test.each(Object.keys(TYPESCRIPT_VERSIONS) as TypeScriptVersion[])("TypeScript %s: the example compiles with no errors", async (version) => {
  const result = await run(process.execPath, [TYPESCRIPT_VERSIONS[version], "-p", join(dir, "tsconfig.json")], { cwd: repoRoot }).then(
    ({ stdout, stderr }) => stdout + stderr,
    (error: { stdout?: string; stderr?: string; message: string }) => (error.stdout ?? "") + (error.stderr ?? "") || error.message,
  );
  expect(result).toBe("");
});
