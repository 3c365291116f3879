// Names in the catalogue's rules (module ids snake_case, operation ids camelCase, type names
// PascalCase) and the registry that keeps every generated identifier distinct.
import { createHash } from "node:crypto";
import transliterate from "@sindresorhus/transliterate";
import { GENERATED_NAMES, GLOBAL_NAMES, isReserved, MAX_MODULE_ID_LENGTH, MODULE_ID, OPERATION_ID, PUBLIC_EXPORT_NAMES, RESERVED_MODULE_IDS, TOKEN_KIND, TYPE_NAME } from "../shared/names.js";

/** `getPet-by_ID2` -> [get, pet, by, id2]; camelCase humps split too. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "")
    .map((word) => word.toLowerCase());
}

const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

export function camelName(text: string): string {
  const [first = "", ...rest] = words(text);
  return first + rest.map(capital).join("");
}

export function pascalName(text: string): string {
  return words(text).map(capital).join("");
}

export function snakeName(text: string): string {
  return words(text).join("_");
}

/** A safe module id for a tag or path segment. */
export function moduleId(text: string): string {
  let id = snakeName(text);
  if (id === "") id = "root";
  if (!/^[a-z]/.test(id)) id = `m_${id}`;
  const camel = id.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  if (RESERVED_MODULE_IDS.has(id) || isReserved(camel)) id = `${id}_api`;
  // Too long to name a file: the start, then a hash of the whole, so the same text always gives the same id.
  if (id.length > MAX_MODULE_ID_LENGTH) id = `${id.slice(0, MAX_MODULE_ID_LENGTH - 9).replace(/_+$/, "")}_${createHash("sha256").update(id).digest("hex").slice(0, 8)}`;
  return MODULE_ID.test(id) ? id : "root";
}

/** `Карточки товаров` -> `Kartochki tovarov`: Latin letters for names made from text in any script. */
export function transliterated(text: string): string {
  return /^[\x00-\x7f]*$/.test(text) ? text : transliterate(text);
}

/**
 * A readable module id from the first candidate that gives one (a tag-key extension, the tag, the
 * first path segment), the tag transliterated; never `root`: `module` when none gives a name.
 */
export function readableModuleId(candidates: readonly (string | undefined)[]): string {
  for (const candidate of candidates) {
    if (candidate === undefined || snakeName(transliterated(candidate)) === "") continue;
    return moduleId(transliterated(candidate));
  }
  return "module";
}

export function operationId(text: string): string {
  let id = camelName(text);
  if (id === "") id = "operation";
  if (!/^[a-z]/.test(id)) id = `op${capital(id)}`;
  if (isReserved(id) || GLOBAL_NAMES.has(id)) id = `${id}Operation`;
  return OPERATION_ID.test(id) ? id : "operation";
}

export function typeName(text: string): string {
  let name = pascalName(text);
  if (name === "") name = "Type";
  if (!/^[A-Z]/.test(name)) name = `T${name}`;
  if (isReserved(name) || PUBLIC_EXPORT_NAMES.has(name) || GLOBAL_NAMES.has(name)) name = `${name}Type`;
  return TYPE_NAME.test(name) ? name : "Type";
}

/** Words people write whole, whatever their capitals: `OAuth2` is `oauth2`, not `o-auth2`. */
const WHOLE_WORDS = /oauth|openid/gi;

/** A token kind id as people write it: `OAuth2` -> `oauth2`, `bearerAuth` -> `bearer-auth`; `api_key` stays. */
export function tokenKindId(text: string): string {
  if (TOKEN_KIND.test(text)) return text;
  const whole = text.replace(WHOLE_WORDS, (word: string, offset: number) => `${offset > 0 ? "-" : ""}${word.toLowerCase()}`);
  let id = words(whole).join("-");
  if (!/^[a-z]/.test(id)) id = `kind-${id}`;
  return TOKEN_KIND.test(id) ? id : "token";
}

/** A safe limit group id (lowercase words joined by -, as token kinds): `Bulk Uploads` -> `bulk-uploads`. */
export function limitGroupId(text: string): string {
  if (TOKEN_KIND.test(text)) return text;
  let id = words(text).join("-");
  if (id === "") return "group";
  if (!/^[a-z]/.test(id)) id = `group-${id}`;
  return TOKEN_KIND.test(id) ? id : "group";
}

