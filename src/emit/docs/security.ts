// The catalogue's security schemes on the docs pages: a table and each OAuth flow's scopes on the
// index, and each operation's requirement with its scopes. Nothing at all for an API without
// schemes (one token in one header), whose index keeps its token kinds only.
import type { ApiModel, OAuthFlow, OperationModel, SecurityScheme, SecurityScopes } from "../../model/types.js";
import { code, fixed, join, link, NOT_DOCUMENTED, text, type Md } from "./markdown.js";

export interface SecurityView {
  schemes: { id: Md; sentAs: Md; description: Md }[];
  flows: { title: Md; urls: Md; scopes: { name: Md; description: Md }[] }[];
  /** The API-wide requirement; null: not documented. */
  defaults: Md | null;
}

const FLOW_NAMES = { implicit: "implicit", password: "password", clientCredentials: "client credentials", authorizationCode: "authorization code" } as const;

export function securityView(model: ApiModel): SecurityView | null {
  const schemes = model.auth.schemes;
  if (schemes === undefined) return null;
  return {
    schemes: schemes.map((scheme) => ({ id: code(scheme.id), sentAs: sentAs(scheme), description: scheme.description === undefined ? NOT_DOCUMENTED : text(scheme.description) })),
    flows: schemes.flatMap((scheme) =>
      (Object.keys(FLOW_NAMES) as (keyof typeof FLOW_NAMES)[]).flatMap((kind) => {
        const flow = scheme.flows?.[kind];
        return flow === undefined ? [] : [{ title: fixed(`${code(scheme.id)}, ${FLOW_NAMES[kind]} flow`), urls: flowUrls(flow), scopes: scopeRows(flow) }];
      }),
    ),
    defaults: model.auth.security === undefined ? null : requirement(model.auth.security, model.auth.securityScopes),
  };
}

/** An operation's requirement with its scopes; null for an API without schemes, or where not documented. */
export function operationSecurity(model: ApiModel, operation: OperationModel): Md | null {
  if (model.auth.schemes === undefined || operation.security === undefined) return null;
  return requirement(operation.security, operation.securityScopes);
}

function sentAs(scheme: SecurityScheme): Md {
  switch (scheme.type) {
    case "apiKey":
      return fixed(`an API key in the ${scheme.in === "query" ? "query parameter" : scheme.in} ${code(scheme.name ?? "")}`);
    case "http":
      return fixed(`the ${code("Authorization")} header, scheme ${code(scheme.scheme ?? "")}`);
    case "oauth2":
      return fixed(`an OAuth 2 bearer token in the ${code("Authorization")} header${scheme.flows === undefined ? " (its flows: not documented)" : ""}`);
    case "openIdConnect":
      return fixed(
        `an OpenID Connect bearer token in the ${code("Authorization")} header (discovery: ${scheme.openIdConnectUrl === undefined ? NOT_DOCUMENTED : link(text(scheme.openIdConnectUrl), scheme.openIdConnectUrl)})`,
      );
  }
}

function flowUrls(flow: OAuthFlow): Md {
  const urls: Md[] = [];
  if (flow.authorizationUrl !== undefined) urls.push(fixed(`authorization ${link(text(flow.authorizationUrl), flow.authorizationUrl)}`));
  if (flow.tokenUrl !== undefined) urls.push(fixed(`token ${link(text(flow.tokenUrl), flow.tokenUrl)}`));
  if (flow.refreshUrl !== undefined) urls.push(fixed(`refresh ${link(text(flow.refreshUrl), flow.refreshUrl)}`));
  return join(urls, ", ");
}

function scopeRows(flow: OAuthFlow): { name: Md; description: Md }[] {
  return Object.entries(flow.scopes).map(([name, description]) => ({ name: code(name), description: description.trim() === "" ? NOT_DOCUMENTED : text(description) }));
}

/** `[[a, b], [c]]` -> "`a` and `b`, or `c`"; `[]` none; an empty alternative: optional. */
function requirement(security: readonly (readonly string[])[], scopes: readonly SecurityScopes[] | undefined): Md {
  if (security.length === 0) return fixed("none: no credentials are sent");
  const alternatives = security.map((ids, i) =>
    ids.length === 0
      ? fixed("none (credentials are optional)")
      : join(
          ids.map((id) => {
            const map = scopes?.[i];
            const names = map !== undefined && Object.hasOwn(map, id) ? map[id]! : [];
            return names.length === 0 ? code(id) : fixed(`${code(id)} (${names.length === 1 ? "scope" : "scopes"} ${join(names.map(code), ", ")})`);
          }),
          " and ",
        ),
  );
  return join(alternatives, ", or ");
}
