// Whose rate-limit budget a limit counts and whose a token is: the catalogue's principal, named in
// its own words (`principal: seller`, `account`, `tenant`, `api-key` ...). catalogen itself knows
// no such word: a catalogue that names none gets the neutral `account`.

/** The principal of a catalogue that names none (and of every imported one). */
export const DEFAULT_PRINCIPAL = "account";

/** A principal or a limit's scope: lowercase words joined by `-` or `_`. */
export const PRINCIPAL = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/;

/** The field holding a principal's id, as the mock's token table and `startMock` name it: `seller` -> `sellerId`, `api-key` -> `apiKeyId`. */
export function principalIdField(principal: string): string {
  return `${principal.replace(/[-_]([a-z0-9])/g, (_, c: string) => c.toUpperCase())}Id`;
}
