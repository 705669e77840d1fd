/**
 * The wire shape of one entry of a response's `diagnostics` array (HTTP.md
 * §3). Types only, with no imports: the server writes it
 * (serve/jobs/diagnostics-json.ts) and the playground page reads it
 * (playground/web/api-client.ts), which is type-checked for the browser.
 * cli/wire/ holds what both sides of the HTTP API share, so neither room
 * imports the other's insides.
 */
export interface DiagnosticJson {
  readonly line: number;
  readonly column: number;
  readonly end_line: number;
  readonly end_column: number;
  /** The message without its `Line <n>:` prefix (the line is a field of its own). */
  readonly message: string;
  readonly code: string;
  /** The included file the span lies in, as a path of the request's `files`; absent for the request's own source. */
  readonly file?: string;
}
