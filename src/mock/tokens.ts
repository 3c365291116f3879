// The mock's token table: one `token=sellerId:kind` entry a line (blank lines and `#` comments
// skipped), optionally followed by what the token is issued for: `categories=content,finance`
// and `readonly` (`t1=seller-1:personal categories=content readonly`). The same format as the sandbox's SANDBOX_TOKENS, a line per entry instead of commas.
// Token values are never printed, not even in an error about their line.

export interface MockIdentity {
  sellerId: string;
  tokenKind: string;
  /** The categories the token is issued for; absent: operations' categories are not checked. */
  categories?: string[];
  /** A read-only token: operations that write answer 403. */
  readOnly?: boolean;
}

/** Who the development tokens belong to: one identity, so its tokens share its budgets. */
export const DEVELOPMENT_IDENTITY = "dev";

/**
 * The tokens `catalogen mock` accepts when it is given no table: `dev-<kind>` for each token kind of
 * the catalogue, all of one identity. They are made-up values for local use, printed on purpose.
 */
export function developmentTokens(tokenKinds: readonly string[]): Map<string, MockIdentity> {
  return new Map(tokenKinds.map((tokenKind) => [`dev-${tokenKind}`, { sellerId: DEVELOPMENT_IDENTITY, tokenKind }]));
}

/** Largest token table read (a line a token: tens of thousands of tokens). */
export const MAX_TOKEN_TABLE_BYTES = 4 * 1024 * 1024;

export class TokenTableError extends Error {
  override name = "TokenTableError";
}

const ENTRY = /^([^=\s]+)=([^:\s]+):(\S+)((?:\s+\S+)*)$/;
const CATEGORIES = /^categories=([a-z][a-z0-9_-]*(?:,[a-z][a-z0-9_-]*)*)$/;

/** Parses a token table; `source` names it in errors (`tokens.txt:3: ...`). */
export function parseTokenTable(text: string, tokenKinds: readonly string[], source: string): Map<string, MockIdentity> {
  const tokens = new Map<string, MockIdentity>();
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const where = `${source}:${index + 1}`;
    const match = ENTRY.exec(line);
    if (!match) throw new TokenTableError(`${where}: expected token=sellerId:kind [categories=a,b] [readonly]`);
    const [, token, sellerId, tokenKind, rest] = match as unknown as [string, string, string, string, string];
    const identity: MockIdentity = { sellerId, tokenKind };
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
