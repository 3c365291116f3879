// The writer's two steps (issue 27, item 7): a plan made from one read of the output folder says
// what to write, keep and remove and changes nothing a user sees (new content waits in staging
// files); applying it makes the change. A plan that meets a file catalogen did not write refuses,
// and the folder is left as it was.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { Output, WriteError } from "../../src/write/writer.js";
import { tempDir } from "../helpers/temp.js";

const options = (inputHash: string) => ({ inputHash, targets: ["client"] });

async function listing(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map((name) => name.split("\\").join("/")).sort();
}

async function firstRun(): Promise<string> {
  const out = join(await tempDir("catalogen-plan"), "out");
  const output = await Output.open(out);
  try {
    const writing = await output.begin(options("one"));
    await writing.put("client/a.ts", "client", "A\n");
    await writing.put("client/b.ts", "client", "B\n");
    expect(await writing.finish()).toEqual({ written: ["client/a.ts", "client/b.ts"], unchanged: [], removed: [] });
  } finally {
    await output.close();
  }
  return out;
}

test("the plan changes nothing visible; applying it writes, keeps and removes what it said", async () => {
  const out = await firstRun();
  const output = await Output.open(out);
  try {
    const writing = await output.begin(options("two"));
    await writing.put("client/a.ts", "client", "A\n");
    await writing.put("client/c.ts", "client", "C\n");
    const before = await listing(out);
    const plan = await writing.plan();
    expect(plan.keep).toEqual(["client/a.ts"]);
    expect(plan.write.map((file) => file.path)).toEqual(["client/c.ts"]);
    expect(plan.remove).toEqual(["client/b.ts"]);
    expect(plan.manifest.during).toContain('"client/b.ts"');
    expect(plan.manifest.final).not.toContain('"client/b.ts"');
    // Only the staging file is new; b.ts is still there, c.ts not yet.
    expect(await listing(out)).toEqual(before);
    expect((await listing(join(out, "client"))).filter((name) => name.startsWith("c.ts.catalogen-"))).toHaveLength(1);
    expect(await readFile(join(out, "client/b.ts"), "utf8")).toBe("B\n");

    expect(await writing.finish()).toEqual({ written: ["client/c.ts"], unchanged: ["client/a.ts"], removed: ["client/b.ts"] });
  } finally {
    await output.close();
  }
  expect(await listing(join(out, "client"))).toEqual(["a.ts", "c.ts"]);
  expect(await readFile(join(out, "client/c.ts"), "utf8")).toBe("C\n");
});

test("a plan that meets a user's file refuses, and the folder is as it was", async () => {
  const out = await firstRun();
  await writeFile(join(out, "client/mine.ts"), "mine\n");
  const before = await listing(out);
  const output = await Output.open(out);
  try {
    const writing = await output.begin(options("three"));
    await writing.put("client/a.ts", "client", "A changed\n");
    await writing.put("client/mine.ts", "client", "generated\n");
    await expect(writing.plan()).rejects.toThrow(WriteError);
  } finally {
    await output.close();
  }
  expect(await listing(out)).toEqual(before);
  expect(await readFile(join(out, "client/mine.ts"), "utf8")).toBe("mine\n");
  expect(await readFile(join(out, "client/a.ts"), "utf8")).toBe("A\n");
});
