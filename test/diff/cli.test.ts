// `catalogen diff` from the command line: the three kinds of version (a catalogue folder, an
// OpenAPI document, the catalogue at a git revision), the three formats, --fail-on's exit codes,
// and bad input said in one line.
import { execFile } from "node:child_process";
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { Ajv } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { REPORT_SCHEMA } from "../../src/diff/report-schema.js";
import type { DiffReport } from "../../src/diff/types.js";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { editedShop, shop } from "./pairs.js";

const exec = promisify(execFile);
const bin = join(repoRoot, "bin/catalogen.js");

async function catalogen(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return exec(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NO_COLOR: "1", ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

const git = (cwd: string, ...args: string[]) => exec("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd });
const validate = new Ajv({ strict: false }).compile(REPORT_SCHEMA);

describe("catalogen diff", { timeout: 180_000 }, () => {
  let repo: string;
  beforeAll(async () => {
    // A project whose catalogue is committed, then changed in the working tree.
    repo = await freshDir("diff-repo");
    await cp(shop, join(repo, "catalogue"), { recursive: true });
    await git(repo, "init", "-q", "-b", "main");
    await git(repo, "add", ".");
    await git(repo, "commit", "-qm", "shop");
    const file = join(repo, "catalogue/shop.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace("    tokens: [personal, service]\n    categories: [orders, all]", "    tokens: [personal]\n    categories: [orders, all]"));
  });

  it("--since reads the catalogue at a revision with git, nothing checked out", async () => {
    const { code, stdout } = await catalogen(["diff", "--since", "main", "--format", "json"], repo);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as DiffReport;
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.findings.map((finding) => `${finding.rule} ${finding.operation}`)).toEqual(["token-kind-dropped listOrders"]);
    expect(report.findings[0]!.old).toEqual({ file: "main:catalogue/shop.yaml", line: 39, column: 5 });
    expect(report.findings[0]!.new).toEqual({ file: "catalogue/shop.yaml", line: 39, column: 5 });
    expect(report.old.label).toBe("main");
    expect((await git(repo, "status", "--porcelain")).stdout).toBe(" M catalogue/shop.yaml\n");
  });

  it("--fail-on: exit 1 when something breaks for that side", async () => {
    expect((await catalogen(["diff", "--since", "main", "--fail-on", "client"], repo)).code).toBe(1);
    expect((await catalogen(["diff", "--since", "main", "--fail-on", "breaking"], repo)).code).toBe(1);
    expect((await catalogen(["diff", "--since", "main", "--fail-on", "server"], repo)).code).toBe(0);
    expect((await catalogen(["diff", "--since", "main"], repo)).code).toBe(0);
  });

  it("text: grouped, with both places; Markdown: a changelog section", async () => {
    const text = await catalogen(["diff", "--since", "main"], repo);
    expect(text.stdout).toContain("catalogen diff: main → catalogue: 1 breaking for clients, 0 for servers, 0 compatible, 0 informational");
    expect(text.stdout).toContain("Breaking for clients (1):\n  listOrders: a service token may no longer call listOrders [token-kind-dropped]\n      main:catalogue/shop.yaml:39:5 → catalogue/shop.yaml:39:5");
    expect(text.stdout).toContain("version: 1.0.0 → 1.0.0 is the same version, but the changes call for a major bump");
    const markdown = await catalogen(["diff", "--since", "main", "--format", "markdown"], repo);
    expect(markdown.stdout).toContain("## API changes: main → catalogue\n");
    expect(markdown.stdout).toContain("### Breaking for clients\n\n- `listOrders` (`GET /orders`): a service token may no longer call listOrders\n");
  });

  it("prints nothing when nothing changed", async () => {
    const { code, stdout, stderr } = await catalogen(["diff", "catalogue", "catalogue"], repo);
    expect([code, stdout, stderr]).toEqual([0, "", ""]);
  });

  it("compares OpenAPI documents, converted in memory", async () => {
    const dir = await freshDir("diff-documents");
    const document = (extra: string) => `openapi: 3.0.3
info: { title: Pets, version: ${extra ? "2.0.0" : "1.0.0"} }
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - { name: limit, in: query, required: ${extra ? "true" : "false"}, schema: { type: integer } }
      responses:
        "200": { description: Pets, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Pet" } } } } }
${extra ? "" : `  /pets/{petId}:
    delete:
      operationId: deletePet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: string } }
      responses:
        "204": { description: Deleted }
`}components:
  schemas:
    Pet:
      type: object
      required: [id]
      properties:
        id: { type: string }
        tag: { type: string${extra ? ", nullable: true" : ""} }
`;
    await writeFile(join(dir, "old.yaml"), document(""));
    await writeFile(join(dir, "new.yaml"), document("x"));
    const { code, stdout } = await catalogen(["diff", "old.yaml", "new.yaml", "--format", "json", "--fail-on", "client"], dir);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as DiffReport;
    expect(report.findings.map((finding) => `${finding.rule} ${finding.operation ?? finding.type}`).sort()).toEqual(["operation-removed deletePet", "parameter-became-required listPets", "response-became-nullable Pet"]);
    expect(report.findings.find((finding) => finding.rule === "operation-removed")!.old).toEqual({ file: "old.yaml", line: 13, column: 7 });
    expect(report.findings.find((finding) => finding.rule === "response-became-nullable")!.new).toMatchObject({ file: "new.yaml" });
    expect(report.version).toMatchObject({ suggested: "major", old: "1.0.0", new: "2.0.0", ok: true });
    // The old version read on a worker thread (src/diff/parallel.ts) gives the same report, and so
    // does a version that does not load there (read again here, its error said as usual).
    const inTwo = await catalogen(["diff", "old.yaml", "new.yaml", "--format", "json"], dir, { CATALOGEN_THREADS: "2" });
    expect(inTwo.stdout).toBe(stdout);
    await writeFile(join(dir, "broken.yaml"), "openapi: 9.0.3\ninfo: { title: Pets, version: 1 }\npaths: {}\n");
    const broken = await catalogen(["diff", "broken.yaml", "new.yaml"], dir, { CATALOGEN_THREADS: "2" });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("broken.yaml");
  });

  it("bad input: one line, exit 2, a did-you-mean", async () => {
    const unknown = await catalogen(["diff", "--since", "mian"], repo);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([2, 'catalogen diff: no revision "mian" in this repository; did you mean "main"?']);
    const missing = await catalogen(["diff", "nowhere", "catalogue"], repo);
    expect([missing.code, missing.stderr.trim()]).toEqual([2, "catalogen diff: nowhere: no such catalogue folder or OpenAPI document"]);
    const usage = await catalogen(["diff"], repo);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("say what to compare");
    const format = await catalogen(["diff", "--since", "main", "--format", "yaml"], repo);
    expect([format.code, format.stderr.split("\n")[0]]).toEqual([2, 'catalogen diff: --format takes text, markdown or json, not "yaml"']);
    const consumer = await catalogen(["diff", "--since", "main", "--consumer", "catalogue"], repo);
    expect([consumer.code, consumer.stderr.trim()]).toEqual([2, "catalogen diff: --consumer catalogue: no tsconfig.json there (the consumer is checked with its own)"]);
    const broken = await editedShop([["shop.yaml", "    method: GET\n    path: /orders\n", "    method: GOT\n    path: /orders\n"]]);
    const invalid = await catalogen(["diff", shop, broken], repo);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/shop\.yaml:\d+:\d+: error: /);
    expect(invalid.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("names from a version reach the terminal inert", async () => {
    const hostile = await editedShop([["shop.yaml", "      status: { type: string, enum: [new, paid, shipped], required: true }", '      status: { type: string, enum: [new, paid, shipped, "\\e[31mred\\u202e"], required: true }']]);
    const { stdout } = await catalogen(["diff", shop, hostile], repo);
    expect(stdout).toContain("response-enum-value-added");
    expect(stdout).not.toMatch(/[\u001b\u202e]/);
  });
});
