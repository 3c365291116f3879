// Real version pairs from npm (devDependencies under -old aliases): GitHub's REST description
// (@octokit/openapi 22.0.0 → 23), which removed team discussions, tag protection and Copilot's
// metrics, and Blockfrost's (0.1.24 → 0.1.93), which dropped the trailing-slash routes of
// /metrics/ and /ipfs/pin/list/. Each expected finding is listed, and the removed routes are
// checked against the documents themselves, read here without catalogen.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { diff } from "../../src/diff/index.js";
import type { DiffReport } from "../../src/diff/types.js";
import { repoRoot } from "../helpers/generate.js";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

/** `GET /path` of every operation of a document, with its operationId. */
async function routes(file: string): Promise<Map<string, string | undefined>> {
  const text = await readFile(file, "utf8");
  const document = (file.endsWith(".json") ? JSON.parse(text) : parse(text)) as { paths: Record<string, Record<string, { operationId?: string }>> };
  const found = new Map<string, string | undefined>();
  for (const [path, item] of Object.entries(document.paths)) for (const method of METHODS) if (item[method]) found.set(`${method.toUpperCase()} ${path}`, item[method]!.operationId);
  return found;
}

const listed = (report: DiffReport, rules: string[]) =>
  report.findings.filter((finding) => rules.includes(finding.rule)).map((finding) => `${finding.rule} ${finding.operation ?? finding.type ?? finding.subject}`).sort();

describe("GitHub's REST API, @octokit/openapi 22.0.0 → 23", () => {
  const old = join(repoRoot, "node_modules/@octokit/openapi-old/generated/api.github.com.json");
  const next = join(repoRoot, "node_modules/@octokit/openapi/generated/api.github.com.json");
  let report: DiffReport;

  it("reads both versions", async () => {
    report = await diff({ old: { kind: "path", path: old }, new: { kind: "path", path: next }, cwd: repoRoot });
    expect(report.old).toMatchObject({ version: "22.0.0", operations: 1108 });
    expect(report.new.operations).toBeGreaterThanOrEqual(1200);
    expect(report.version).toMatchObject({ suggested: "major", ok: true });
  }, 300_000);

  it("finds every removed route the documents show, and moves where the operation stayed", async () => {
    const [before, after] = await Promise.all([routes(old), routes(next)]);
    const ids = new Set(after.values());
    const gone = [...before].filter(([route]) => !after.has(route));
    const moved = gone.filter(([, id]) => ids.has(id)).map(([route]) => route);
    const removed = gone.filter(([, id]) => !ids.has(id)).map(([route]) => route);
    expect(report.findings.filter((finding) => finding.rule === "operation-removed").map((finding) => finding.route).sort()).toEqual(removed.sort());
    expect(report.findings.filter((finding) => finding.rule === "operation-route-changed").map((finding) => finding.message.match(/moved from (\S+ \S+)/)![1]).sort()).toEqual(moved.sort());
    expect(report.findings.filter((finding) => finding.rule === "operation-added").length).toBe([...after.keys()].filter((route) => !before.has(route)).length - moved.length);
  });

  it("names each removal, move and dropped property", () => {
    expect(listed(report, ["operation-removed", "operation-route-changed", "type-removed", "request-property-removed", "response-property-removed"])).toEqual([
      ...["copilotCopilotMetricsForOrganization", "copilotCopilotMetricsForTeam"].map((id) => `operation-removed ${id}`),
      ...["orgsCustomPropertiesForOrgsCreateOrUpdateOrganizationValues", "orgsCustomPropertiesForOrgsGetOrganizationValues"].map((id) => `operation-removed ${id}`),
      ...["CreateForTeamDiscussionCommentInOrg", "CreateForTeamDiscussionCommentLegacy", "CreateForTeamDiscussionInOrg", "CreateForTeamDiscussionLegacy", "DeleteForTeamDiscussion", "DeleteForTeamDiscussionComment", "ListForTeamDiscussionCommentInOrg", "ListForTeamDiscussionCommentLegacy", "ListForTeamDiscussionInOrg", "ListForTeamDiscussionLegacy"].map((id) => `operation-removed reactions${id}`),
      ...["CreateTagProtection", "DeleteTagProtection", "ListTagProtection"].map((id) => `operation-removed repos${id}`),
      ...["Create", "Delete", "Get", "List", "Update"].flatMap((verb) =>
        verb === "List"
          ? ["ListDiscussionCommentsInOrg", "ListDiscussionCommentsLegacy", "ListDiscussionsInOrg", "ListDiscussionsLegacy"]
          : [`${verb}DiscussionCommentInOrg`, `${verb}DiscussionCommentLegacy`, `${verb}DiscussionInOrg`, `${verb}DiscussionLegacy`],
      ).map((id) => `operation-removed teams${id}`),
      ...["dependabotRepositoryAccessForOrg", "dependabotSetRepositoryAccessDefaultLevel", "dependabotUpdateRepositoryAccessForOrg"].map((id) => `operation-route-changed ${id}`),
      "request-property-removed AppPermissions", // team_discussions
      "response-property-removed AppPermissions",
      "response-property-removed RateLimitOverview", // resources.code_scanning_upload
      ...["CopilotDotcomChat", "CopilotDotcomPullRequests", "CopilotIdeChat", "CopilotIdeCodeCompletions", "CopilotUsageMetricsDay", "RepositoryRuleParamsCopilotCodeReviewAnalysisTool", "TagProtection", "TeamDiscussion", "TeamDiscussionComment"].map((name) => `type-removed ${name}`),
    ].sort());
    const [discussion] = report.findings.filter((finding) => finding.route === "GET /orgs/{org}/teams/{team_slug}/discussions");
    expect(discussion).toMatchObject({ rule: "operation-removed", level: "breaking", side: "client" });
    expect(discussion!.old!.file).toBe("node_modules/@octokit/openapi-old/generated/api.github.com.json");
    expect(discussion!.old!.line).toBeGreaterThan(1);
  });
});

