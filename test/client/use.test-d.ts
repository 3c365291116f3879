// The `use` option of the transport: it takes the three features (and only features), and the
// features' options are typed; createClient's feature options stay as they were.
import { expectTypeOf, test } from "vitest";
import type { FeatureOptions } from "../../templates/client/client-features.js";
import type { TransportFeature } from "../../templates/client/feature.js";
import { rateLimits } from "../../templates/client/rate-limits.js";
import { responseChecks } from "../../templates/client/response-checks.js";
import { retries } from "../../templates/client/retries.js";
import { makeTransport, type Transport, type TransportOptions } from "../../templates/client/transport.js";
import { MemoryRateLimitStore } from "../../templates/shared/memory-rate-limit-store.js";

test("use takes the features, with or without options", () => {
  expectTypeOf(retries()).toEqualTypeOf<TransportFeature>();
  expectTypeOf(rateLimits()).toEqualTypeOf<TransportFeature>();
  expectTypeOf(responseChecks()).toEqualTypeOf<TransportFeature>();
  expectTypeOf(makeTransport({ baseUrl: "https://a.example", token: "t", use: [retries(), rateLimits(), responseChecks()] }, "Authorization")).toEqualTypeOf<Transport>();
  makeTransport({ baseUrl: "https://a.example", token: "t" }, "Authorization");
  makeTransport({ baseUrl: "https://a.example", token: "t", use: [] }, "Authorization");
  makeTransport(
    {
      baseUrl: "https://a.example",
      token: "t",
      use: [
        retries({ maxAttempts: 5, unsafeMethods: true }),
        rateLimits({ mode: "fail", store: new MemoryRateLimitStore(), onStoreError: "deny" }),
        responseChecks({ mode: "warn" }),
      ],
    },
    "Authorization",
  );
  const features: readonly TransportFeature[] = [retries()];
  expectTypeOf<TransportOptions["use"]>().toEqualTypeOf<readonly TransportFeature[] | undefined>();
  makeTransport({ baseUrl: "https://a.example", token: "t", use: features }, "Authorization");
});

test("use refuses what is not a feature, and the features refuse unknown options", () => {
  // @ts-expect-error the feature function, not called
  makeTransport({ baseUrl: "a", token: "t", use: [retries] }, "Authorization");
  // @ts-expect-error not a feature
  makeTransport({ baseUrl: "a", token: "t", use: ["retries"] }, "Authorization");
  // @ts-expect-error "off" is leaving the feature out
  rateLimits({ mode: "off" });
  // @ts-expect-error no such mode
  responseChecks({ mode: "off" });
  // @ts-expect-error no such retry option
  retries({ attempts: 3 });
});

test("a bare transport takes no feature options; they are createClient's", () => {
  // @ts-expect-error retries are `use: [retries()]`
  makeTransport({ baseUrl: "a", token: "t", retry: { maxAttempts: 2 } }, "Authorization");
  // @ts-expect-error rate limits are `use: [rateLimits()]`
  makeTransport({ baseUrl: "a", token: "t", rateLimit: "fail" }, "Authorization");
  // @ts-expect-error response checks are `use: [responseChecks()]`
  makeTransport({ baseUrl: "a", token: "t", validate: "warn" }, "Authorization");
  expectTypeOf<FeatureOptions>().toHaveProperty("retry").toEqualTypeOf<import("../../templates/client/retry.js").RetryOptions | false | undefined>();
  expectTypeOf<FeatureOptions>().toHaveProperty("rateLimit").toEqualTypeOf<"wait" | "fail" | "off" | undefined>();
  expectTypeOf<FeatureOptions>().toHaveProperty("validate").toEqualTypeOf<"off" | "warn" | "throw" | undefined>();
});
