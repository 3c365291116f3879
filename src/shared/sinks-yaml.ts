// The YAML sink, apart from src/shared/sinks.ts so that the emitters, which never write YAML, do
// not load the yaml package (see test/write/run-loads.test.ts).
import { stringify as yamlStringify } from "yaml";

/** YAML text of a value: the yaml library quotes whatever would otherwise be read as syntax. */
export function yamlText(value: unknown): string {
  return yamlStringify(value, { lineWidth: 0 });
}
