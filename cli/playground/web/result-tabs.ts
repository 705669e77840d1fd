/**
 * Tabs over the result panels (Output, Schema, Variables), after the WAI-ARIA tabs
 * pattern: one tab stop, arrow keys / Home / End move and activate.
 */

/** Wire the tabs of `tabList`; `onSelect` hears the id of the panel shown. */
export function setUpTabs(tabList: HTMLElement, onSelect: (panelId: string) => void): (panelId: string) => void {
  const tabs = [...tabList.querySelectorAll<HTMLButtonElement>('[role="tab"]')];

  const select = (panelId: string): void => {
    for (const tab of tabs) {
      const controls = tab.getAttribute("aria-controls") ?? "";
      const selected = controls === panelId;
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(controls);
      if (panel !== null) panel.hidden = !selected;
    }
    onSelect(panelId);
  };

  for (const tab of tabs) tab.addEventListener("click", () => select(tab.getAttribute("aria-controls") ?? ""));
  tabList.addEventListener("keydown", (e) => {
    const i = tabs.findIndex((t) => t.getAttribute("aria-selected") === "true");
    let next: number | undefined;
    if (e.key === "ArrowRight") next = (i + 1) % tabs.length;
    else if (e.key === "ArrowLeft") next = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = tabs.length - 1;
    const tab = next === undefined ? undefined : tabs[next];
    if (tab === undefined) return;
    e.preventDefault();
    select(tab.getAttribute("aria-controls") ?? "");
    tab.focus();
  });
  return select;
}
