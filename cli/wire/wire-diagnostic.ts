/**
 * The wire shape of one entry of a response's `diagnostics` array (HTTP.md
 * §3). Types only, with no imports: the server writes it
 * (serve/run/jobs/diagnostics-json.ts) and the playground page reads it
 * (playground/web/api-client.ts), which is type-checked for the browser.
 * cli/wire/ holds what both sides of the HTTP API share, so neither room
 * imports the other's insides.
 */

/** A place in a source, as the wire gives it: 1-based lines and columns, the end exclusive. */
export interface PlaceJson {
  readonly line: number;
  readonly column: number;
  readonly end_line: number;
  readonly end_column: number;
  /** The included file the span lies in, as a path of the request's `files`; absent for the request's own source. */
  readonly file?: string;
}

/** Another place that explains a diagnostic. */
export interface RelatedJson extends PlaceJson {
  readonly message: string;
}

export interface DiagnosticJson extends PlaceJson {
  /**
   * The message without its `Line <n>:` prefix (the line is a field of its
   * own): the matching `errors` string is `Line <line>: <message>`. For an
   * error inside an included file, the whole LANGUAGE.md §13.3 form
   * (`error in included file "a.jsson": Line 2: division by zero`).
   */
  readonly message: string;
  readonly code: string;
  /** For an error inside an included file: the same problem placed in that file (with its `file`), recursively. */
  readonly cause?: DiagnosticJson;
  /** Other places that explain the problem, when the engine knows some. */
  readonly related?: readonly RelatedJson[];
  /** A fix an editor can apply (a warning's, LANGUAGE.md §16.5): replace the text of the place with `text`. */
  readonly suggestion?: SuggestionJson;
}

/** A suggestion on the wire: the replacement text and the place it replaces (an empty place inserts it). */
export type SuggestionJson = Omit<PlaceJson, "file"> & { readonly text: string };

/**
 * One `diagnostics` entry of `/validate-schema` for a data failure (HTTP.md
 * §7): the failure's `path` and `message` (as in its `errors` line), the
 * schema `keyword` and `schema_path`, and its source place (LANGUAGE.md
 * §12.3; absent when the failure names no value or the place could not be
 * worked out). `related`: the `@use` a preset member came through, or the
 * data file a value came from.
 */
export interface SchemaDiagnosticJson extends Partial<PlaceJson> {
  readonly path: string;
  readonly message: string;
  readonly keyword: string;
  readonly schema_path: string;
  readonly related?: readonly RelatedJson[];
}
