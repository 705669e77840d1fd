/**
 * The wire shape of one entry of a response's `diagnostics` array (HTTP.md
 * §3). Types only, with no imports: the server writes it
 * (jobs/diagnostics-json.ts) and the playground page reads it
 * (playground/web/api-client.ts), which is type-checked for the browser.
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

/** A place in a request's sources, as a schema failure names it (LANGUAGE.md §12.3). */
export interface PlaceJson {
  readonly line: number;
  readonly column: number;
  readonly end_line: number;
  readonly end_column: number;
  /** As in {@link DiagnosticJson.file}: absent for the request's own source. */
  readonly file?: string;
}

/**
 * One `diagnostics` entry of `/validate-schema` for a data failure (HTTP.md
 * §7): the failure's `path` and `message` (as in its `errors` line), the
 * schema `keyword` and `schema_path`, and its source place (absent when the
 * failure names no value or the place could not be worked out). `related`:
 * the `@use` a preset member came through, or the data file a value came from.
 */
export interface SchemaDiagnosticJson extends Partial<PlaceJson> {
  readonly path: string;
  readonly message: string;
  readonly keyword: string;
  readonly schema_path: string;
  readonly related?: readonly (PlaceJson & { readonly message: string })[];
}
