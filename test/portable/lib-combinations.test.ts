// The generated server compiles under every lib/types combination the docs name (issue 21, item 6):
// lib ES2022 + DOM without DOM.Iterable and no @types/node; lib ES2022 + DOM + DOM.Iterable; and
// lib ES2022 (no DOM) with @types/node 20, 22, 24 and the newest (aliased devDependencies
// @types/node-22, -24, -26), each with the README's `createServer(toNodeHandler(handle))`. TypeScript 7.0
// (the fastest; test/server/compile.test.ts covers 5.9 and 6.0 with the default @types/node).
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { generateForTest, repoRoot } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";

let out: string;
let serverFiles: string[];
let usage: string;

beforeAll(async () => {
  out = await generateForTest({ targets: ["server"] });
  serverFiles = (await readdir(join(out, "server"), { recursive: true }))
    .filter((name) => name.endsWith(".ts"))
    .map((name) => join(out, "server", name))
    .sort();
  usage = join(out, "node-usage.ts");
  // The README's Node example, as a consumer writes it.
  await writeFile(
    usage,
    `import { createServer } from "node:http";
import { createRequestHandler, toNodeHandler, type SuppliesHandlers } from "./server/index.js";

const supplies: SuppliesHandlers = {
  getDiscrepancies: () => [],
};
const handle = createRequestHandler({ supplies }, {
  authenticate: (token) => (token === "t" ? { principalId: "s1", tokenKind: "personal" } : undefined),
});
createServer(toNodeHandler(handle)).listen(0, "127.0.0.1");
`,
  );
}, 60_000);

describe("DOM library, no @types/node", () => {
  for (const lib of [["ES2022", "DOM"], ["ES2022", "DOM", "DOM.Iterable"]]) {
    test(`lib ${lib.join(" + ")}: the server compiles`, async () => {
      const result = await typecheck(serverFiles, { version: "7.0", resolution: "bundler", types: [], lib });
      expect(result.output).toBe("");
      expect(result.ok).toBe(true);
    });
  }
});

describe("lib ES2022, no DOM, with @types/node", () => {
  // node: the devDependency (20); the others are aliased installs of @types/node. Each is linked as
  // `@types/node` into the output's own node_modules, so that `node:http` resolves to it alone.
  for (const installed of ["node", "node-22", "node-24", "node-26"]) {
    test(`@types/${installed}: the server and createServer(toNodeHandler(handle)) compile`, async () => {
      const dir = join(out, installed);
      await mkdir(join(dir, "node_modules/@types"), { recursive: true });
      await symlink(join(repoRoot, "node_modules/@types", installed), join(dir, "node_modules/@types/node"), "dir");
      const file = join(dir, "node-usage.ts");
      await writeFile(file, (await readFile(usage, "utf8")).replace("./server/index.js", "../server/index.js"));
      const result = await typecheck([file], { version: "7.0", resolution: "nodenext", types: ["node"], portable: true, typeRoots: [join(dir, "node_modules/@types")] });
      expect(result.output).toBe("");
      expect(result.ok).toBe(true);
    });
  }
});

test("the aliased @types/node packages are the majors they stand for", async () => {
  const major = async (name: string) =>
    Number((JSON.parse(await readFile(join(repoRoot, "node_modules/@types", name, "package.json"), "utf8")) as { version: string }).version.split(".")[0]);
  expect([await major("node"), await major("node-22"), await major("node-24"), await major("node-26")]).toEqual([20, 22, 24, 26]);
});
