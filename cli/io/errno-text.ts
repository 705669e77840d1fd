/** Short, human wording for file-system errors in CLI messages. */

/** A short reason for a failed file operation (`no such file`). */
export function describeError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file or directory";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "is a directory";
    default:
      return code ?? (e instanceof Error ? e.message : String(e));
  }
}
