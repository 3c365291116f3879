// The mock's token table: one `token=<principal id>:kind` entry a line (blank lines and `#` comments
// skipped), optionally followed by what the token is issued for: `categories=content,finance`
// and `readonly` (`t1=acme:personal categories=content readonly`). The same format as the sandbox's SANDBOX_TOKENS, a line per entry instead of commas.
// The id is the catalogue's principal's (api.principal): an identity holds it under `<principal>Id`
// (`sellerId` for `principal: seller`, `accountId` by default). Token values are never printed, not
// even in an error about their line.
import { DEFAULT_PRINCIPAL, principalIdField } from "../shared/principal.js";

export interface MockIdentity {
  tokenKind: string;
  /** The categories the token is issued for; absent: operations' categories are not checked. */
  categories?: string[];
  /** A read-only token: operations that write answer 403. */
  readOnly?: boolean;
  /** Whose the token is, under the catalogue's principal's name: `accountId`, `sellerId`, `tenantId` ... */
  [principalId: `${string}Id`]: string;
}

/** Who the development tokens belong to: one identity, so its tokens share its budgets. */
export const DEVELOPMENT_IDENTITY = "dev";

/**
 * The tokens `catalogen mock` accepts when it is given no table: `dev-<kind>` for each token kind of
 * the catalogue, all of one identity. They are made-up values for local use, printed on purpose.
 */
export function developmentTokens(tokenKinds: readonly string[], principal: string = DEFAULT_PRINCIPAL): Map<string, MockIdentity> {
  return new Map(tokenKinds.map((tokenKind) => [`dev-${tokenKind}`, { [principalIdField(principal)]: DEVELOPMENT_IDENTITY, tokenKind }]));
}

/** A table line's shape, in the principal's words: `token=sellerId:kind`. */
export function tokenLine(principal: string): string {
  return `token=${principalIdField(principal)}:kind`;
}

/** Largest token table read (a line a token: tens of thousands of tokens). */
export const MAX_TOKEN_TABLE_BYTES = 4 * 1024 * 1024;

export class TokenTableError extends Error {
  override name = "TokenTableError";
}

const ENTRY = /^([^=\s]+)=([^:\s]+):(\S+)((?:\s+\S+)*)$/;
const CATEGORIES = /^categories=([a-z][a-z0-9_-]*(?:,[a-z][a-z0-9_-]*)*)$/;

/** Parses a token table; `source` names it in errors (`tokens.txt:3: ...`); `principal` names the ids (api.principal). */
export function parseTokenTable(text: string, tokenKinds: readonly string[], source: string, principal: string = DEFAULT_PRINCIPAL): Map<string, MockIdentity> {
  const tokens = new Map<string, MockIdentity>();
  const field = principalIdField(principal);
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const where = `${source}:${index + 1}`;
    const match = ENTRY.exec(line);
    if (!match) throw new TokenTableError(`${where}: expected ${tokenLine(principal)} [categories=a,b] [readonly]`);
    const [, token, id, tokenKind, rest] = match as unknown as [string, string, string, string, string];
    const identity: MockIdentity = { [field]: id, tokenKind };
    for (const word of rest.trim().split(/\s+/).filter((item) => item !== "")) {
      const categories = CATEGORIES.exec(word);
      if (categories) identity.categories = categories[1]!.split(",");
      else if (word === "readonly") identity.readOnly = true;
      else throw new TokenTableError(`${where}: "${word.split("=")[0]}" is not categories=a,b or readonly`);
    }
    if (!tokenKinds.includes(tokenKind)) {
      throw new TokenTableError(`${where}: unknown token kind "${tokenKind}"; the catalogue's kinds are ${tokenKinds.join(", ")}`);
    }
    if (tokens.has(token)) throw new TokenTableError(`${where}: this token is already listed on an earlier line`);
    tokens.set(token, identity);
  }
  return tokens;
}

/** The spelling every identity had before catalogues named their principal. */
const OLD_FIELD = "sellerId";
let oldFieldSaid = false;

/**
 * The id `identity` holds for the catalogue's principal: under `<principal>Id`, or (deprecated,
 * said once a process) `sellerId`, which every catalogue took before it named its principal.
 */
export function principalIdOf(identity: MockIdentity, principal: string): string {
  const field = principalIdField(principal);
  const id = identity[field as `${string}Id`];
  if (typeof id === "string") return id;
  const old = identity[OLD_FIELD];
  if (typeof old === "string") {
    if (!oldFieldSaid) {
      oldFieldSaid = true;
      process.emitWarning(`startMock: tokens' "${OLD_FIELD}" is deprecated for this catalogue; its principal is "${principal}", so write { ${field}, tokenKind }`, "DeprecationWarning");
    }
    return old;
  }
  throw new TokenTableError(`startMock: a token's identity has no ${field} (the catalogue's principal is "${principal}"); write { ${field}: "...", tokenKind: "..." }`);
}