describe("Blockfrost's API, @blockfrost/openapi 0.1.24 → 0.1.93", () => {
  const old = join(repoRoot, "node_modules/@blockfrost/openapi-old/swagger.yaml");
  const next = join(repoRoot, "node_modules/@blockfrost/openapi/openapi.yaml");

  it("finds the removed trailing-slash routes, the renamed operation, the dropped header and scheme", async () => {
    const report = await diff({ old: { kind: "path", path: old }, new: { kind: "path", path: next }, cwd: repoRoot });
    const [before, after] = await Promise.all([routes(old), routes(next)]);
    for (const route of ["GET /metrics/", "GET /ipfs/pin/list/"]) expect([before.has(route), after.has(route)]).toEqual([true, false]);
    expect(listed(report, ["operation-removed", "operation-route-changed", "operation-id-changed", "parameter-removed", "security-scheme-removed", "token-kind-declared-removed", "type-removed"])).toEqual([
      "operation-id-changed ipfsAdd",
      "operation-route-changed getIpfsPinList",
      "operation-route-changed getMetrics",
      "parameter-removed postTxSubmit",
      "security-scheme-removed ApiKeyAuth",
      "token-kind-declared-removed api-key-auth",
      "type-removed PoolDelegations",
    ]);
    expect(report.findings.find((finding) => finding.rule === "operation-id-changed")).toMatchObject({ renamedFrom: "postIpfsAdd", operation: "ipfsAdd", route: "POST /ipfs/add" });
    expect(report.findings.find((finding) => finding.rule === "parameter-removed")!.subject).toBe("header parameter Content-Type");
    // 0.1.24 → 0.1.93 is a patch bump; the removals call for a major one.
    expect(report.version).toMatchObject({ suggested: "major", old: "0.1.24", new: "0.1.93", ok: false });
  }, 120_000);
});
