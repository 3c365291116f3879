// Error responses the document shares: an entry of components/responses that operations reference
// under the same error status becomes one of the catalogue's API-wide responses (`api.responses`)
// when every operation documenting its responses either references it there or lists its own
// response for that status. Otherwise each operation keeps its own copy.
import type { RawResponse } from "../load/raw.js";
import { isErrorStatus } from "../model/errors.js";
import schema from "../schema/catalogue.schema.json" with { type: "json" };
import type { ImportedOperation } from "./ir.js";
import { at, isObject, type DocumentSet, type Place } from "./read.js";

const MEDIA_TYPE_KEY = new RegExp(schema.definitions.mediaTypes.propertyNames.pattern);

/** Whether the catalogue can key content by this media type as written (parameters included). */
export function isMediaTypeKey(mediaType: string): boolean {
  return MEDIA_TYPE_KEY.test(mediaType);
}

/** Status (as the catalogue keys it) -> the components/responses entry the operation's response references, for the statuses kept in `kept`. */
export function sharedResponseRef(docs: DocumentSet, place: Place, kept: Record<string, RawResponse>): Record<string, string> | undefined {
  const responses = docs.get(place);
  if (!isObject(responses)) return undefined;
  const shared: Record<string, string> = {};
  for (const [status, response] of Object.entries(responses)) {
    const key = status.toUpperCase() === "DEFAULT" ? "default" : status.toUpperCase();
    if (!(key in kept) || !isErrorStatus(key) || !isObject(response) || typeof response.$ref !== "string") continue;
    const target = docs.target(response.$ref, at(place, status, "$ref"));
    if (target.path.length === 3 && target.path[0] === "components" && target.path[1] === "responses") shared[key] = docs.pointer(target);
  }
  return Object.keys(shared).length > 0 ? shared : undefined;
}

/**
 * Moves the responses shared by all operations (see above; at least `minUsers` must reference it:
 * two in any document, one in catalogen's own export, which references `api.responses` so) to
 * the API: returns them by status and removes them from the operations that referenced them.
 */
export function promoteSharedResponses(operations: readonly ImportedOperation[], minUsers = 2): Record<string, RawResponse> | undefined {
  const documented = operations.filter((entry) => entry.operation.responses !== undefined);
  const candidates = new Map<string, { status: string; ref: string; users: ImportedOperation[] }>();
  for (const entry of documented) {
    for (const [status, ref] of Object.entries(entry.sharedResponses ?? {})) {
      if (entry.operation.responses?.[status] === undefined) continue;
      const key = `${status} ${ref}`;
      const candidate = candidates.get(key) ?? { status, ref, users: [] };
      candidate.users.push(entry);
      candidates.set(key, candidate);
    }
  }
  const promoted: Record<string, RawResponse> = {};
  for (const { status, users } of candidates.values()) {
    if (users.length < minUsers || status in promoted) continue;
    // Every documenting operation either uses it or says its own word for that status.
    if (!documented.every((entry) => users.includes(entry) || entry.operation.responses?.[status] !== undefined)) continue;
    promoted[status] = users[0]!.operation.responses![status]!;
    for (const user of users) delete user.operation.responses![status];
  }
  return Object.keys(promoted).length > 0 ? promoted : undefined;
}
