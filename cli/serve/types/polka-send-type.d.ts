// @polka/send-type ships no type declarations; this is the part we use.
declare module "@polka/send-type" {
  import type { ServerResponse } from "node:http";
  /** Write a complete response: objects as JSON, Buffers and strings as they are. */
  export default function send(
    res: ServerResponse,
    code?: number,
    data?: unknown,
    headers?: Readonly<Record<string, string | number | readonly string[]>>,
  ): void;
}
