// One in-memory ts-morph project for all emission: no type checking, no disk access.
import { Project, type SourceFileStructure, type OptionalKind } from "ts-morph";

let project: Project | undefined;

function sharedProject(): Project {
  project ??= new Project({
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
  });
  return project;
}

/** Prints a file built from a ts-morph structure (statements may be structures or raw text). */
export function printStructure(path: string, structure: OptionalKind<SourceFileStructure>): string {
  const file = sharedProject().createSourceFile(`/${path}`, structure, { overwrite: true });
  const text = file.getFullText();
  file.forget();
  return text;
}
