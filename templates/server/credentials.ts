// The credentials a request carries for an API with security schemes: for the operation's
// requirement, the first alternative whose every scheme's credential is present (an API key in a
// header, query parameter or cookie; the Authorization header's bearer or basic credential).
import type { FoundCredentials, Incoming, SchemeInfo } from "./types.js";

export type { FoundCredentials };

export function findCredentials(
  incoming: Pick<Incoming, "header" | "search">,
  schemes: Readonly<Record<string, SchemeInfo>>,
  security: readonly (readonly string[])[] | undefined,
): FoundCredentials {
  const cache = new Map<string, string | undefined>();
  const valueOf = (id: string): string | undefined => {
    if (!cache.has(id)) cache.set(id, Object.hasOwn(schemes, id) ? credential(incoming, schemes[id]!) : undefined);
    return cache.get(id);
  };
  const take = (ids: readonly string[]): FoundCredentials => ({ kind: "credentials", values: ids.map((scheme) => ({ scheme, value: valueOf(scheme)! })) });
  if (security === undefined) {
    const present = Object.keys(schemes).filter((id) => valueOf(id) !== undefined);
    return present.length > 0 ? take(present) : { kind: "missing", detail: `Credentials are required (${Object.keys(schemes).map((id) => where(schemes[id]!)).join(" or ")}).` };
  }
  if (security.length === 0 || security.some((ids) => ids.length === 0)) {
    const full = security.find((ids) => ids.length > 0 && ids.every((id) => valueOf(id) !== undefined));
    return full ? take(full) : { kind: "anonymous" };
  }
  const full = security.find((ids) => ids.every((id) => valueOf(id) !== undefined));
  if (full) return take(full);
  const wanted = security.map((ids) => ids.map((id) => (Object.hasOwn(schemes, id) ? where(schemes[id]!) : id)).join(" and ")).join(", or ");
  return { kind: "missing", detail: `This operation needs ${wanted}.` };
}

function where(scheme: SchemeInfo): string {
  if (scheme.type === "http") return `an Authorization header with a ${scheme.scheme === "basic" ? "Basic" : scheme.scheme === "bearer" ? "Bearer" : scheme.scheme} credential`;
  return `the ${scheme.in === "header" ? "header" : scheme.in === "query" ? "query parameter" : "cookie"} ${scheme.name}`;
}

function credential(incoming: Pick<Incoming, "header" | "search">, scheme: SchemeInfo): string | undefined {
  let value: string | undefined;
  if (scheme.type === "http") {
    const header = incoming.header("authorization")?.trim() ?? "";
    const space = header.indexOf(" ");
    if (space === -1 || header.slice(0, space).toLowerCase() !== scheme.scheme) return undefined;
    value = header.slice(space + 1).trim();
    if (scheme.scheme === "basic") value = decodeBasic(value);
  } else if (scheme.in === "header") value = incoming.header(scheme.name.toLowerCase())?.trim();
  else if (scheme.in === "query") value = new URLSearchParams(incoming.search).get(scheme.name) ?? undefined;
  else value = cookie(incoming.header("cookie"), scheme.name);
  return value === undefined || value === "" ? undefined : value;
}

/** `username:password` from a Basic credential, or undefined when it is not base64 of UTF-8. */
function decodeBasic(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return undefined;
  try {
    const binary = atob(encoded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function cookie(header: string | null, name: string): string | undefined {
  for (const pair of (header ?? "").split(";")) {
    const equals = pair.indexOf("=");
    if (equals !== -1 && pair.slice(0, equals).trim() === name) {
      const raw = pair.slice(equals + 1).trim().replace(/^"(.*)"$/, "$1");
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}
