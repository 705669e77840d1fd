/**
 * Shared helpers of the playground tests: the real service on port 0 with
 * the playground mounted, Debian's Chromium driven by playwright-core, and
 * the folder screenshots go to.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { startServer, type TestServer } from "../http/helpers.js";
import { REPO_ROOT } from "../support/repo-root.js";
import type { ServerOptionsInput } from "../../cli/serve/ops/server-options.js";


/** Where screenshots of each tested state go (gitignored; CI keeps them as artifacts). */
export const artifactsDir = join(REPO_ROOT, "test-artifacts", "playground");

/** The browser the tests drive: Debian's package (CI installs it; nothing is ever downloaded). */
export const CHROMIUM_PATH = process.env["JSSON_CHROMIUM"] ?? "/usr/bin/chromium";

/** Flags for a quiet, offline, throwaway headless Chromium (playwright adds a fresh --user-data-dir itself). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Launch Chromium, or fail with a message that says what to install. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. The playground tests drive Debian's Chromium: install it with ` +
        "`apt-get install -y chromium` (or point JSSON_CHROMIUM at a Chromium binary). They never download a browser.",
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, timeout: 30_000 });
}

/** A started service (the HTTP tests' server handle). */
export type PlaygroundServer = TestServer;

/** The real service (playground on unless told otherwise) on 127.0.0.1, any free port. */
export function startPlaygroundServer(options: ServerOptionsInput = {}): Promise<TestServer> {
  return startServer({ playground: true, ...options });
}

/** The path of a screenshot, creating the folder on first use. */
export function screenshotPath(name: string): string {
  mkdirSync(artifactsDir, { recursive: true });
  return join(artifactsDir, name);
}

/** An element as page callbacks use it (this test program compiles without the DOM lib). */
export interface PageElement {
  readonly id: string;
  readonly value: string;
  readonly textContent: string | null;
  readonly outerHTML: string;
  readonly dataset: Record<string, string | undefined>;
  readonly classList: { contains(name: string): boolean };
  readonly labels?: { readonly length: number } | null;
  getAttribute(name: string): string | null;
  closest(selector: string): PageElement | null;
  querySelector(selector: string): PageElement | null;
  getBoundingClientRect(): { readonly top: number; readonly bottom: number; readonly height: number };
  blur(): void;
}

/** The page's globals inside callbacks: `const g = globalThis as unknown as PageGlobals`. */
export interface PageGlobals {
  readonly document: {
    getElementById(id: string): PageElement | null;
    querySelector(selector: string): PageElement | null;
    readonly activeElement: PageElement | null;
    readonly documentElement: { readonly scrollWidth: number };
  };
  readonly navigator: { readonly clipboard: { readText(): Promise<string> } };
  readonly innerWidth: number;
  getComputedStyle(element: PageElement): { readonly backgroundColor: string };
}
