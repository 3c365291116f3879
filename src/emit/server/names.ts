// Names the generated server exports, so that a catalogue type cannot silently shadow one.
import type { ApiModel, ModuleModel } from "../../model/types.js";
import { pascalCase } from "../../shared/names.js";
import { EmitError } from "../types.js";

/** `inStorePickup` -> `InStorePickupHandlers`. */
export function moduleInterfaceName(module: ModuleModel): string {
  return `${pascalCase(module.name)}Handlers`;
}

const FIXED_NAMES = [
  "api",
  "createRequestHandler",
  "toNodeHandler",
  "mockHandlers",
  "MemoryRateLimitStore",
  "redisRateLimitStore",
  "RedisClientLike",
  "RedisRateLimitStoreOptions",
  "takeFromBucket",
  "Handlers",
  "ModuleHandlers",
  "OperationContext",
  "Handler",
  "HandlerContext",
  "HandlerInput",
  "HandlerResult",
  "Identity",
  "TokenKind",
  "ServerOptions",
  "QueryValues",
  "ErrorBody",
  "ErrorContext",
  "ErrorOptions",
  "OperationInfo",
  "RouteDefinition",
  "ApiDefinition",
  "BodyProblem",
  "RateLimitStore",
  "RateLimitRule",
  "RateLimitDecision",
  "NodeRequestLike",
  "NodeResponseLike",
];

/** Throws when a named type of the catalogue has the name of something the server exports. */
export function assertNoNameClash(model: ApiModel): void {
  const taken = new Set([...FIXED_NAMES, ...model.modules.map(moduleInterfaceName)]);
  const clashes = model.types.filter((named) => taken.has(named.name)).map((named) => named.name);
  if (clashes.length > 0) {
    throw new EmitError(
      `server: the catalogue's type name(s) ${clashes.join(", ")} clash with names the generated server exports; rename them in the catalogue`,
    );
  }
}
