/** How keys of an included file merge into the includer (LANGUAGE.md §8). */
export type IncludeMerge = "keep" | "overwrite" | "error";

/** The merge modes, for option parsers (the one list: the CLI, the server and the evaluator take it from here). */
export const INCLUDE_MERGE_MODES: readonly IncludeMerge[] = ["keep", "overwrite", "error"];
