// api.auth.schemes -> components.securitySchemes; an operation's requirement -> its `security`.
import type { OAuthFlows, SecurityScheme, SecurityScopes } from "../../model/types.js";

export function securitySchemes(schemes: readonly SecurityScheme[]): Record<string, Record<string, unknown>> {
  const result: Record<string, Record<string, unknown>> = {};
  for (const scheme of schemes) {
    const object: Record<string, unknown> =
      scheme.type === "apiKey"
        ? { type: "apiKey", in: scheme.in, name: scheme.name }
        : scheme.type === "http"
          ? { type: "http", scheme: scheme.scheme }
          : scheme.type === "oauth2" && scheme.flows !== undefined
            ? { type: "oauth2", flows: flowsObject(scheme.flows) }
            : scheme.type === "openIdConnect" && scheme.openIdConnectUrl !== undefined
              ? { type: "openIdConnect", openIdConnectUrl: scheme.openIdConnectUrl }
              : // OpenAPI requires the flows (or the URL), which the catalogue does not document: how the token travels, a bearer token.
                { type: "http", scheme: "bearer", description: `${scheme.type} (${scheme.type === "oauth2" ? "flows" : "openIdConnectUrl"} not documented)` };
    if (scheme.description !== undefined) object.description = scheme.description;
    Object.defineProperty(result, scheme.id, { value: object, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

function flowsObject(flows: OAuthFlows): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const kind of ["implicit", "password", "clientCredentials", "authorizationCode"] as const) {
    const flow = flows[kind];
    if (flow === undefined) continue;
    result[kind] = {
      ...(flow.authorizationUrl !== undefined && { authorizationUrl: flow.authorizationUrl }),
      ...(flow.tokenUrl !== undefined && { tokenUrl: flow.tokenUrl }),
      ...(flow.refreshUrl !== undefined && { refreshUrl: flow.refreshUrl }),
      scopes: Object.fromEntries(Object.entries(flow.scopes)),
    };
  }
  return result;
}

/** `[[a, b], []]` with scopes `[{ a: [read] }, {}]` -> `[{ a: [read], b: [] }, {}]`. */
export function securityRequirement(security: readonly (readonly string[])[], scopes?: readonly SecurityScopes[]): Record<string, string[]>[] {
  return security.map((ids, i) => {
    const map = scopes?.[i];
    return Object.fromEntries(ids.map((id) => [id, map !== undefined && Object.hasOwn(map, id) ? [...map[id]!] : []]));
  });
}
