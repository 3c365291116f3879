// api.pagination and an operation's `pagination` -> the model's Pagination (a definition's
// fields, then the operation's own over them). Raw data is already validated.
import type { RawPagination } from "../load/raw.js";
import type { Pagination } from "./types.js";

/** A dotted property path (`data.items`) as its parts; "" or undefined: none. */
export function pathParts(path: string | undefined): string[] {
  return path === undefined || path === "" ? [] : path.split(".");
}

export function paginationDefinitions(raw: readonly (RawPagination & { id: string })[]): (Pagination & { definition: string })[] {
  return raw.map(({ id, ...fields }) => ({ ...pagination(fields), definition: id }));
}

/** The operation's paging: its `use`d definition's fields with its own over them. */
export function operationPagination(raw: RawPagination, definitions: readonly (Pagination & { definition: string })[]): Pagination {
  const base = raw.use === undefined ? undefined : definitions.find((d) => d.definition === raw.use);
  const own = pagination(raw);
  const merged: Pagination = { ...base, ...own, items: raw.items !== undefined ? own.items : (base?.items ?? []) };
  if (base === undefined) delete merged.definition;
  return merged;
}

function pagination(raw: RawPagination): Pagination {
  return {
    style: raw.style ?? "cursor",
    items: pathParts(raw.items),
    ...(raw.next !== undefined && { next: pathParts(raw.next) }),
    ...(raw.cursor && { cursor: { in: raw.cursor.in, name: raw.cursor.name } }),
    ...(raw.offset && { offset: { in: raw.offset.in, name: raw.offset.name } }),
    ...(raw.limit && { limit: { in: raw.limit.in, name: raw.limit.name } }),
    ...(raw.page && { page: { in: raw.page.in, name: raw.page.name } }),
  };
}
