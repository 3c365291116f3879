// What the client's files joining the modules (client.ts, index.ts, the runtime files copied in, the
// name check) need of each module, worked out once per module: the client's module facts
// (PlanContext.moduleFacts), which a regenerate reads from the run before for every module that did
// not change.
import type { ApiModel, ModuleModel, OperationModel } from "../../model/types.js";
import type { ModuleFacts, PlanContext } from "../define.js";
import { isStreamed } from "../shared/streamed.js";
import { guardName } from "../shared/validators.js";
import { bodyGuardRootName, paramsGuard, paramsGuardName, requestBodyGuard } from "../shared/operation-guards.js";
import { errorsTypeName, operationsWithErrors } from "./error-types.js";
import { operationsInterfaceName } from "./module-file.js";
import { ENVIRONMENT_TYPE, clientServers } from "./servers.js";
import { argsTypeName, guardRootName, operationConstName, resultShape } from "./signature.js";
import { hasBodyData, hasStyles } from "./wire.js";

/** One module's facts (plain data: kept as JSON). */
export interface ClientModuleFacts {
  /**
   * The hashes of the names the module's files export (nameHash), each as 11 base-36 digits, one
   * after the other: what the name check compares with the names claimed afresh. A string, not a
   * list of numbers: at 10,000 operations the facts hold 70,000 hashes, parsed from JSON on every
   * run (numbers beyond 31 bits are each an object of their own: 9–17 ms against 1.4 ms).
   */
  names: string;
  streams: boolean;
  paging: boolean;
  formBodies: boolean;
  styles: boolean;
  rateLimits: boolean;
  /** Some operation has a runtime check (validate/<id>.ts has a root). */
  guards: boolean;
  /** Some operation's result has a response check. */
  checks: boolean;
  /** `<Operation>Errors` of the operations with documented error responses. */
  errors: string[];
  /** The token categories its operations name. */
  categories: string[];
  /** Some operation says which tokens may call it (categories, read-only tokens). */
  tokenAccess: boolean;
  /** Its first operation's id. */
  first?: string;
}

/** The facts of every module of `model`, each worked out (or read) when first asked for. */
export class ClientFacts {
  private readonly facts: ModuleFacts<ClientModuleFacts>;
  /** Module `module`'s facts. */
  readonly of: (module: ModuleModel) => ClientModuleFacts;
  /** The names of the modules whose facts were worked out in this run. */
  private readonly names = new Map<string, string[]>();
  /** What the client's files joining the modules are made from (ModuleFacts.joinedFrom). */
  readonly joinedFrom: (() => string) | undefined;

  constructor(
    private readonly model: ApiModel,
    compact: boolean,
    context: PlanContext,
  ) {
    // The facts of the plain and the compact client differ in `guards`: kept apart.
    this.facts = context.moduleFacts(compact ? "client-compact" : "client", (module) => {
      const names: string[] = [];
      moduleNames(module, (name) => names.push(name));
      this.names.set(module.id, names);
      return moduleFacts(module, model, compact, names);
    });
    this.of = (module) => this.facts.of(module);
    this.joinedFrom = this.facts.joinedFrom;
  }

  private namesOf(module: ModuleModel): string[] {
    let names = this.names.get(module.id);
    if (names === undefined) {
      const made: string[] = (names = []);
      moduleNames(module, (name) => made.push(name));
    }
    return names;
  }

  /** Whether some module's facts say `key`. */
  some(key: "streams" | "paging" | "formBodies" | "styles" | "rateLimits" | "tokenAccess"): boolean {
    return this.model.modules.some((module) => this.of(module)[key]);
  }

  /**
   * Generated identifiers must not collide (the catalogue's validation cannot know ours). A module
   * whose facts were kept (from a run whose plan ran to its end, so whose names were all unique) is
   * only compared with the names claimed afresh (the API's own and the other modules'), by their
   * hashes: the kept ones were unique among themselves. On a collision (or two hashes alike),
   * `full` goes over the whole model again and says which names collide.
   */
  checkNames(full: () => void): void {
    const fresh = new Set<string>();
    let count = 0;
    const claim = (name: string): void => {
      fresh.add(name);
      count++;
    };
    apiNames(this.model, claim);
    const kept: string[] = [];
    for (const module of this.model.modules) {
      const facts = this.of(module);
      if (this.facts.kept(module.id)) kept.push(facts.names);
      else for (const name of this.namesOf(module)) claim(name);
    }
    if (fresh.size !== count) full();
    else if (kept.length > 0) {
      const hashes = new Set<number>();
      for (const name of fresh) hashes.add(nameHash(name));
      if (kept.some((names) => someHash(names, hashes))) full();
    }
  }
}

/** The runtime's exports, the servers' environment type, the named types and their checks: claimed before any module's names. */
export function apiNames(model: ApiModel, claim: (name: string, what: string, subject?: string) => void): void {
  for (const name of RUNTIME_EXPORTS) claim(name, "the runtime");
  if (clientServers(model)?.environmentType !== undefined) claim(ENVIRONMENT_TYPE, "the type of the servers' environments");
  for (const named of model.types) {
    claim(named.name, "type", named.name);
    claim(guardName(named.name), "the check of type", named.name);
  }
}