/** Words a long group name can lose and still read: `limits for the listings` -> `limits-listings`. */
const FILLER_WORDS = new Set(["a", "an", "the", "and", "or", "of", "for", "to", "in", "on", "at", "by", "with", "from", "per", "all", "following", "methods", "method"]);

/**
 * A limit group id that reads when the name is too long for one (a heading that lists the methods,
 * say): its words without fillers and repeats, whole words up to MAX_NAME_LENGTH; undefined when
 * the plain id is short enough. `getting limits for the listings, getting failed listings with
 * errors` -> `getting-limits-listings-failed-errors`.
 */
export function shortLimitGroupId(text: string): string | undefined {
  const id = limitGroupId(text);
  if (id.length <= MAX_NAME_LENGTH) return undefined;
  const kept = [...new Set(id.split("-").filter((word) => !FILLER_WORDS.has(word)))];
  let short = "";
  for (const word of kept) {
    if (short.length + 1 + word.length > MAX_NAME_LENGTH - 7) break; // room for -<hash> if two names end up the same
    short = short === "" ? word : `${short}-${word}`;
  }
  return short !== "" && TOKEN_KIND.test(short) ? short : undefined;
}

/** Identifiers the generated client and server define themselves (see src/emit/client/index.ts, src/emit/server/names.ts). */
const FIXED = (
  "createClient createTransport ApiError isApiError Client ClientOptions ModuleName ApiErrorKind ErrorBody CallOptions " +
  "FailureEvent FetchLike RequestEvent ResponseEvent Transport RetryOptions Clock QueryParams RawBody RequestBody " +
  "api createRequestHandler toNodeHandler mockHandlers MemoryRateLimitStore takeFromBucket Handlers ModuleHandlers " +
  "OperationContext Handler HandlerContext HandlerInput HandlerResult Identity TokenKind ServerOptions QueryValues " +
  "ErrorContext ErrorOptions OperationInfo RouteDefinition ApiDefinition BodyProblem RateLimitStore RateLimitRule " +
  "RateLimitDecision NodeRequestLike NodeResponseLike Operation deepest isRecord problem"
).split(" ").concat([...PUBLIC_EXPORT_NAMES], [...GLOBAL_NAMES]);

/** Every identifier a name brings into the generated code, so two names never produce the same one. */
export function moduleIdentifiers(id: string): string[] {
  return [`module:${id}`, ...GENERATED_NAMES.module(id).map((derived) => derived.name)];
}

export function operationIdentifiers(id: string): string[] {
  return [id, ...GENERATED_NAMES.operation(id).map((derived) => derived.name)];
}

export function typeIdentifiers(name: string): string[] {
  return [name, ...GENERATED_NAMES.type(name).map((derived) => derived.name)];
}

/** Claims names so that none repeats; a taken name gets the first free numeric suffix. */
export class NameRegistry {
  /** `module:api`: a module file is `<id>.yaml`, and api.yaml holds the api section. */
  private readonly taken = new Set<string>([...FIXED, "module:api"]);

  /** `identifiers(candidate)` lists everything the candidate would define in the generated code. */
  claim(name: string, identifiers: (candidate: string) => string[], join = ""): string {
    const base = shortened(name, join);
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}${join}${n}`;
      const defined = identifiers(candidate);
      if (defined.some((name) => this.taken.has(name))) continue;
      for (const name of defined) this.taken.add(name);
      return candidate;
    }
  }

  /** Whether every identifier of `name` is still free. */
  isFree(identifiers: string[]): boolean {
    return identifiers.every((name) => !this.taken.has(name));
  }
}

/** Longest name the importer gives: names become file names (a module's), and file names have limits. */
export const MAX_NAME_LENGTH = 64;

/** A hash of `text` to tell names apart, the same on every run. */
export function nameHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 6);
}

/** A name longer than MAX_NAME_LENGTH: its start and a hash of the whole, so it stays distinct and the same on every run. */
function shortened(name: string, join: string): string {
  if (name.length <= MAX_NAME_LENGTH) return name;
  const hash = createHash("sha256").update(name).digest("hex").slice(0, 8);
  return `${name.slice(0, MAX_NAME_LENGTH - 9).replace(/[_-]+$/, "")}${join}${hash}`;
}
