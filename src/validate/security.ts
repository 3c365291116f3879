// api.auth.schemes and the `security` requirements that name them.
import type { RawApi, RawOperation } from "../load/raw.js";
import { PARAM_NAME } from "../shared/names.js";
import type { Place, Reporter } from "./reporter.js";

/** RFC 9110 token: what a header or cookie name may be. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A query parameter name the client can send as written. */
const QUERY_NAME = /^[A-Za-z0-9._~!$'()*+,;:@/?-]+$/;

/** Checks the schemes; returns their ids (empty when the API declares none). */
export function checkSchemes(report: Reporter, api: RawApi, at: (...rest: (string | number)[]) => Place): Set<string> {
  const ids = new Set<string>();
  (api.auth.schemes ?? []).forEach((scheme, index) => {
    const place = (...rest: (string | number)[]) => at("auth", "schemes", index, ...rest);
    if (!PARAM_NAME.test(scheme.id) || scheme.id === "__proto__") report.error(place("id"), `security scheme id "${scheme.id}" is not a safe name`, "use letters, digits and _, starting with a letter or _ (it is a key of the client's auth option)");
    if (ids.has(scheme.id)) report.error(place("id"), `security scheme "${scheme.id}" is declared twice`);
    ids.add(scheme.id);
    if (scheme.type === "apiKey") {
      if (scheme.in === undefined || scheme.name === undefined) report.error(place(), `apiKey scheme "${scheme.id}" needs in and name`, "e.g. in: header, name: X-Api-Key");
      else if (!(scheme.in === "query" ? QUERY_NAME : TOKEN).test(scheme.name)) report.error(place("name"), `"${scheme.name}" is not a ${scheme.in} name HTTP allows`, scheme.in === "query" ? "use letters, digits and -._~ only" : "use letters, digits and !#$%&'*+.^_`|~-");
      else if (scheme.in === "header" && /^(authorization|cookie|content-type|content-length|host)$/i.test(scheme.name) && scheme.name.toLowerCase() !== "authorization") report.error(place("name"), `header "${scheme.name}" cannot carry a key`, "HTTP or fetch sets it itself");
    } else {
      if (scheme.in !== undefined || scheme.name !== undefined) report.error(place(), `only apiKey schemes have in and name (scheme "${scheme.id}" is ${scheme.type})`);
      if (scheme.type === "http" && (scheme.scheme === undefined || !TOKEN.test(scheme.scheme))) report.error(place("scheme"), `http scheme "${scheme.id}" needs its Authorization scheme`, "e.g. scheme: bearer or scheme: basic");
      if (scheme.type !== "http" && scheme.scheme !== undefined) report.error(place("scheme"), `only http schemes have scheme (scheme "${scheme.id}" is ${scheme.type})`);
    }
  });
  if (api.auth.security) checkSecurity(report, api.auth.security, ids, (...rest) => at("auth", "security", ...rest));
  return ids;
}

export function checkSecurity(report: Reporter, security: string[][], ids: ReadonlySet<string>, place: (...rest: (string | number)[]) => Place): void {
  if (ids.size === 0 && security.some((alternative) => alternative.length > 0)) {
    report.error(place(), "security names schemes, but api.auth declares none", "declare them under api.auth.schemes, or remove security");
    return;
  }
  security.forEach((alternative, i) =>
    alternative.forEach((id, j) => {
      if (!ids.has(id)) report.error(place(i, j), `unknown security scheme "${id}"`, `declare it under api.auth.schemes or use one of: ${[...ids].join(", ")}`);
      else if (alternative.indexOf(id) !== j) report.error(place(i, j), `security scheme "${id}" is listed twice in one requirement`);
    }),
  );
}

export function checkOperationSecurity(report: Reporter, operation: RawOperation, ids: ReadonlySet<string>, place: (...rest: (string | number)[]) => Place): void {
  if (operation.security) checkSecurity(report, operation.security, ids, (...rest) => place("security", ...rest));
}
