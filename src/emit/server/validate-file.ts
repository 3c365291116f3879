// server/validate.ts: guards of typed JSON request bodies, so the router answers 400 (naming the
// first field that does not fit) before a handler sees a body of the wrong shape.
import type { ApiModel, OperationModel, TypeNode } from "../../model/types.js";
import { validatorModule, type GuardRoot } from "../shared/validators.js";
import { isJsonContentType } from "./operation-types.js";

/**
 * The name of an operation's body guard. Type guards are all `check<Type>`, so a `validate` prefix
 * can never clash with one, whatever the catalogue names its types.
 */
export function bodyGuardName(operation: OperationModel): string {
  return `validateBodyOf${operation.id.charAt(0).toUpperCase()}${operation.id.slice(1)}`;
}

/**
 * The guard of an operation's JSON body, when every JSON content type it documents has a schema
 * (one without a schema accepts any JSON, so nothing would be checked). Non-JSON content is not
 * checked: it arrives as bytes.
 */
export function bodyGuard(operation: OperationModel): GuardRoot | undefined {
  const json = (operation.request?.content ?? []).filter((media) => isJsonContentType(media.contentType));
  if (json.length === 0 || json.some((media) => media.schema === undefined || media.schema.kind === "unknown")) return undefined;
  const alternatives: TypeNode[] = [];
  const seen = new Set<string>();
  for (const media of json) {
    const key = JSON.stringify(media.schema);
    if (media.schema && !seen.has(key)) {
      seen.add(key);
      alternatives.push(media.schema);
    }
  }
  return { name: bodyGuardName(operation), alternatives, description: `Checks the JSON request body of ${operation.id}.` };
}

export function validateFile(model: ApiModel): string {
  const roots = model.modules.flatMap((module) => module.operations.flatMap((operation) => bodyGuard(operation) ?? []));
  return validatorModule({ types: model.types, roots });
}
