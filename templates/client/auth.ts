// Credentials per security scheme (`createClient({ auth: { <schemeId>: ... } })`): for each call,
// the first alternative of the operation's requirement whose schemes all have a credential is
// sent, each where its scheme says (a header, a query parameter, a cookie, Authorization).
// Every credential, and every spelling of it that a response could echo, is a secret to redact.
import { secretOf } from "./errors.js";
import type { AppliedAuth } from "./descriptors.js";

// A types-only leaf holds it, so a client without security schemes does not copy this file.
export type { AppliedAuth };

/** How a scheme's credential travels (the catalogue's api.auth.schemes). */
export type SchemeInfo =
  | { readonly type: "apiKey"; readonly in: "header" | "query" | "cookie"; readonly name: string }
  /** `scheme`: lowercase `bearer`, `basic` ... (oauth2 and openIdConnect are `bearer`). */
  | { readonly type: "http"; readonly scheme: string };

export interface BasicCredential {
  username: string;
  password: string;
}

/** A credential, or a function called once per call for it (rotation). */
export type CredentialSource<C> = C | (() => C | Promise<C>);

/** What createClient's `auth` holds: a credential per scheme id. */
export type AuthOptions = Readonly<Record<string, CredentialSource<string | BasicCredential> | undefined>>;

/** The transport's `schemeAuth` for an API's schemes and a caller's credentials. */
export function authApplier(
  schemes: Readonly<Record<string, SchemeInfo>>,
  auth: AuthOptions | undefined,
): { apply(security: readonly (readonly string[])[] | undefined, url: string): Promise<AppliedAuth | string> } {
  return { apply: (security, url) => applyAuth(schemes, security, auth, url) };
}

/**
 * The credentials to send, or a sentence saying which are missing. `security` undefined: not
 * documented, every credential given is sent; [] or an empty alternative: none is needed.
 */
export async function applyAuth(
  schemes: Readonly<Record<string, SchemeInfo>>,
  security: readonly (readonly string[])[] | undefined,
  auth: AuthOptions | undefined,
  url: string,
): Promise<AppliedAuth | string> {
  const given = (id: string): boolean => auth !== undefined && Object.hasOwn(auth, id) && auth[id] != null && Object.hasOwn(schemes, id);
  let chosen: readonly string[];
  if (security === undefined) chosen = Object.keys(schemes).filter(given);
  else if (security.length === 0) chosen = [];
  else {
    // A credential given is sent where the operation takes it, also when it is optional (an empty alternative).
    const alternative = security.find((ids) => ids.length > 0 && ids.every(given)) ?? security.find((ids) => ids.length === 0);
    if (alternative === undefined) {
      return `no credentials for this operation: give ${security.map((ids) => ids.join(" + ")).join(" or ")} in the client's auth option`;
    }
    chosen = alternative;
  }
  const headers: Record<string, string> = {};
  const query: [string, string][] = [];
  const cookies: string[] = [];
  const secrets: string[] = [];
  for (const id of chosen) {
    const source = auth![id]!;
    const credential = typeof source === "function" ? await source() : source;
    const text = typeof credential === "string" ? credential : `${credential.username}:${credential.password}`;
    const scheme = schemes[id]!;
    if (scheme.type === "apiKey") {
      secrets.push(text);
      if (scheme.in === "header") headers[scheme.name] = text;
      else if (scheme.in === "query") query.push([scheme.name, text]);
      else cookies.push(`${scheme.name}=${encodeURIComponent(text)}`);
    } else if (scheme.scheme === "basic") {
      const encoded = base64(text);
      // The password alone too: a server may echo it without the user name.
      secrets.push(text, encoded, typeof credential === "string" ? text.slice(text.indexOf(":") + 1) : credential.password);
      headers["Authorization"] = `Basic ${encoded}`;
    } else {
      secrets.push(text);
      headers["Authorization"] = `${scheme.scheme === "bearer" ? "Bearer" : scheme.scheme.charAt(0).toUpperCase() + scheme.scheme.slice(1)} ${text}`;
    }
  }
  if (cookies.length > 0) headers["cookie"] = cookies.join("; ");
  const names = Object.keys(headers);
  return {
    url: query.length > 0 ? `${url}${url.includes("?") ? "&" : "?"}${new URLSearchParams(query).toString()}` : url,
    sign: (sent, cookie) => {
      Object.assign(sent, headers);
      if (headers["cookie"] !== undefined && cookie) sent["cookie"] = `${cookie}; ${headers["cookie"]}`;
    },
    headerNames: names.map((name) => name.toLowerCase()),
    token: secrets.join("\n"),
    secret: secretOf(secrets),
    shown: (sent) => ({ ...sent, ...Object.fromEntries(names.map((name) => [name, "[redacted]"])) }),
  };
}

/** Base64 of the UTF-8 bytes (btoa takes Latin-1 only). */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
