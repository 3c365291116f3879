// Which media types carry JSON, in the generated client and server alike (this file ships to both
// as <target>/shared/media.ts). The same rule as the generator's src/shared/media.ts; one
// table test (test/shared/media.test.ts) runs both so they cannot drift.
//
// `application/json` (RFC 8259) and any `type/name+json` structured suffix (RFC 6839) are JSON;
// `application/json-seq` and `+json-seq` (RFC 7464, 8091) are sequences, and `text/json` is not
// registered, so neither is. Parameters (`; charset=utf-8`) and case do not matter.

// `application/json`, or type "/" name "+json", type and subtype as RFC 6838 restricts their names
// (one pattern: src/shared/media.ts's rule of a type/subtype match and then two comparisons).
const JSON_MEDIA_TYPE = /^(?:application\/json|[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*\+json)$/;

/** The media type without parameters, lower-cased: `Application/JSON; charset=utf-8` -> `application/json`; "" for none. */
export function mediaEssence(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Whether a body of this content type (a Content-Type header value) is a JSON text. */
export function isJsonMediaType(contentType: string | null | undefined): boolean {
  return JSON_MEDIA_TYPE.test(mediaEssence(contentType));
}
