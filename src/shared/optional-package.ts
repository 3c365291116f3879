// The packages only some commands use (prettier, swagger2openapi, the MCP SDK) are optional peer
// dependencies: `npm i -D catalogen` does not bring them. They are loaded when a command needs
// them; a missing one is said in one line with its install command.

/** The peer package that a command needs is not installed where catalogen runs. */
export class MissingPackage extends Error {
  override name = "MissingPackage";
  constructor(
    readonly packageName: string,
    need: string,
  ) {
    super(`${need} needs ${packageName}, which is not installed: npm i -D ${packageName}`);
  }
}

/** Whether `error` says that `name` itself (not a file inside an installed copy) cannot be found. */
export function isMissing(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") return false;
  const message = String((error as Error).message);
  return message.includes(`'${name}'`) || message.includes(`'${name}/`) || message.includes(`"${name}"`);
}

/**
 * `load()` (an import or require of `name`), or a MissingPackage naming `need` (what asked for it,
 * e.g. "--format prettier") when `name` is not installed. Other failures pass through unchanged.
 */
export async function loadOptional<T>(name: string, need: string, load: () => T | Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw isMissing(error, name) ? new MissingPackage(name, need) : error;
  }
}
