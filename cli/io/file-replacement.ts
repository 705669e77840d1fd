/**
 * Writing a file the CLI produces (`-o`, `--out-dir`, `fmt --write`,
 * `import -o`) without ever leaving half of it: the bytes go to a temporary
 * file in the target's folder (the same file system, so the final rename is
 * one atomic step), renamed over the target only once complete. Until then
 * the old file is untouched; on an error the temporary file is removed.
 *
 * A signal is the other way a write ends early. Node's default for SIGINT,
 * SIGTERM and SIGHUP kills the process where it stands, which would leave
 * the temporary file behind; and a handler runs only between turns of the
 * event loop. So while a replacement is being written the writer listens
 * for them and gives the loop a turn after every block: a signal then
 * removes the temporary file, leaves the target as it was, and is raised
 * again (with the listeners gone) so the process ends as the signal says
 * (or, where someone else listens for it, such as `--watch`, the write fails
 * with an {@link OutputWriteError}).
 */
import { chmodSync, closeSync, openSync, readdirSync, realpathSync, renameSync, statSync, unlinkSync, type Stats } from "node:fs";
import { basename, dirname, join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { threadId } from "node:worker_threads";
import { describeError } from "./errno-text.js";
import { OutputWriteError, writeAllSync } from "./fd-writer.js";

/** The signals that end a CLI run by default, which a replacement in progress listens for. */
export const ENDING_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** The suffix of this process's temporary files (any thread's): `.<name>.<pid>-<thread>.jsson-tmp`. */
const TEMP_SUFFIX = ".jsson-tmp";

/** Bytes written between two turns of the event loop (where a signal's handler can run). */
const TURN_BYTES = 1024 * 1024;

/** How {@link replaceFile} treats a target that is a symbolic link. */
export interface ReplaceOptions {
  /**
   * Replace the file the link points to, keeping the link (`-o link.json`,
   * `fmt --write link.jsson`: the user named it). Without it the link itself
   * is replaced by the new file (`--out-dir`: a link left in the output
   * folder never sends a write elsewhere).
   */
  readonly followLink?: boolean;
}

/**
 * Replace `target` with the concatenation of `chunks` (text is written as
 * UTF-8). An existing target's permission bits are kept. A target that is
 * a device or a FIFO (`-o /dev/null`, `-o /dev/stdout`) is written as it is
 * named, as before: it has no content to keep. Throws
 * {@link OutputWriteError} (saying why) when the file cannot be written; the
 * target is then as it was and no temporary file is left.
 */
export async function replaceFile(target: string, chunks: Iterable<string | Uint8Array>, options: ReplaceOptions = {}): Promise<void> {
  // stat follows the link as open would (/dev/stdout names a pipe that has no path to resolve to)
  const named = options.followLink === true ? statOf(target) : undefined;
  if (named !== undefined && !named.isFile() && !named.isDirectory()) return writeThrough(target, chunks);
  const path = options.followLink === true ? realTarget(target) : target;
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${threadId}${TEMP_SUFFIX}`);
  let interrupted: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals): void => void (interrupted ??= signal);
  // signals reach only the main thread's listeners: a worker's files are the main thread's to remove (removeLeftTemporaries)
  const listening = threadId === 0;
  if (listening) for (const s of ENDING_SIGNALS) process.on(s, onSignal);
  let fd: number | undefined;
  let renamed = false;
  try {
    const existing = statOf(path);
    const mode = existing === undefined ? undefined : existing.mode & 0o7777;
    fd = writing(target, () => openSync(temp, "wx", mode ?? 0o666));
    if (mode !== undefined) writing(target, () => chmodSync(temp, mode)); // the umask narrowed it
    let sinceTurn = 0;
    for (const chunk of chunks) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      writeAllSync(fd, bytes);
      sinceTurn += bytes.length;
      if (sinceTurn >= TURN_BYTES) {
        sinceTurn = 0;
        await nextTurn();
      }
      if (interrupted !== undefined) break;
    }
    await nextTurn();
    if (interrupted !== undefined) throw new OutputWriteError(`stopped by ${interrupted}: "${target}" is left as it was`);
    closeSync(fd);
    fd = undefined;
    writing(target, () => renameSync(temp, path));
    renamed = true;
  } finally {
    if (fd !== undefined) closeSync(fd);
    if (!renamed) removeQuietly(temp);
    if (listening) for (const s of ENDING_SIGNALS) process.off(s, onSignal);
    // raised again with our listeners gone: the default ends the process, as it would have
    if (interrupted !== undefined) process.kill(process.pid, interrupted);
  }
}

/** A device or a FIFO (`-o /dev/null`, `-o /dev/stdout`, a FIFO a reader waits on) has no old content to keep and no folder to rename in: written as it is named. */
function writeThrough(target: string, chunks: Iterable<string | Uint8Array>): void {
  const fd = writing(target, () => openSync(target, "w"));
  try {
    for (const chunk of chunks) writeAllSync(fd, typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk);
  } finally {
    closeSync(fd);
  }
}

/** `step()`, a failure of it thrown as the {@link OutputWriteError} of writing `target`. */
function writing<T>(target: string, step: () => T): T {
  try {
    return step();
  } catch (e) {
    throw new OutputWriteError(`cannot write output file "${target}": ${describeError(e)}`);
  }
}

/** Where a write to `target` lands when links are followed: its real path, or itself when it does not exist yet. */
function realTarget(target: string): string {
  try {
    return realpathSync(target);
  } catch {
    return target;
  }
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Remove the temporary files this process's threads (or only the thread
 * `threadId`) left in `folders`: for the main thread of a run whose worker
 * threads it terminated (a signal reaches only the main thread; a terminated
 * worker removes nothing).
 */
export function removeLeftTemporaries(folders: Iterable<string>, threadId?: number): void {
  const mark = threadId === undefined ? `.${process.pid}-` : `.${process.pid}-${threadId}${TEMP_SUFFIX}`;
  for (const folder of folders) {
    try {
      for (const name of readdirSync(folder)) if (name.startsWith(".") && name.endsWith(TEMP_SUFFIX) && name.includes(mark)) removeQuietly(join(folder, name));
    } catch {
      // the folder is gone: nothing of ours is left in it
    }
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // never created, or already gone
  }
}
