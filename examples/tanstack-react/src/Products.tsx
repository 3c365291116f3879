// The generated TanStack Query options in React: useQuery, useInfiniteQuery and useMutation take
// them as they are (or spread, with your own options added); data and errors come typed.
import { QueryClient, QueryClientProvider, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactElement } from "react";
import { isOperationError } from "../generated/client/index.js";
import {
  createProductMutationOptions,
  getProductQueryOptions,
  listProductsInfiniteQueryOptions,
  productsKeys,
} from "../generated/tanstack-query/index.js";
import { transport } from "./api.js";

export function ProductDetails({ productId }: { productId: number }): ReactElement {
  const product = useQuery({ ...getProductQueryOptions(transport, { productId }), staleTime: 30_000 });
  if (product.isPending) return <p>Loading…</p>;
  if (product.isError) {
    // Typed by the catalogue: getProduct documents a 404 with a Problem body.
    if (isOperationError(product.error, "getProduct", 404)) return <p>Not found: {product.error.body.title}</p>;
    return <p>Failed ({product.error.kind})</p>;
  }
  return <h2>{product.data.name}</h2>;
}

export function ProductList({ onPick }: { onPick: (id: number) => void }): ReactElement {
  // Pages by the cursor the catalogue declares; each next page waits for the listing budget.
  const list = useInfiniteQuery(listProductsInfiniteQueryOptions(transport, { query: { limit: 20 } }));
  const products = list.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section>
      <ul>
        {products.map((product) => (
          <li key={product.id} onClick={() => onPick(product.id)}>
            {product.name}
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <button disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          More
        </button>
      )}
      {list.isError && <p>Failed ({list.error.kind})</p>}
    </section>
  );
}

export function NewProduct(): ReactElement {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const create = useMutation({
    ...createProductMutationOptions(transport),
    // Every query of the module is stale now: its key prefix invalidates them all.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKeys.all }),
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ body: { name } });
      }}
    >
      <input value={name} onChange={(event) => setName(event.target.value)} />
      <button disabled={create.isPending}>Add</button>
      {create.isSuccess && <p>Added #{create.data.id}</p>}
      {create.isError && <p>Failed ({create.error.kind})</p>}
    </form>
  );
}

const queryClient = new QueryClient();

export function App(): ReactElement {
  const [picked, setPicked] = useState<number | undefined>(undefined);
  return (
    <QueryClientProvider client={queryClient}>
      <ProductList onPick={setPicked} />
      {picked !== undefined && <ProductDetails productId={picked} />}
      <NewProduct />
    </QueryClientProvider>
  );
}
