/**
 * Lists of problems (transpile errors, schema failures). A message that names
 * a line is a button that opens that line in the editor; a schema failure
 * shows its data path apart, so it reads as a path.
 */

/** One entry: a message, and where it points (if anywhere). */
export interface ListedError {
  readonly text: string;
  /** The document the line is in; the program when absent. */
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  /** A data path (`$.server.port`), shown before the text. */
  readonly path?: string;
  /** A warning (LANGUAGE.md §16.5): shown apart from errors. */
  readonly warning?: boolean;
}

/** Fill `list` with `errors` (hidden when there are none). */
export function renderErrors(list: HTMLUListElement, errors: readonly ListedError[], reveal: (file: string | undefined, line: number, column: number) => void): void {
  list.replaceChildren(
    ...errors.map((e) => {
      const item = document.createElement("li");
      if (e.warning === true) item.className = "warning";
      const line = e.line;
      // an entry at a place is a link to it: a schema failure's path and message, the whole
      const holder = line === undefined ? item : document.createElement("button");
      if (e.path !== undefined) {
        const path = document.createElement("code");
        path.className = "error-path";
        path.textContent = e.path;
        holder.append(path, document.createTextNode(e.text));
      } else holder.textContent = e.text;
      if (line !== undefined && holder instanceof HTMLButtonElement) {
        holder.type = "button";
        holder.className = "error-link";
        holder.title = `Go to line ${line}${e.file === undefined ? "" : ` of ${e.file}`}`;
        holder.dataset["line"] = String(line);
        holder.addEventListener("click", () => reveal(e.file, line, e.column ?? 1));
        item.append(holder);
      }
      return item;
    }),
  );
  list.hidden = errors.length === 0;
}
