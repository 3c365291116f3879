// server/validate/<module id>.ts: guards of typed JSON request bodies, so the router answers 400
// (naming the first field that does not fit) before a handler sees a body of the wrong shape; one
// file per module (its types' guards and its operations' body guards), and server/validate.ts
// re-exporting them all, which routes.ts imports from. A body is checked in its request shape
// (../shared/checked-shapes.ts): a read-only field is not declared there, so a closed type refuses it.
import type { ApiModel, ModuleModel, NamedType, OperationModel, TypeNode } from "../../model/types.js";
import { checkedRoot, checkedTypes } from "../shared/checked-shapes.js";
import { pascalCase } from "../../shared/names.js";
import type { GeneratedFile } from "../types.js";
import { lazyFile, validatorFiles, validatorIndex, type GuardRoot } from "../shared/validators.js";
import { isJsonMediaType } from "../../shared/media.js";

/**
 * The name of an operation's body guard. Type guards are all `check<Type>`, so a `validate` prefix
 * can never clash with one, whatever the catalogue names its types.
 */
export function bodyGuardName(operation: OperationModel): string {
  return `validateBodyOf${pascalCase(operation.id)}`;
}

/**
 * The guard of an operation's JSON body, when every JSON content type it documents has a schema
 * (one without a schema accepts any JSON, so nothing would be checked). Non-JSON content is not
 * checked: it arrives as bytes.
 */
export function bodyGuard(operation: OperationModel, types: readonly NamedType[] = []): GuardRoot | undefined {
  // Asked for by the route table twice and by the validate file: worked out once per operation.
  const cached = bodyGuards.get(operation);
  if (cached?.types === types) return cached.guard;
  const guard = computeBodyGuard(operation, types);
  bodyGuards.set(operation, { types, guard });
  return guard;
}

const bodyGuards = new WeakMap<OperationModel, { types: readonly NamedType[]; guard: GuardRoot | undefined }>();

function computeBodyGuard(operation: OperationModel, types: readonly NamedType[]): GuardRoot | undefined {
  const json = (operation.request?.content ?? []).filter((media) => isJsonMediaType(media.contentType));
  if (json.length === 0 || json.some((media) => media.schema === undefined || media.schema.kind === "unknown")) return undefined;
  // Bytes cannot come out of JSON.parse: a schema that asks for them would refuse every body.
  const named = namedTypes(types);
  if (json.some((media) => media.schema && holdsBinary(media.schema, named, new Set()))) return undefined;
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

// Built once per list of types, not once per operation.
const namedTypeMaps = new WeakMap<readonly NamedType[], ReadonlyMap<string, TypeNode>>();

function namedTypes(types: readonly NamedType[]): ReadonlyMap<string, TypeNode> {
  let named = namedTypeMaps.get(types);
  if (!named) {
    named = new Map(types.map((type) => [type.name, type.type]));
    namedTypeMaps.set(types, named);
  }
  return named;
}

function holdsBinary(node: TypeNode, named: ReadonlyMap<string, TypeNode>, seen: Set<string>): boolean {
  switch (node.kind) {
    case "binary":
      return true;
    case "ref": {
      if (seen.has(node.name)) return false;
      seen.add(node.name);
      const target = named.get(node.name);
      return target !== undefined && holdsBinary(target, named, seen);
    }
    case "array":
      return holdsBinary(node.items, named, seen);
    case "map":
      return holdsBinary(node.values, named, seen);
    case "union":
      return node.variants.some((variant) => holdsBinary(variant, named, seen));
    case "allOf":
      return node.parts.some((part) => holdsBinary(part, named, seen));
    case "object":
      return (
        node.properties.some((property) => holdsBinary(property.type, named, seen)) ||
        (typeof node.additionalProperties === "object" && holdsBinary(node.additionalProperties, named, seen))
      );
    default:
      return false;
  }
}

/** server/validate.ts (an index, one line per module) and server/validate/<module id>.ts. */
export function validateFiles(model: ApiModel, hasGuards: (module: ModuleModel) => boolean = (module) => module.operations.some((operation) => bodyGuard(operation, model.types) !== undefined)): GeneratedFile[] {
  // A module's guards are worked out when its file is made (a regenerate that keeps it never asks).
  const roots = new Map<string, () => GuardRoot[]>();
  for (const module of model.modules) {
    if (hasGuards(module)) {
      roots.set(module.id, () =>
        module.operations.flatMap((operation) => {
          const guard = bodyGuard(operation, model.types);
          return guard ? [checkedRoot(guard, "request")] : [];
        }),
      );
    }
  }
  // The guards' text is final as made (no indentTs pass: test/validators/final-text.test.ts).
  const files = validatorFiles({ types: checkedTypes(model.types), roots, dir: "server/validate", helpersModule: "../shared/guard.js" });
  return [lazyFile("server/validate.ts", () => validatorIndex("server/validate.ts", files)), ...files];
}
