/**
 * Copy and download without surprises: the async Clipboard API exists only
 * in secure contexts (https, localhost), and a playground reached as
 * http://some-host:8090 is not one, so copying falls back to a hidden
 * textarea and `execCommand("copy")`.
 */

/** Put `text` on the clipboard; true when it worked. */
export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard !== undefined) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or document not focused: try the old way.
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "offscreen";
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  focused?.focus();
  return ok;
}

/** Offer `text` as a file download. */
export function downloadText(text: string, fileName: string, mediaType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mediaType};charset=utf-8` }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.className = "offscreen";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: the download may start after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
