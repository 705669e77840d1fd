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
    const next = tabKeyTarget(e.key, tabs.findIndex((t) => t.getAttribute("aria-selected") === "true"), tabs.length);
    const tab = next === undefined ? undefined : tabs[next];
    if (tab === undefined) return;
    e.preventDefault();
    select(tab.getAttribute("aria-controls") ?? "");
    tab.focus();
  });
  return select;
}

/** The tab that `key` (an arrow, Home or End) moves to from tab `i` of `n`; undefined for another key. */
export function tabKeyTarget(key: string, i: number, n: number): number | undefined {
  if (key === "ArrowRight") return (i + 1) % n;
  if (key === "ArrowLeft") return (i - 1 + n) % n;
  if (key === "Home") return 0;
  return key === "End" ? n - 1 : undefined;
}
