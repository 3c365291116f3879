// A living source as the pipeline sees it: the catalogue's model (./read.ts reads the YAML,
// ./living.ts the OpenAPI document it names), and the files the document read, known from the
// last run that read them (./inputs.ts) or learnt by reading the model, which is then kept for this run.
import { MAX_DOCUMENT_BYTES } from "../import/bounds.js";
import type { ApiModel } from "../model/types.js";
import type { CatalogueHashes } from "../reuse/run-key.js";
import { readRegularFile } from "../shared/confined-files.js";
import { sha256 } from "../shared/hash.js";
import { livingInputs } from "./inputs.js";
import type { Source } from "./source.js";

export class LivingSource implements Source {
  private model: Promise<ApiModel> | undefined;

  constructor(
    private readonly dir: string,
    readonly catalogue: CatalogueHashes,
  ) {}

  read(): Promise<ApiModel> {
    return (this.model ??= import("./read.js").then(({ readModel }) => readModel(this.dir, this.catalogue.stats)));
  }

  async inputs(): Promise<[string, string][] | undefined> {
    const recorded = livingInputs(this.dir);
    if (recorded === undefined) await this.read();
    const files = recorded ?? livingInputs(this.dir);
    try {
      // Each a real path the importer read: read the same way (a regular file, not through a link).
      return files?.map((path) => [path, sha256(readRegularFile(path, MAX_DOCUMENT_BYTES))]);
    } catch {
      return undefined;
    }
  }
}
