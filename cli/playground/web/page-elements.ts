/** The elements of index.html the scripts use, found once by id. */

function byId<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`playground: element #${id} is missing from index.html`);
  return found as T;
}

/** Every element the page's scripts touch. */
export function findElements() {
  return {
    skipLink: byId<HTMLAnchorElement>("skip-link"),
    exampleSelect: byId<HTMLSelectElement>("example-select"),
    shareButton: byId<HTMLButtonElement>("share-button"),
    fileTabs: byId<HTMLElement>("file-tabs"),
    addFileButton: byId<HTMLButtonElement>("add-file-button"),
    removeFileButton: byId<HTMLButtonElement>("remove-file-button"),
    addFileForm: byId<HTMLFormElement>("add-file-form"),
    newFileName: byId<HTMLInputElement>("new-file-name"),
    newFileError: byId<HTMLElement>("new-file-error"),
    addFileCancel: byId<HTMLButtonElement>("add-file-cancel"),
    editor: byId<HTMLElement>("editor"),
    resultTabs: byId<HTMLElement>("result-tabs"),
    formatSelect: byId<HTMLSelectElement>("format-select"),
    copyButton: byId<HTMLButtonElement>("copy-button"),
    downloadButton: byId<HTMLButtonElement>("download-button"),
    transpileStatus: byId<HTMLElement>("transpile-status"),
    outputBody: byId<HTMLElement>("output-body"),
    output: byId<HTMLPreElement>("output"),
    outputNote: byId<HTMLElement>("output-note"),
    outputErrors: byId<HTMLUListElement>("output-errors"),
    schemaInput: byId<HTMLTextAreaElement>("schema-input"),
    schemaFormat: byId<HTMLSelectElement>("schema-format"),
    validateButton: byId<HTMLButtonElement>("validate-button"),
    schemaStatus: byId<HTMLElement>("schema-status"),
    schemaErrors: byId<HTMLUListElement>("schema-errors"),
    varsInput: byId<HTMLTextAreaElement>("vars-input"),
    varsStatus: byId<HTMLElement>("vars-status"),
    serverVersion: byId<HTMLElement>("server-version"),
    toast: byId<HTMLElement>("toast"),
    announcer: byId<HTMLElement>("announcer"),
  };
}

export type PageElements = ReturnType<typeof findElements>;