/** The names a module's files export, with what takes each. */
export function moduleNames(module: ModuleModel, claim: (name: string, what: string, subject?: string) => void): void {
  claim(operationsInterfaceName(module.name), "module", module.id);
  for (const operation of module.operations) {
    claim(operation.id, "operation", operation.id);
    claim(argsTypeName(operation), "the arguments of", operation.id);
    claim(operationConstName(operation), "the description of", operation.id);
    claim(guardRootName(operation), "the response check of", operation.id);
    claim(bodyGuardRootName(operation), "the request body check of", operation.id);
    claim(paramsGuardName(operation), "the parameters check of", operation.id);
    claim(errorsTypeName(operation), "the error responses of", operation.id);
  }
}

/** Whether an operation has a runtime check in validate/<id>.ts (compact: only the response check the transport runs). */
export function hasGuard(operation: OperationModel, model: ApiModel, compact: boolean): boolean {
  return resultShape(operation).guard !== undefined || (!compact && (paramsGuard(operation) !== undefined || requestBodyGuard(operation, model.types) !== undefined));
}

/** A 53-bit hash of a name (two FNV-1a hashes of its UTF-16 units): kept names are compared by it. */
export function nameHash(name: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < name.length; i++) {
    const unit = name.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

/** Digits of a name hash in base 36 (2^53 < 36^11). */
const HASH_DIGITS = 11;

const DIGITS = Buffer.from("0123456789abcdefghijklmnopqrstuvwxyz", "latin1");

/**
 * Each name's nameHash as HASH_DIGITS base-36 digits, one after the other. Written digit by digit
 * into one buffer: `toString(36)` and `padStart` per name took 70 ms of a cold generate at 10,000
 * operations (70,000 names), this about 15.
 */
export function hashDigits(names: readonly string[]): string {
  const out = Buffer.allocUnsafe(names.length * HASH_DIGITS);
  for (let n = 0; n < names.length; n++) {
    let hash = nameHash(names[n]!);
    for (let i = (n + 1) * HASH_DIGITS - 1; i >= n * HASH_DIGITS; i--) {
      const rest = Math.floor(hash / 36);
      out[i] = DIGITS[hash - rest * 36]!;
      hash = rest;
    }
  }
  return out.toString("latin1");
}

/** Whether one of the hashes `names` holds (nameHash, HASH_DIGITS base-36 digits each) is in `hashes`; anything else there counts as a hit. */
function someHash(names: string, hashes: ReadonlySet<number>): boolean {
  if (typeof names !== "string" || names.length % HASH_DIGITS !== 0) return true;
  for (let at = 0; at < names.length; at += HASH_DIGITS) {
    let hash = 0;
    for (let i = at; i < at + HASH_DIGITS; i++) {
      const unit = names.charCodeAt(i);
      const digit = unit >= 48 && unit <= 57 ? unit - 48 : unit >= 97 && unit <= 122 ? unit - 87 : -1;
      if (digit === -1) return true;
      hash = hash * 36 + digit;
    }
    if (hashes.has(hash)) return true;
  }
  return false;
}

function moduleFacts(module: ModuleModel, model: ApiModel, compact: boolean, names: readonly string[]): ClientModuleFacts {
  const operations = module.operations;
  const first = operations[0]?.id;
  return {
    names: hashDigits(names),
    streams: operations.some(isStreamed),
    paging: operations.some((operation) => operation.pagination !== undefined),
    formBodies: operations.some(hasBodyData),
    styles: operations.some(hasStyles),
    rateLimits: operations.some((operation) => (operation.limits?.length ?? 0) > 0),
    guards: operations.some((operation) => hasGuard(operation, model, compact)),
    checks: operations.some((operation) => resultShape(operation).check !== undefined),
    errors: operationsWithErrors(module, model).map(errorsTypeName),
    categories: [...new Set(operations.flatMap((operation) => operation.categories ?? []))],
    tokenAccess: operations.some((operation) => operation.categories !== undefined || operation.readOnlyTokens !== undefined),
    ...(first !== undefined && { first }),
  };
}

/** Names the public surface exports besides the operations; no operation may take one. */
export const RUNTIME_EXPORTS = [
  "createClient",
  "createTransport",
  "retries",
  "rateLimits",
  "responseChecks",
  "ApiError",
  "isApiError",
  "isOperationError",
  "DocumentedErrors",
  "DocumentedStatus",
  "OperationError",
  "Client",
  "ClientOptions",
  "TransportOptions",
  "TransportFeature",
  "RateLimitOptions",
  "ResponseCheckOptions",
  "ModuleName",
  "ApiErrorKind",
  "ErrorBody",
  "CallOptions",
  "FailureEvent",
  "FetchInit",
  "FetchLike",
  "RequestEvent",
  "ResponseEvent",
  "Transport",
  "Operation",
  // Imported by the module files, beside Operation (their descriptors' `written` helper).
  "OperationMore",
  "RetryOptions",
  "Clock",
  "QueryParams",
  "RawBody",
  "RequestBody",
  "MemoryRateLimitStore",
  "redisRateLimitStore",
  "RateLimitStore",
  "RateLimitDecision",
  "RateLimitRule",
  "RedisClientLike",
  "RedisRateLimitStoreOptions",
  "ItemStream",
  "ServerSentEvent",
  "StreamOptions",
  "PageOptions",
];
