// context.reply: typed by the operation's documented error responses, unusable without any.
import { expectTypeOf, test } from "vitest";
import type { ReplyStatus } from "../../templates/server/replies.js";
import type { HandlerContext } from "../../templates/server/types.js";

interface Problem {
  title: string;
}
type WithErrors = HandlerContext<{ params: {}; query: {}; body: undefined; errors: { 404: { "application/problem+json": Problem }; "5XX": { "text/plain": string | Uint8Array<ArrayBuffer> } } }>;
type WithoutErrors = HandlerContext<{ params: {}; query: {}; body: undefined }>;

declare const withErrors: WithErrors;
declare const withoutErrors: WithoutErrors;

test("documented statuses, media types and bodies", () => {
  expectTypeOf(withErrors.reply(404, "application/problem+json", { title: "x" })).toEqualTypeOf<Response>();
  withErrors.reply(503, "text/plain", "down");
  // @ts-expect-error 500 is in 5XX: text
  withErrors.reply(500, "application/problem+json", { title: "x" });
  // @ts-expect-error 400 is not documented (no 4XX, no default)
  withErrors.reply(400, "application/problem+json", { title: "x" });
  // @ts-expect-error the body is a Problem
  withErrors.reply(404, "application/problem+json", { detail: "x" });
});

test("no documented error response: no status fits", () => {
  expectTypeOf<ReplyStatus<never>>().toEqualTypeOf<never>();
  // @ts-expect-error nothing to reply with
  withoutErrors.reply(404, "application/json", {});
});
