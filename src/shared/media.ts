// Media types: how they compare, and which carry JSON (the one rule for every stage).
//
// RFC 8259 registers `application/json` (and no other JSON type; `text/json` is not registered).
// RFC 6839 adds the `+json` structured suffix: any `type/name+json` is JSON text (e.g.
// `application/problem+json`). `application/json-seq` (RFC 7464) and the `+json-seq` suffix
// (RFC 8091) are sequences of JSON texts, not one JSON text, so they are not JSON here.
// Parameters (`; charset=utf-8`) and case do not matter.

// type "/" subtype, as RFC 6838 restricts their names.
const MEDIA_TYPE = /^([a-z0-9][a-z0-9!#$&^_.+-]*)\/([a-z0-9][a-z0-9!#$&^_.+-]*)$/;

/** The media type without parameters, lower-cased: `Text/Plain; charset=utf-8` -> `text/plain` (how client and server compare them). */
export function mediaEssence(contentType: string): string {
  let essence = essences.get(contentType);
  if (essence === undefined) {
    essence = (contentType.split(";")[0] ?? "").trim().toLowerCase();
    // A catalogue names a few media types many times (a cold generate at 10,000 operations asked
    // 28 ms of splitting and lower-casing); an input with very many is not kept whole.
    if (essences.size >= 4096) essences.clear();
    essences.set(contentType, essence);
  }
  return essence;
}

const essences = new Map<string, string>();

/** Whether a body of this media type is a JSON text. */
export function isJsonMediaType(contentType: string): boolean {
  const match = MEDIA_TYPE.exec(mediaEssence(contentType));
  if (!match) return false;
  const [, type, subtype] = match;
  return (type === "application" && subtype === "json") || subtype!.endsWith("+json");
}
