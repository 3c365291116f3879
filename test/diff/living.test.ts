// A living source as a version: the catalogue folder names an OpenAPI document and adds token kinds
// and limits; the document's changes and the additions' are both findings. With --since, the
// document is read at the revision too.
import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import type { DiffReport } from "../../src/diff/types.js";
import { freshDir, repoRoot } from "../helpers/generate.js";

const exec = promisify(execFile);
const git = (cwd: string, ...args: string[]) => exec("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd });

const DOCUMENT = `openapi: 3.1.0
info: { title: Pets, version: "1.0.0" }
paths:
  /pets:
    get:
      operationId: listPets
      tags: [pets]
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
      responses:
        "200": { description: The pets, content: { application/json: { schema: { type: array, items: { type: string } } } } }
`;

const ADDITIONS = `source:
  openapi: ../openapi.yaml
api:
  principal: seller
  auth:
    tokenKinds:
      - { id: seller, description: A seller's own token }
operations:
  listPets:
    tokens: [seller]
    limits: [{ scope: seller, period: 1 minute, limit: 100, interval: 600 milliseconds, burst: 5 }]
`;

it("a living source: the document's changes and the additions' alike, also at a git revision", { timeout: 180_000 }, async () => {
  const root = await freshDir("diff-living");
  await mkdir(join(root, "catalogue"));
  await writeFile(join(root, "openapi.yaml"), DOCUMENT);
  await writeFile(join(root, "catalogue/api.yaml"), ADDITIONS);
  await git(root, "init", "-q", "-b", "main");
  await git(root, "add", ".");
  await git(root, "commit", "-qm", "pets");
  await writeFile(join(root, "openapi.yaml"), DOCUMENT.replace("{ name: limit, in: query, schema: { type: integer } }", "{ name: limit, in: query, required: true, schema: { type: integer } }"));
  await writeFile(join(root, "catalogue/api.yaml"), ADDITIONS.replace("limit: 100", "limit: 50").replace("interval: 600 milliseconds", "interval: 1200 milliseconds"));

  const { stdout } = await exec(process.execPath, [join(repoRoot, "bin/catalogen.js"), "diff", "--since", "main", "--format", "json"], { cwd: root });
  const report = JSON.parse(stdout) as DiffReport;
  expect(report.findings.map((finding) => `${finding.rule} ${finding.operation}`).sort()).toEqual(["limit-lowered listPets", "parameter-became-required listPets"]);
  // The operation is placed in the document, at the revision and now.
  const finding = report.findings[0]!;
  expect(finding.old).toMatchObject({ file: "main:openapi.yaml" });
  expect(finding.new).toMatchObject({ file: "openapi.yaml" });
  expect(await readFile(join(root, "openapi.yaml"), "utf8")).toContain("required: true"); // nothing checked out
});
