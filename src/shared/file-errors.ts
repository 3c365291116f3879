// What a failed file-system call means, in words for a message (never a raw ENOENT).

/** "not found", "permission denied", ...: why `error` (from node:fs) could not read a path. */
export function fileProblem(error: unknown): string {
  const code = (error as { code?: string } | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return "not found";
    case "ENOTDIR":
      return "not a folder";
    case "EISDIR":
      return "a folder, not a file";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ELOOP":
      return "too many symbolic links";
    case "ENAMETOOLONG":
      return "a name in the path is longer than the file system allows (255 bytes)";
    case "ENXIO":
      return "not a regular file (a socket or a device)";
    default:
      return code ?? "unreadable";
  }
}
