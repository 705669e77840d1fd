/**
 * Messages to people: a short visible toast, and announcements for screen
 * readers that speak only when the state changes (not on every keystroke's
 * fresh output).
 */

/** The two message channels of the page. */
export class Notices {
  private toastTimer: ReturnType<typeof setTimeout> | undefined;
  private lastAnnouncement = "";

  constructor(
    private readonly toastElement: HTMLElement,
    private readonly announcer: HTMLElement,
  ) {}

  /** Show a message for a moment (also read out: the toast is a status region). */
  toast(message: string): void {
    this.toastElement.textContent = message;
    this.toastElement.classList.add("visible");
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => this.toastElement.classList.remove("visible"), 2500);
  }

  /** Tell screen readers, unless it is what they were told last. */
  announce(message: string): void {
    if (message === this.lastAnnouncement) return;
    this.lastAnnouncement = message;
    this.announcer.textContent = message;
  }
}

/** "0.42 ms", "12.3 ms". */
export function formatMs(ms: number): string {
  return `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`;
}

/** "334 B", "1.2 KiB". */
export function formatBytes(text: string): string {
  const n = new TextEncoder().encode(text).length;
  return n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** "1 error", "2 errors". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
