// Checks of error responses and media types the schema cannot express: the API-wide error
// responses' types and examples, and media types that differ only by parameters or case.
import type { YamlPath } from "../load/load.js";
import type { RawContent, RawResponse } from "../load/raw.js";
import { mediaEssence } from "../shared/media.js";
import { exampleMismatch } from "./example.js";
import type { Place, Reporter } from "./reporter.js";
import { checkType, type TypeContext } from "./types.js";

/** Two keys of one content map that name the same media type once parameters and case are set aside. */
export function checkMediaTypeKeys(report: Reporter, content: RawContent, place: (...rest: YamlPath) => Place): void {
  const seen = new Map<string, string>();
  for (const contentType of Object.keys(content)) {
    const essence = mediaEssence(contentType);
    const earlier = seen.get(essence);
    if (earlier !== undefined) {
      report.error(place(contentType), `media type "${contentType}" is "${earlier}" again (parameters and case do not tell them apart)`, "keep one entry per media type", { key: true });
    } else seen.set(essence, contentType);
  }
}

/** `api.responses`: each schema and example, and its media type keys. */
export function checkApiResponses(report: Reporter, types: TypeContext, responses: Record<string, RawResponse>, place: (...rest: YamlPath) => Place): void {
  for (const [status, response] of Object.entries(responses)) {
    const content = response.content ?? {};
    checkMediaTypeKeys(report, content, (...rest) => place(status, "content", ...rest));
    for (const [contentType, media] of Object.entries(content)) {
      if (!media.schema) continue;
      checkType(types, media.schema, place(status, "content", contentType, "schema"), { property: false });
      if (!("example" in media)) continue;
      const problem = exampleMismatch(media.schema, media.example, types.types);
      if (problem) report.error(place(status, "content", contentType, "example"), `the example does not fit its schema: ${problem}`, "make the example show only what the schema allows", { key: true });
    }
  }
}
