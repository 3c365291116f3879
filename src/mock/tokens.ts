// The mock's token table: one `token=sellerId:kind` entry a line (blank lines and `#` comments
// skipped). The same format as the sandbox's SANDBOX_TOKENS, a line per entry instead of commas.
// Token values are never printed, not even in an error about their line.

export interface MockIdentity {
  sellerId: string;
  tokenKind: string;
}

export class TokenTableError extends Error {
  override name = "TokenTableError";
}

const ENTRY = /^([^=\s]+)=([^:\s]+):(\S+)$/;

/** Parses a token table; `source` names it in errors (`tokens.txt:3: ...`). */
export function parseTokenTable(text: string, tokenKinds: readonly string[], source: string): Map<string, MockIdentity> {
  const tokens = new Map<string, MockIdentity>();
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const where = `${source}:${index + 1}`;
    const match = ENTRY.exec(line);
    if (!match) throw new TokenTableError(`${where}: expected token=sellerId:kind`);
    const [, token, sellerId, tokenKind] = match as unknown as [string, string, string, string];
    if (!tokenKinds.includes(tokenKind)) {
      throw new TokenTableError(`${where}: unknown token kind "${tokenKind}"; the catalogue's kinds are ${tokenKinds.join(", ")}`);
    }
    if (tokens.has(token)) throw new TokenTableError(`${where}: this token is already listed on an earlier line`);
    tokens.set(token, { sellerId, tokenKind });
  }
  return tokens;
}
