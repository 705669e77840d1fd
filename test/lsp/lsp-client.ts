/**
 * A scripted LSP client for tests: spawns the real `node bin/jsson.js lsp`
 * and speaks JSON-RPC to it over stdio with vscode-jsonrpc, as an editor does.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from "vscode-jsonrpc/node";
import { CLI_BIN, REPO_ROOT } from "../support/repo-root.js";

/** A published diagnostic, as the tests read it. */
export interface PublishedDiagnostic {
  readonly range: { readonly start: { line: number; character: number }; readonly end: { line: number; character: number } };
  readonly message: string;
  readonly code?: string;
  readonly source?: string;
  readonly relatedInformation?: readonly { location: { uri: string } }[];
}

/** A running server and a connection to it. */
export interface LspSession {
  readonly connection: MessageConnection;
  readonly child: ChildProcess;
  /** The server's answer to initialize. */
  readonly initialized: { readonly capabilities: Record<string, unknown> };
  /** The next `publishDiagnostics` for `uri` that satisfies `accept` (default: any), within `timeoutMs`. */
  nextDiagnostics(uri: string, accept?: (d: readonly PublishedDiagnostic[]) => boolean, timeoutMs?: number): Promise<PublishedDiagnostic[]>;
  /** Every `publishDiagnostics` for `uri` so far, in order. */
  published(uri: string): readonly (readonly PublishedDiagnostic[])[];
  /** The `window/logMessage` texts the server has sent so far (warnings about the workspace's config among them). */
  logMessages(): readonly string[];
  /** Send shutdown and exit; resolves with the server's exit code. */
  close(): Promise<number | null>;
}

/** Start `jsson lsp` and initialize it with `rootUri` as the workspace. */
export async function startSession(rootUri: string | null): Promise<LspSession> {
  const child = spawn(process.execPath, [CLI_BIN, "lsp"], { cwd: REPO_ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => void (stderr = (stderr + d.toString()).slice(-4000)));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout as NodeJS.ReadableStream), new StreamMessageWriter(child.stdin as NodeJS.WritableStream));
  const waiters: { uri: string; accept: (d: readonly PublishedDiagnostic[]) => boolean; resolve: (d: PublishedDiagnostic[]) => void }[] = [];
  const published = new Map<string, PublishedDiagnostic[][]>();
  connection.onNotification("textDocument/publishDiagnostics", (p: { uri: string; diagnostics: PublishedDiagnostic[] }) => {
    const list = published.get(p.uri) ?? [];
    list.push(p.diagnostics);
    published.set(p.uri, list);
    for (let i = 0; i < waiters.length; i++) {
      const w = waiters[i];
      if (w && w.uri === p.uri && w.accept(p.diagnostics)) {
        waiters.splice(i, 1);
        w.resolve(p.diagnostics);
        return;
      }
    }
  });
  const logs: string[] = [];
  connection.onNotification("window/logMessage", (p: { message: string }) => void logs.push(p.message));
  connection.listen();
  const initialized = await connection.sendRequest<{ capabilities: Record<string, unknown> }>("initialize", { processId: process.pid, rootUri, capabilities: {}, workspaceFolders: rootUri === null ? null : [{ uri: rootUri, name: "ws" }] });
  await connection.sendNotification("initialized", {});
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    connection,
    child,
    initialized,
    logMessages: () => logs,
    published: (uri) => published.get(uri) ?? [],
    nextDiagnostics(uri, accept = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms; server stderr: ${stderr}`)), timeoutMs);
        waiters.push({
          uri,
          accept,
          resolve: (d) => {
            clearTimeout(timer);
            resolve(d);
          },
        });
      });
    },
    async close() {
      await connection.sendRequest("shutdown");
      await connection.sendNotification("exit");
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000); // a deadline for an exit that never comes (the code is then null), not a bound
      const code = await exited;
      clearTimeout(timer);
      connection.dispose();
      return code;
    },
  };
}

/** The position of the `nth` (0-based) occurrence of `needle` in `text`, plus `delta` characters. */
export function at(text: string, needle: string, delta = 0, nth = 0): { line: number; character: number } {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`"${needle}" not in the text`);
  const before = text.slice(0, i + delta);
  return { line: before.split("\n").length - 1, character: before.length - before.lastIndexOf("\n") - 1 };
}
