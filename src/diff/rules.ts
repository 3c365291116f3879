// The table of rules: every change `catalogen diff` reports is one of these, with its level, the
// side it concerns and its sentence ({subject}, {old} and {new} are filled in). A catalogue pair per
// rule (test/diff/pairs.ts). Type rules come in pairs: what breaks a client in a request (the
// client sends it) breaks a server in a response (the server sends it), and the other way round.
import type { Level, Side } from "./types.js";

export interface Rule {
  level: Level;
  side: Side;
  sentence: string;
}

const breaking = (side: Side, sentence: string): Rule => ({ level: "breaking", side, sentence });
const compatible = (sentence: string): Rule => ({ level: "compatible", side: "both", sentence });
const info = (side: Side, sentence: string): Rule => ({ level: "info", side, sentence });

/** A change to a type: who it breaks where the client sends the value (request) and where the server does (response). */
interface TypeRule {
  /** Sentence; {where} becomes "request" or "response". */
  sentence: string;
  /**
   * narrower: fewer values allowed, which breaks whoever sends it; wider: more, which breaks whoever
   * receives it; both: a different type; removed: a property gone, which breaks the client either
   * way (code that sets it or reads it stops compiling).
   */
  change: "narrower" | "wider" | "both" | "removed" | "compatible" | "info";
}

const TYPE_RULES: Record<string, TypeRule> = {
  "type-changed": { change: "both", sentence: "the {where} {subject} changed type from {old} to {new}" },
  "format-changed": { change: "both", sentence: "the {where} {subject} changed format from {old} to {new}" },
  "const-changed": { change: "both", sentence: "the {where} {subject} changed its one value from {old} to {new}" },
  "enum-value-added": { change: "wider", sentence: "the {where} {subject} may now be {new}" },
  "enum-value-removed": { change: "narrower", sentence: "the {where} {subject} may no longer be {old}" },
  "became-enum": { change: "narrower", sentence: "the {where} {subject} is now one of {new}" },
  "enum-dropped": { change: "wider", sentence: "the {where} {subject} is no longer limited to {old}" },
  "property-added-required": { change: "narrower", sentence: "the {where} {subject} was added as required" },
  "property-added-optional": { change: "compatible", sentence: "the {where} {subject} was added as optional" },
  "property-removed": { change: "removed", sentence: "the {where} {subject} was removed" },
  "property-became-required": { change: "narrower", sentence: "the {where} {subject} became required" },
  "property-became-optional": { change: "wider", sentence: "the {where} {subject} became optional" },
  "became-nullable": { change: "wider", sentence: "the {where} {subject} may now be null" },
  "became-not-nullable": { change: "narrower", sentence: "the {where} {subject} may no longer be null" },
  "variant-added": { change: "wider", sentence: "the {where} {subject} gained the variant {new}" },
  "variant-removed": { change: "narrower", sentence: "the {where} {subject} lost the variant {old}" },
  "additional-properties-allowed": { change: "wider", sentence: "the {where} {subject} now takes properties it does not name" },
  "additional-properties-refused": { change: "narrower", sentence: "the {where} {subject} no longer takes properties it does not name" },
  "constraint-tightened": { change: "narrower", sentence: "the {where} {subject} has a tighter {old} → {new}" },
  "constraint-loosened": { change: "wider", sentence: "the {where} {subject} has a looser {old} → {new}" },
  "default-changed": { change: "info", sentence: "the {where} {subject} has a new default: {old} → {new}" },
  "deprecated": { change: "info", sentence: "the {where} {subject} is deprecated" },
};

/** `request-X` and `response-X` for each type rule: narrower breaks the sender, wider the receiver. */
function typeRules(): Record<string, Rule> {
  const rules: Record<string, Rule> = {};
  for (const [id, rule] of Object.entries(TYPE_RULES)) {
    for (const where of ["request", "response"] as const) {
      const sentence = rule.sentence.replace("{where}", where);
      const sender: Side = where === "request" ? "client" : "server";
      const receiver: Side = where === "request" ? "server" : "client";
      const change = rule.change;
      rules[`${where}-${id}`] =
        change === "narrower" ? breaking(sender, sentence)
        : change === "wider" ? breaking(receiver, sentence)
        : change === "both" ? breaking("both", sentence)
        : change === "removed" ? breaking("client", sentence)
        : change === "compatible" ? compatible(sentence)
        : info(receiver, sentence);
    }
  }
  return rules;
}

