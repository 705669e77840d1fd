/**
 * Run the service as a process (what `jsson serve` does): listen, print the
 * banner, and on SIGTERM / SIGINT drain and finish (HTTP.md §1). A second
 * signal while draining stops at once. Start-up failures are one line on
 * stderr and exit status 1.
 */
import { createServer, SERVICE_ROUTES } from "./app.js";
import { bannerLines } from "./banner.js";
import { PluginLoadError } from "../plugins/index.js";
import type { ServerOptionsInput } from "./server-options.js";

/** Where the process talks. */
export interface ProcessIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

const DEFAULT_IO: ProcessIo = {
  out: (line) => void process.stdout.write(line + "\n"),
  err: (line) => void process.stderr.write(line + "\n"),
};

function describeListenError(e: unknown, host: string, port: number): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  const where = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  if (code === "EADDRINUSE") return `cannot listen on ${where}: address already in use`;
  if (code === "EACCES") return `cannot listen on ${where}: permission denied`;
  if (code === "EADDRNOTAVAIL") return `cannot listen on ${where}: address not available`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `cannot listen on ${where}: unknown host`;
  return e instanceof Error ? e.message.split("\n")[0] ?? String(e) : String(e);
}

/** Serve until a signal; resolves with the exit status. */
export async function runServer(port: number, host: string, options: ServerOptionsInput, io: ProcessIo = DEFAULT_IO): Promise<number> {
  const server = createServer(options);
  let address;
  try {
    address = await server.listen(port, host);
  } catch (e) {
    if (e instanceof PluginLoadError) {
      io.err(`jsson: ${e.message}`);
      return 2;
    }
    io.err(`jsson serve: ${describeListenError(e, host, port)}`);
    return 1;
  }
  for (const line of bannerLines(address, server.options, SERVICE_ROUTES)) io.out(line);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        io.err(`jsson serve: ${signal} again, stopping now`);
        void server.close().then(() => resolve(0));
        return;
      }
      stopping = true;
      io.err(`jsson serve: ${signal} received, finishing in-flight requests`);
      void server.drain().then(() => {
        process.off("SIGTERM", onSignal);
        process.off("SIGINT", onSignal);
        io.err("jsson serve: stopped");
        resolve(0);
      });
    };
    process.on("SIGTERM", onSignal);
    process.on("SIGINT", onSignal);
  });
}
