// Per operation, the `errors` member of its handler input: status -> media type -> body type, the
// documented error responses a handler may send with `context.reply` (templates/server/replies.ts).
import { errorResponses } from "../../model/errors.js";
import type { OperationModel, ResponseModel } from "../../model/types.js";
import { isJsonMediaType } from "../../shared/media.js";
import { stringLiteral } from "../../shared/sinks.js";
import { typeReferences, typeText } from "../shared/ts-types.js";
import { SERVER_RESPONSE_TYPES } from "./directions.js";

/** The type text, or undefined when the operation documents no error response; adds the named types it uses to `refs`. */
export function errorsInputType(operation: OperationModel, apiResponses: readonly ResponseModel[] | undefined, refs: Set<string>): string | undefined {
  const responses = errorResponses(operation, { ...(apiResponses && { responses: [...apiResponses] }) }).filter((response) => response.content.length > 0);
  if (responses.length === 0) return undefined;
  const members = responses.map((response) => {
    const media = response.content.map((item) => {
      let text = "string | Uint8Array<ArrayBuffer>";
      if (isJsonMediaType(item.contentType)) {
        text = item.schema ? typeText(item.schema, SERVER_RESPONSE_TYPES) : "unknown";
        for (const name of item.schema ? typeReferences(item.schema, SERVER_RESPONSE_TYPES) : []) refs.add(name);
      }
      return `${stringLiteral(item.contentType)}: ${text};`;
    });
    const key = /^\d+$/.test(response.status) ? response.status : stringLiteral(response.status);
    return `${key}: { ${media.join(" ")} };`;
  });
  return `{ ${members.join(" ")} }`;
}
