/** A side that cannot be read, a revision git does not know: said in one line, exit 2. */
export class DiffError extends Error {
  override name = "DiffError";
}
