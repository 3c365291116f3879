// Redirects, followed by the transport itself: fetch's own following keeps every header but
// `Authorization` on the way to another origin, so a token in `X-Api-Key` would go along.
import type { FetchInit, FetchLike } from "./descriptors.js";

/** 301, 302, 303, 307, 308. */
const REDIRECT_STATUS = /^30[12378]$/;
/** Redirects followed in one attempt; one more fails the call. */
const MAX_REDIRECTS = 5;

/**
 * Sends the request (whose `redirect` is "manual") and follows its redirects. A redirect within
 * the first URL's origin keeps the token; once one leaves it, the auth header is not sent again in
 * this attempt. 303, and 301 or 302 after a POST, become a GET without body; others keep method
 * and body. A redirect that cannot be followed comes back as the response (its body cancelled)
 * with, second, why it was not followed (a pair, not an object: positions shrink in a bundle,
 * property names do not).
 */
export async function fetchFollowing(
  doFetch: FetchLike,
  url: string,
  init: FetchInit,
  authHeader: string,
  /** Lowercase names of other headers that carry credentials (security schemes). */
  credentialHeaders: readonly string[] = [],
): Promise<[response: Response, refused?: string]> {
  const origin = new URL(url).origin;
  for (let redirects = 0; ; redirects++) {
    const response = await doFetch(url, init);
    const refuse = (why: string): [Response, string] => [response, why];
    // A browser's fetch hides where a manual redirect goes.
    if (response.type === "opaqueredirect") return refuse("this fetch does not show its target");
    const location = REDIRECT_STATUS.test(String(response.status)) ? response.headers.get("location") : null;
    if (location === null) return [response];
    // A redirect's body is never read, whether it is followed or refused.
    await response.body?.cancel().catch(() => undefined);
    if (redirects === MAX_REDIRECTS) return refuse(`more than ${MAX_REDIRECTS} redirects`);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return refuse("its Location is not a URL");
    }
    if (!/^https?:$/.test(next.protocol)) return refuse(`${next.protocol} is not http(s)`);
    const headers = { ...init.headers };
    init = { ...init, headers };
    const toGet = response.status === 303 ? !/^(GET|HEAD)$/.test(init.method) : response.status < 303 && init.method === "POST";
    if (!toGet && init.duplex) return refuse("a streamed request body cannot be sent again");
    const crossOrigin = next.origin !== origin;
    for (const name of Object.keys(headers)) {
      if ((toGet && /^content-/i.test(name)) || (crossOrigin && (name === authHeader || /^authorization$/i.test(name) || credentialHeaders.includes(name.toLowerCase())))) delete headers[name];
    }
    if (toGet) {
      init.method = "GET";
      delete init.body;
      delete init.duplex;
    }
    url = next.href;
  }
}
