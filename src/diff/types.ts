// What `catalogen diff` reports: findings as plain data (docs/diff.md gives the JSON schema).

/** breaking: code or calls that worked stop working for `side`; compatible: nothing breaks; info: worth knowing. */
export type Level = "breaking" | "compatible" | "info";

/** Who the change concerns: the client's callers, the server's handlers, or both. */
export type Side = "client" | "server" | "both";

/** Where something is declared in one version: a file (relative to the working folder, or `rev:path`), line and column, 1-based. */
export interface Position {
  file: string;
  line: number;
  column: number;
}

export interface Finding {
  /** A rule id of RULES (src/diff/rules.ts). */
  rule: string;
  level: Level;
  side: Side;
  /** The operation the change is in (its id in the new version, else in the old); absent for API-level changes. */
  operation?: string;
  /** The operation's id in the old version, where it was called otherwise (operation-id-changed). */
  renamedFrom?: string;
  /** `GET /path` of that operation. */
  route?: string;
  /** The named type the change is in; `operations` then lists the operations that reach it there. */
  type?: string;
  operations?: string[];
  /** What changed, e.g. `query parameter limit`, `response 200 body: items[].status`. */
  subject: string;
  old?: Position;
  new?: Position;
  /** One sentence. */
  message: string;
}

export interface VersionCheck {
  /** The semver bump the findings call for: major (something breaks), minor (added), patch (info only), none (no change). */
  suggested: "major" | "minor" | "patch" | "none";
  old?: string;
  new?: string;
  /** Whether the new version field is at least the suggested bump over the old; absent when either version is not semver. */
  ok?: boolean;
  message: string;
}

export interface CallSite {
  file: string;
  line: number;
  column: number;
  /** The operation called there; absent when the failing line names a type, not a call. */
  operation?: string;
  /** The finding's rule that made it stop compiling; absent when none could be told. */
  rule?: string;
  /** The finding's sentence. */
  finding?: string;
  /** The compiler's message (its first line). */
  error: string;
  code: number;
}

export interface ConsumerReport {
  /** The consumer's folder, as given. */
  dir: string;
  /** The tsconfig it was checked with. */
  tsconfig: string;
  /** The TypeScript version used (the consumer's own, else catalogen's). */
  typescript: string;
  /** Call sites that compile against the old client and not against the new one. */
  broken: CallSite[];
}

export interface DiffReport {
  /** The JSON schema's version: a change that removes or renames a field makes it 2. */
  schema: 1;
  old: SideSummary;
  new: SideSummary;
  summary: { breaking: number; client: number; server: number; compatible: number; info: number };
  version: VersionCheck;
  findings: Finding[];
  consumers?: ConsumerReport[];
}

export interface SideSummary {
  /** As given on the command line (a folder, a document, `main` for --since). */
  label: string;
  title: string;
  version?: string;
  operations: number;
}

/** What a rule's sentence is filled with. */
export interface Facts {
  subject: string;
  old?: string;
  new?: string;
}

/** Where a finding is, in both versions. */
export interface Place {
  operation?: string;
  renamedFrom?: string;
  route?: string;
  type?: string;
  operations?: string[];
  old?: Position | undefined;
  new?: Position | undefined;
}

export type Report = (rule: string, facts: Facts) => void;
