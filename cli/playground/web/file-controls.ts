/**
 * Adding and removing include files: an inline form for the new file's path
 * (checked before it becomes a tab), and a Remove button for the open file.
 */
import type { Notices } from "./notices.js";
import type { PageElements } from "./page-elements.js";
import { MAIN_NAME, fileNameProblem, type Workspace } from "./workspace.js";

/** Wire the Add file / Remove controls; `changed` hears every change of the file set. */
export function setUpFileControls(ui: PageElements, workspace: Workspace, notices: Notices, changed: () => void): void {
  /** Hide the form (`refocus`: focus back on its button, as after Cancel or Escape). */
  const close = (refocus = false): void => {
    ui.addFileForm.hidden = true;
    ui.addFileButton.setAttribute("aria-expanded", "false");
    ui.newFileError.textContent = "";
    ui.newFileName.removeAttribute("aria-invalid");
    if (refocus) ui.addFileButton.focus();
  };

  ui.addFileButton.addEventListener("click", () => {
    if (!ui.addFileForm.hidden) return close();
    ui.addFileForm.hidden = false;
    ui.addFileButton.setAttribute("aria-expanded", "true");
    ui.newFileName.value = "";
    ui.newFileName.focus();
  });
  ui.addFileCancel.addEventListener("click", () => close(true));
  ui.addFileForm.addEventListener("keydown", (e) => {
    if (e.key === "Escape") close(true);
  });
  ui.addFileForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const name = ui.newFileName.value.trim();
    const problem = fileNameProblem(name, workspace.names());
    if (problem !== undefined) {
      ui.newFileError.textContent = problem;
      ui.newFileName.setAttribute("aria-invalid", "true");
      return;
    }
    close();
    workspace.addFile(name);
    workspace.focus();
    changed();
  });

  ui.removeFileButton.addEventListener("click", () => {
    const name = workspace.activeName();
    if (name === MAIN_NAME) return;
    workspace.removeFile(name);
    notices.toast(`Removed ${name}`);
    ui.fileTabs.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
    changed();
  });
}

/** Show the Remove button for include files only (called when the open file changes). */
export function updateRemoveButton(ui: PageElements, active: string): void {
  ui.removeFileButton.hidden = active === MAIN_NAME;
  ui.removeFileButton.setAttribute("aria-label", `Remove ${active}`);
}
