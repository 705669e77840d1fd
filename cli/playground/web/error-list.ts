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
      if (e.line !== undefined) {
        const line = e.line;
        const button = document.createElement("button");
        button.type = "button";
        button.className = "error-link";
        if (e.path !== undefined) {
          // a schema failure at a place: its path, then its message, the whole a link
          const path = document.createElement("code");
          path.className = "error-path";
          path.textContent = e.path;
          button.append(path, document.createTextNode(e.text));
        } else button.textContent = e.text;
        button.title = `Go to line ${line}${e.file === undefined ? "" : ` of ${e.file}`}`;
        button.dataset["line"] = String(line);
        button.addEventListener("click", () => reveal(e.file, line, e.column ?? 1));
        item.append(button);
      } else if (e.path !== undefined) {
        const path = document.createElement("code");
        path.className = "error-path";
        path.textContent = e.path;
        item.append(path, document.createTextNode(e.text));
      } else {
        item.textContent = e.text;
      }
      return item;
    }),
  );
  list.hidden = errors.length === 0;
}
