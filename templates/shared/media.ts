// Which media types carry JSON, in the generated client and server alike (this file ships to both
// as <target>/shared/media.ts). The same rule as the generator's src/shared/media.ts; one
// table test (test/shared/media.test.ts) runs both so they cannot drift.
//
// `application/json` (RFC 8259) and any `type/name+json` structured suffix (RFC 6839) are JSON;
// `application/json-seq` and `+json-seq` (RFC 7464, 8091) are sequences, and `text/json` is not
// registered, so neither is. Parameters (`; charset=utf-8`) and case do not matter.

// type "/" subtype, as RFC 6838 restricts their names.
const MEDIA_TYPE = /^([a-z0-9][a-z0-9!#$&^_.+-]*)\/([a-z0-9][a-z0-9!#$&^_.+-]*)$/;

/** The media type without parameters, lower-cased: `Application/JSON; charset=utf-8` -> `application/json`; "" for none. */
export function mediaEssence(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Whether a body of this content type (a Content-Type header value) is a JSON text. */
export function isJsonMediaType(contentType: string | null | undefined): boolean {
  const match = MEDIA_TYPE.exec(mediaEssence(contentType));
  if (!match) return false;
  const subtype = match[2] ?? "";
  return (match[1] === "application" && subtype === "json") || subtype.endsWith("+json");
}
