import { expect, test } from "vitest";
import { authApplier } from "./auth.js";
import { writeArgs } from "./encoding.js";
import { makeTransport } from "./transport.js";

const schemes = {
  session: { type: "apiKey", in: "cookie", name: "session" },
  key: { type: "apiKey", in: "header", name: "X-Api-Key" },
} as const;

test("an API key in a cookie goes after the operation's cookie parameters; hooks see every credential redacted", async () => {
  const sent: Record<string, string>[] = [];
  const shown: Record<string, string>[] = [];
  const transport = makeTransport(
    {
      baseUrl: "http://api.test",
      token: "unused",
      fetch: async (_url, init) => {
        sent.push(init.headers);
        return new Response(null, { status: 204 });
      },
      onRequest: (event) => shown.push(event.headers),
    },
    "Authorization",
    authApplier(schemes, { session: "cookie-secret-1", key: "header-secret-1" }),
  );
  const operation = { id: "op", route: "GET /x", module: "m", security: [["session", "key"]], write: writeArgs };
  await transport.send(operation, { cookies: { theme: "dark" }, headers: { "x-api-key": "caller's, dropped" } });
  await transport.send(operation, {});
  expect(sent.map((headers) => [headers["cookie"], headers["X-Api-Key"], headers["x-api-key"], headers["Authorization"]])).toEqual([
    ["theme=dark; session=cookie-secret-1", "header-secret-1", undefined, undefined],
    ["session=cookie-secret-1", "header-secret-1", undefined, undefined],
  ]);
  expect(JSON.stringify(shown)).not.toContain("secret-1");
  expect(shown[0]?.["X-Api-Key"]).toBe("[redacted]");
});