export const RULES: Record<string, Rule> = {
  // Operations
  "operation-removed": breaking("client", "the operation {subject} was removed"),
  "operation-added": breaking("server", "the operation {subject} was added: the server needs a handler for it"),
  "operation-id-changed": breaking("both", "the operation {old} is now called {new}"),
  "operation-route-changed": breaking("both", "the operation {subject} moved from {old} to {new}"),
  "operation-deprecated": info("client", "the operation {subject} is deprecated"),
  "operation-reactivated": info("client", "the operation {subject} is no longer deprecated"),
  "operation-servers-changed": breaking("client", "the operation {subject} is served by {new}, not {old}"),
  "operation-pagination-changed": breaking("client", "the operation {subject} pages its results differently: {old} → {new}"),
  "operation-idempotence-changed": info("client", "the operation {subject} is {new} to retry (was {old})"),
  // Parameters
  "parameter-removed": breaking("client", "the {subject} was removed"),
  "parameter-added-required": breaking("client", "the required {subject} was added"),
  "parameter-added-optional": compatible("the optional {subject} was added"),
  "parameter-became-required": breaking("client", "the {subject} became required"),
  "parameter-became-optional": breaking("server", "the {subject} became optional"),
  "parameter-renamed": breaking("both", "the {subject} was renamed from {old} to {new}"),
  "parameter-style-changed": breaking("both", "the {subject} is written differently: {old} → {new}"),
  "parameter-deprecated": info("client", "the {subject} is deprecated"),
  // Request body
  "request-body-added-required": breaking("client", "a required request body was added ({new})"),
  "request-body-added-optional": compatible("an optional request body was added ({new})"),
  "request-body-removed": breaking("client", "the request body was removed"),
  "request-body-became-required": breaking("client", "the request body became required"),
  "request-body-became-optional": breaking("server", "the request body became optional"),
  "request-media-type-added": breaking("server", "the request body may now be sent as {new}"),
  "request-media-type-removed": breaking("client", "the request body may no longer be sent as {old}"),
  // Responses
  "response-success-status-added": breaking("client", "the response {new} was added: the result type is wider"),
  "response-success-status-removed": breaking("server", "the response {old} was removed: the handler may no longer give it"),
  "response-error-status-added": compatible("the error response {new} was added"),
  "response-error-status-removed": info("server", "the error response {old} was removed"),
  "response-media-type-added": breaking("client", "the response {subject} may now come as {new}"),
  "response-media-type-removed": breaking("server", "the response {subject} no longer comes as {old}"),
  "response-header-removed": breaking("client", "the {subject} was removed"),
  "response-header-added-required": breaking("server", "the required {subject} was added"),
  "response-header-became-optional": breaking("client", "the {subject} became optional"),
  "response-header-became-required": breaking("server", "the {subject} became required"),
  // Security, token kinds, categories, read-only tokens
  "security-requirement-added": breaking("client", "calling {subject} now needs {new}"),
  "security-requirement-removed": breaking("server", "{subject} may now be called with {old}"),
  "security-scope-added": breaking("client", "calling {subject} now needs the scope {new}"),
  "security-scope-removed": breaking("server", "calling {subject} no longer needs the scope {old}"),
  "token-kind-dropped": breaking("client", "a {old} token may no longer call {subject}"),
  "token-kind-added": breaking("server", "a {new} token may now call {subject}"),
  "tokens-documented": info("both", "the token kinds of {subject} are now documented: {new}"),
  "tokens-undocumented": info("both", "the token kinds of {subject} are no longer documented (were {old})"),
  "category-dropped": breaking("client", "tokens of the category {old} may no longer call {subject}"),
  "category-added": breaking("server", "tokens of the category {new} may now call {subject}"),
  "categories-documented": info("both", "the token categories of {subject} are now documented: {new}"),
  "categories-undocumented": info("both", "the token categories of {subject} are no longer documented (were {old})"),
  "read-only-token-refused": breaking("client", "a read-only token may no longer call {subject}"),
  "read-only-token-allowed": breaking("server", "a read-only token may now call {subject}"),
  "read-only-documented": info("both", "whether a read-only token may call {subject} is now documented: {new}"),
  "read-only-undocumented": info("both", "whether a read-only token may call {subject} is no longer documented"),
  "token-kind-declared-removed": breaking("client", "the token kind {old} was removed from the API"),
  "token-kind-declared-added": compatible("the token kind {new} was added to the API"),
  "auth-header-changed": breaking("both", "the token travels in {new}, not {old}"),
  "security-scheme-removed": breaking("client", "the security scheme {old} was removed"),
  "security-scheme-added": compatible("the security scheme {new} was added"),
  "security-scheme-changed": breaking("both", "the security scheme {subject} changed: {old} → {new}"),
  // Rate limits
  "limit-lowered": breaking("client", "the {subject} was lowered: {old} → {new}"),
  "limit-raised": breaking("server", "the {subject} was raised: {old} → {new}"),
  "burst-reduced": breaking("client", "the burst of the {subject} was reduced: {old} → {new}"),
  "burst-increased": breaking("server", "the burst of the {subject} was increased: {old} → {new}"),
  "limit-added": breaking("client", "a new {subject} was added: {new}"),
  "limit-removed": breaking("server", "the {subject} was removed (was {old})"),
  "limits-documented": info("both", "the limits are now documented: {new}"),
  "limits-undocumented": info("both", "the limits are no longer documented (were {old})"),
  "limit-group-joined": breaking("client", "the operation now spends from the shared limit group {new}"),
  "limit-group-left": breaking("server", "the operation no longer spends from the shared limit group {old}"),
  "error-cost-raised": breaking("client", "an answer {subject} costs more of the budget: {old} → {new}"),
  "error-cost-lowered": breaking("server", "an answer {subject} costs less of the budget: {old} → {new}"),
  "limit-group-removed": breaking("client", "the shared limit group {old} was removed"),
  "limit-group-added": compatible("the shared limit group {new} was added"),
  // Servers, types, API
  "server-removed": breaking("client", "the server {old} was removed"),
  "server-added": compatible("the server {new} was added"),
  "server-url-changed": breaking("client", "the server {subject} moved from {old} to {new}"),
  "type-removed": breaking("client", "the type {old} was removed"),
  "type-added": compatible("the type {new} was added"),
  ...typeRules(),
};

export type RuleId = keyof typeof RULES;

/** The rule's sentence with its blanks filled in. */
export function sentence(rule: string, fill: { subject?: string; old?: string; new?: string }): string {
  const template = RULES[rule]?.sentence;
  if (template === undefined) throw new Error(`no rule ${rule}`);
  return template.replace(/\{(subject|old|new)\}/g, (_, key: keyof typeof fill) => fill[key] ?? "");
}
