// Catalogue files made in memory from a living source. Their data is the merged Raw shapes; their
// text and line counter are the user's file's, and the YAML document that messages locate in is
// built only when a message needs it: the merged data as nodes, with the user's own nodes (which
// carry their positions) grafted where the user wrote them. A problem in something the user added
// is shown where the user wrote it; one in what came from the document, at `source:`.
import { Document, isMap, isPair, isScalar, isSeq, type Node, type Pair, type YAMLMap } from "yaml";
import type { CatalogueFile } from "../load/load.js";
import type { RawFile } from "../load/raw.js";

type Path = readonly (string | number)[];

export function virtualFile(overlay: CatalogueFile, name: string, data: RawFile, graft: (document: Document) => void, operations?: (Path | undefined)[]): CatalogueFile {
  let document: Document | undefined;
  let ranges: [number, number][] | undefined;
  const file = { displayPath: overlay.displayPath, name, text: overlay.text, lineCounter: overlay.lineCounter, data, problems: [] };
  return Object.defineProperties(file, {
    document: {
      enumerable: true,
      get: () => {
        if (!document) {
          document = new Document(data, { aliasDuplicateObjects: false });
          if (document.contents) (document.contents as Node).range = rangeOf(overlay, ["source"]);
          graft(document);
        }
        return document;
      },
    },
    operationRanges: {
      enumerable: true,
      get: () => {
        if (!operations) return undefined;
        ranges ??= operations.map((path) => {
          const [start, , end] = rangeOf(overlay, path ?? ["source"]);
          return [start, end];
        });
        return ranges;
      },
    },
  }) as unknown as CatalogueFile;
}

/** The user's entries for operations (each operation's in the order they apply), grafted onto the operations they add to. */
export function operationGrafts(document: Document, overlay: CatalogueFile, written: readonly (readonly Path[])[], types: readonly string[] = []): void {
  const typeMap = document.get("types", true);
  const fromTypes = nodeAt(overlay, ["types"]);
  if (isMap(typeMap) && isMap(fromTypes)) for (const name of types) graftPair(typeMap, fromTypes, name);
  const operations = document.get("operations", true);
  if (!isSeq(operations)) return;
  written.forEach((paths, index) => {
    for (const path of paths) {
      const from = nodeAt(overlay, path);
      const to = operations.items[index];
      if (isMap(from) && isMap(to)) graftMap(to, from);
    }
  });
}

/** The user's api section grafted onto the merged one: replaced keys whole, merged lists item by item. */
export function apiGrafts(document: Document, overlay: CatalogueFile, added: Record<string, unknown> | undefined): void {
  const api = document.get("api", true);
  const from = nodeAt(overlay, ["api"]);
  if (!added || !isMap(api) || !isMap(from)) return;
  api.range = from.range ?? null;
  for (const key of ["title", "description", "responses"]) graftPair(api, from, key);
  const auth = api.get("auth", true);
  const fromAuth = from.get("auth", true);
  if (isMap(auth) && isMap(fromAuth)) {
    graftPair(auth, fromAuth, "header");
    graftList(auth, fromAuth, "tokenKinds");
  }
  graftList(api, from, "limitGroups");
  graftList(api, from, "servers");
}

/** The user's items come after the document's that they do not replace: graft them onto the list's tail. */
function graftList(to: YAMLMap, from: YAMLMap, key: string): void {
  const list = to.get(key, true);
  const added = from.get(key, true);
  if (!isSeq(list) || !isSeq(added)) return;
  const offset = list.items.length - added.items.length;
  added.items.forEach((item, index) => {
    if (offset + index >= 0) list.items[offset + index] = item;
  });
}

function graftPair(to: YAMLMap, from: YAMLMap, key: string): void {
  const source = findPair(from, key);
  const target = findPair(to, key);
  if (source && target) {
    target.key = source.key;
    target.value = source.value;
  }
}

function graftMap(to: YAMLMap, from: YAMLMap): void {
  to.range = from.range ?? null;
  for (const pair of from.items) {
    if (!isPair(pair) || !isScalar(pair.key)) continue;
    graftPair(to, from, String(pair.key.value));
  }
}

function findPair(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((pair) => isPair(pair) && isScalar(pair.key) && String(pair.key.value) === key) as Pair | undefined;
}

function nodeAt(file: CatalogueFile, path: Path): unknown {
  let node: unknown = file.document.contents;
  for (const segment of path) {
    if (isMap(node)) node = findPair(node, String(segment))?.value;
    else if (isSeq(node) && typeof segment === "number") node = node.items[segment];
    else return undefined;
  }
  return node;
}

function rangeOf(file: CatalogueFile, path: Path): [number, number, number] {
  const node = nodeAt(file, path) as Node | undefined;
  const [start = 0, valueEnd = start + 1, end = valueEnd] = node?.range ?? [];
  return [start, valueEnd, end];
}
