// The docs pages, written as Markdown here: every value in a view is already escaped Markdown (see
// markdown.ts), so these functions only arrange it, line by line. The order of the headings is the
// one anchors.ts walks. Blank lines are tidied by `finalMarkdown` (index.ts).
import { row, tableHead, fixed } from "./markdown.js";
import type { ModuleView, OperationView, ReadmeView, TypeView } from "./view.js";

export function readmePage(view: ReadmeView): string {
  return [
    `# ${view.title}`,
    "",
    view.description,
    "",
    `${view.operationCount} in ${view.moduleCount}.`,
    "",
    "## Modules",
    "",
    tableHead(["Module", "Title", "Area", "Operations"].map(fixed)),
    ...view.modules.map((module) => row([module.link, module.title, module.area, fixed(String(module.operationCount))])),
    "",
    "## Authentication",
    "",
    `Requests carry an access token in the ${view.authHeader} header.`,
    "",
    tableHead(["Token kind", "Description"].map(fixed)),
    ...view.tokenKinds.map((kind) => row([kind.id, kind.description])),
    "",
    README_END,
  ].join("\n");
}

const README_END = `Each operation lists the token kinds it accepts. Where an operation's page says "not documented",
the source does not say which kinds that operation accepts. Token issuing, scopes and format are not
part of the catalogue.

## How to read these pages

- **not documented** means the source this catalogue was built from says nothing about the
  point. It does not mean "none": where the source says there is none, the page says "none".
- Each module page starts with a table of its operations, then has one section per operation:
  purpose, method and path, description, token kinds, rate limits, constraints, parameters,
  request body, responses, and the named types the operation uses.
- Rate limits: **period** is the window the limit is stated over, **limit** the requests allowed
  per period, **interval** how often one request's worth of budget comes back, and **burst** how
  many requests may be sent at once.
- Types read as plain words: \`array of X\`, \`map from string keys to X\`, \`one of: A; B\`,
  \`or null\`. Named types link to their section. Enum values are shown as JSON strings.`;

export function modulePage(view: ModuleView): string {
  const lines = [
    `# ${view.title}`,
    "",
    `Module ${view.id}: ${view.area}`,
    "",
    `${view.operationCount}. [All modules](README.md).`,
    "",
    "## Operations",
    "",
    tableHead(["Operation", "Method", "Path", "Purpose", "Token kinds", "Limits"].map(fixed)),
    ...view.operations.map((operation) =>
      row([
        fixed(`[${operation.id}](#${operation.anchor})`),
        operation.method,
        operation.path,
        operation.summary,
        operation.tokensCell,
        operation.limitsCell,
      ]),
    ),
  ];
  for (const operation of view.operations) lines.push("", ...operationSection(operation));
  if (view.types.length > 0) {
    lines.push("", "## Types declared in this module");
    for (const type of view.types) lines.push("", `### ${type.name}`, "", type.details);
  }
  return lines.join("\n");
}

function operationSection(view: OperationView): string[] {
  const lines = [
    `## ${view.id}`,
    "",
    `- **Purpose:** ${view.summary}`,
    `- **Method and path:** ${view.request}`,
    `- **Token kinds:** ${view.tokens}`,
    ...(view.idempotent ? ["- **Safe to retry:** yes (the catalogue marks it so)"] : []),
    "",
    "### Description",
    "",
    view.description,
    "",
    "### Rate limits",
    "",
  ];
  if (view.limits && view.limits.length > 0) {
    lines.push(
      tableHead(["Scope", "Period", "Limit", "Interval", "Burst"].map(fixed)),
      ...view.limits.map((limit) => row([limit.scope, limit.period, limit.limit, limit.interval, limit.burst])),
    );
  } else lines.push("Not documented.");
  lines.push("", "### Constraints", "");
  if (view.constraints && view.constraints.length > 0) lines.push(...view.constraints.map((constraint) => `- ${constraint}`));
  else lines.push("Not documented.");
  lines.push("", "### Parameters", "");
  if (view.parameters.length > 0) {
    lines.push(
      tableHead(["Name", "In", "Type", "Required", "Description"].map(fixed)),
      ...view.parameters.map((parameter) => row([parameter.name, parameter.in, parameter.type, parameter.required, parameter.description])),
    );
  } else lines.push("Path parameters: none.");
  for (const note of view.parameterNotes) lines.push("", note);
  lines.push("", "### Request body", "", view.requestBody, "", "### Responses", "");
  if (view.responses && view.responses.length > 0) {
    for (const response of view.responses) lines.push(`#### ${response.status}`, "", response.description, "", response.body, "");
  } else lines.push("Not documented.");
  if (view.types.length > 0) {
    lines.push("", "### Types used", "");
    for (const type of view.types) lines.push(...typeUsed(type));
  }
  return lines;
}

function typeUsed(type: TypeView): string[] {
  return [`**${type.name}**`, "", type.details, ""];
}
