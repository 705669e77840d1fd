/** Short, human wording for file-system errors in CLI messages. */

const REASONS: ReadonlyMap<string | undefined, string> = new Map([
  ["ENOENT", "no such file or directory"],
  ["EACCES", "permission denied"],
  ["EPERM", "permission denied"],
  ["EISDIR", "is a directory"],
]);

/** A short reason for a failed file operation (`no such file`). */
export function describeError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return REASONS.get(code) ?? code ?? (e instanceof Error ? e.message : String(e));
}
