// The catalogue's YAML as a source: it reads nothing beyond the catalogue's own files.
import type { ApiModel } from "../model/types.js";
import type { CatalogueHashes } from "../reuse/run-key.js";
import type { Source } from "./source.js";

export class CatalogueSource implements Source {
  constructor(
    private readonly dir: string,
    readonly catalogue: CatalogueHashes | undefined,
  ) {}

  async read(): Promise<ApiModel> {
    return (await import("./read.js")).readModel(this.dir, this.catalogue?.stats);
  }

  async inputs(): Promise<[string, string][]> {
    return [];
  }

  inputPaths(): string[] {
    return [];
  }
}
