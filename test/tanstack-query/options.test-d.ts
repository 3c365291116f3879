// The runtime's option types (templates/tanstack-query/options.ts) as the adapters read them:
// React's hooks and query-core's QueryClient infer data and error from the generated options
// (the error from `retry`'s parameter), and the key carries both for getQueryData.
import { QueryClient, type InfiniteData } from "@tanstack/query-core";
import { useInfiniteQuery, useMutation, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { expectTypeOf, test } from "vitest";
import { infiniteQueryOptionsOf, mutationOptionsOf, noRetry, queryOptionsOf } from "../../templates/tanstack-query/options.js";

class OfferError extends Error {
  readonly kind = "not_found" as const;
}
interface Offer {
  id: string;
}
interface Page {
  items: Offer[];
  next: string | null;
}
type Args = { query?: { cursor?: string } };

const key = ["offers", "getOffer", { offerId: "o-1" }] as const;
const query = queryOptionsOf<Offer, OfferError, typeof key>(key, async () => ({ id: "o-1" }));
const pagesKey = ["offers", "listOffers", {}, "infinite"] as const;
const pages = infiniteQueryOptionsOf<Page, OfferError, typeof pagesKey, Args>(
  pagesKey,
  {},
  (page) => (page.next === null ? undefined : { query: { cursor: page.next } }),
  async () => ({ items: [], next: null }),
);
const mutation = mutationOptionsOf<Offer, OfferError, { name: string }, readonly ["offers", "createOffer"]>(["offers", "createOffer"], async () => ({ id: "o-2" }));

test("useQuery and useSuspenseQuery: data and error typed", () => {
  const result = useQuery(query);
  expectTypeOf(result.data).toEqualTypeOf<Offer | undefined>();
  expectTypeOf(result.error).toEqualTypeOf<OfferError | null>();
  expectTypeOf(useSuspenseQuery(query).data).toEqualTypeOf<Offer>();
  // Options of your own spread over them keep the types.
  const selected = useQuery({ ...query, select: (offer) => offer.id, staleTime: 1000 });
  expectTypeOf(selected.data).toEqualTypeOf<string | undefined>();
});

test("useInfiniteQuery: pages and error typed", () => {
  const result = useInfiniteQuery(pages);
  expectTypeOf(result.data?.pages).toEqualTypeOf<Page[] | undefined>();
  expectTypeOf(result.error).toEqualTypeOf<OfferError | null>();
});

test("useMutation: variables, data and error typed", () => {
  const result = useMutation(mutation);
  expectTypeOf(result.mutate).parameter(0).toEqualTypeOf<{ name: string }>();
  expectTypeOf(result.data).toEqualTypeOf<Offer | undefined>();
  expectTypeOf(result.error).toEqualTypeOf<OfferError | null>();
});

test("QueryClient: fetchQuery, fetchInfiniteQuery and getQueryData by the tagged key", () => {
  const client = new QueryClient();
  expectTypeOf(client.fetchQuery(query)).resolves.toEqualTypeOf<Offer>();
  expectTypeOf(client.getQueryData(query.queryKey)).toEqualTypeOf<Offer | undefined>();
  expectTypeOf(client.getQueryData(pages.queryKey)).toEqualTypeOf<InfiniteData<Page, Args> | undefined>();
  expectTypeOf(client.fetchInfiniteQuery(pages)).resolves.toExtend<InfiniteData<Page, unknown>>();
});

test("retry is the client's: never again, for the operation's error type", () => {
  expectTypeOf(query.retry).parameter(1).toEqualTypeOf<OfferError>();
  expectTypeOf(noRetry<OfferError>).returns.toEqualTypeOf<boolean>();
  // @ts-expect-error the data type is the operation's
  expectTypeOf(useQuery(query).data).toEqualTypeOf<string | undefined>();
});
