// The playground page (issue 7) in a real browser: Debian's Chromium driven
// by playwright-core against the real service on port 0. Every state is
// screenshotted into test-artifacts/playground/. Expected outputs come from
// the engine itself, never from literals typed into this file.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createEngine, MemoryHost } from "../../index.js";
import { EXAMPLES } from "../../cli/playground/examples.js";
import { launchChromium, screenshotPath, startPlaygroundServer, type PageElement, type PageGlobals, type PlaygroundServer } from "./helpers.js";

let server: PlaygroundServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page | undefined;
let setupError: unknown;
/** Console errors and warnings, page errors, failed requests, requests leaving the server: all must stay empty. */
const problems: string[] = [];
const engine = createEngine();

/** What the engine (the CLI's code path) prints for `source` in `format`. */
function expected(source: string, format: string, files: Record<string, string> = {}): string {
  const r = engine.transpile(source, { format, host: new MemoryHost(files) });
  if (!r.ok) throw new Error(`engine failed on the test's own program: ${JSON.stringify(r.diagnostics)}`);
  return r.output;
}

function watch(p: Page, base: string): void {
  p.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console.${m.type()}: ${m.text()}`);
  });
  p.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  p.on("requestfailed", (r) => {
    // ERR_ABORTED: the test navigated or closed the page while something (the icon) was loading.
    if (r.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ""}`);
  });
  p.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${r.request().method()} ${r.url()}`);
  });
  p.on("request", (r) => {
    const url = r.url();
    if (!url.startsWith(base + "/") && !url.startsWith("blob:") && !url.startsWith("data:")) problems.push(`request to another origin: ${url}`);
  });
}

async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
  if (setupError !== undefined) throw setupError;
  const p = await (context as BrowserContext).newPage();
  await p.setViewportSize(viewport);
  watch(p, (server as PlaygroundServer).base);
  return p;
}

/** The page, after setup (a missing Chromium fails every test with the launcher's message). */
function current(): Page {
  if (setupError !== undefined) throw setupError;
  return page as Page;
}

async function open(p: Page, path = "/"): Promise<void> {
  await p.goto((server as PlaygroundServer).base + path);
  await p.waitForSelector('html[data-ready="true"]');
}

/** Replace the program by typing it, key by key, as a person would. */
async function typeProgram(p: Page, text: string): Promise<void> {
  await p.click(".cm-content");
  await p.keyboard.press("Control+A");
  await p.keyboard.press("Delete");
  await p.keyboard.type(text, { delay: 5 });
}

/** Replace the program in one paste. */
async function pasteProgram(p: Page, text: string): Promise<void> {
  await p.click(".cm-content");
  await p.keyboard.press("Control+A");
  await p.keyboard.insertText(text);
}

async function editorText(p: Page): Promise<string> {
  return p.$$eval(".cm-content .cm-line", (lines) => lines.map((l) => l.textContent ?? "").join("\n"));
}

/** Wait until the output pane shows exactly `text` in `format`. */
async function waitForOutput(p: Page, format: string, text: string): Promise<void> {
  try {
    await p.waitForFunction(
      ([f, t]) => {
        const out = (globalThis as unknown as PageGlobals).document.getElementById("output");
        return out !== null && out.dataset["state"] === "ok" && out.dataset["format"] === f && out.textContent === t;
      },
      [format, text] as const,
      { timeout: 10_000 },
    );
  } catch (e) {
    const shown = await p.$eval("#output", (o) => `[${o.getAttribute("data-state")}/${o.getAttribute("data-format")}] ${o.textContent}`);
    throw new Error(`output never became the expected ${format}:\n--- expected\n${text}\n--- shown\n${shown}\n(${String(e)})`);
  }
}

test.before(async () => {
  try {
    server = await startPlaygroundServer();
    browser = await launchChromium();
    context = await browser.newContext({ acceptDownloads: true });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.base });
    page = await newPage();
  } catch (e) {
    setupError = e;
  }
});

test.after(async () => {
  await browser?.close();
  await server?.close();
});

test("Chromium starts (it is Debian's /usr/bin/chromium, never a download)", () => {
  if (setupError !== undefined) throw setupError;
  assert.ok(browser?.isConnected());
});

test("the page loads with the first example transpiled", async () => {
  const p = current();
  await open(p);
  await waitForOutput(p, "json", expected((EXAMPLES[0] as { source: string }).source, "json"));
  assert.is(await editorText(p), (EXAMPLES[0] as { source: string }).source);
  assert.match((await p.textContent("#transpile-status")) ?? "", /^json · \d+\.\d+ ms · \d+ B$/);
  assert.match((await p.textContent("#server-version")) ?? "", /^jsson \d+\.\d+\.\d+ · language \d+\.\d+\.\d+$/);
  // Highlighting: stable token classes on the right words.
  assert.ok((await p.$$eval(".cm-content .tok-key", (els) => els.map((e) => e.textContent))).includes("app"));
  assert.ok((await p.$$eval(".cm-content .tok-atom", (els) => els.map((e) => e.textContent))).includes("false"));
  assert.ok((await p.$$eval(".cm-content .tok-comment", (els) => els.length)) >= 2);
  assert.ok((await p.$$eval(".cm-gutter.cm-lineNumbers .cm-gutterElement", (els) => els.length)) > 20, "line numbers");
  await p.screenshot({ path: screenshotPath("01-loaded.png") });
});

const TYPED = `name = "João"
port = 8080
big = 9007199254740993
list = 1..3
ids = { b = 1, "10" = ten }
`;

test("a typed program updates the output live through /transpile", async () => {
  const p = current();
  await typeProgram(p, TYPED);
  assert.is(await editorText(p), TYPED);
  // Byte-identical to the engine: the integer beyond 2^53 and the key order survive the JSON response.
  await waitForOutput(p, "json", expected(TYPED, "json"));
  assert.ok((await p.$$eval(".cm-content .tok-number", (els) => els.map((e) => e.textContent))).includes("8080"));
  assert.ok((await p.$$eval(".cm-content .tok-string", (els) => els.map((e) => e.textContent))).includes('"João"'));
  assert.match(await p.textContent("#output") ?? "", /"b": 1,\n    "10": "ten"/);
  await p.screenshot({ path: screenshotPath("02-typed.png") });
});

test("the format switcher shows yaml, toml and typescript, byte-identical to the engine", async () => {
  const p = current();
  const offered = await p.$$eval("#format-select option", (os: PageElement[]) => os.map((o) => o.value));
  assert.equal(offered, engine.listFormats().map((f) => f.name));
  for (const format of ["yaml", "toml", "typescript", "json"]) {
    await p.getByLabel("Format", { exact: true }).selectOption(format);
    await waitForOutput(p, format, expected(TYPED, format));
    if (format !== "json") await p.screenshot({ path: screenshotPath(`03-format-${format}.png`) });
  }
});

test("copy and download hand over exactly the output", async () => {
  const p = current();
  await p.getByLabel("Format", { exact: true }).selectOption("yaml");
  await waitForOutput(p, "yaml", expected(TYPED, "yaml"));
  await p.click("#copy-button");
  await p.waitForFunction(() => (globalThis as unknown as PageGlobals).document.getElementById("toast")?.textContent === "Output copied");
  assert.is(await p.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText()), expected(TYPED, "yaml"));
  const [download] = await Promise.all([p.waitForEvent("download"), p.click("#download-button")]);
  assert.is(download.suggestedFilename(), "config.yaml");
  assert.is(readFileSync(await download.path(), "utf8"), expected(TYPED, "yaml"));
  await p.getByLabel("Format", { exact: true }).selectOption("json");
});

test("an error puts a marker on the line the diagnostic names", async () => {
  const p = current();
  await pasteProgram(p, "a = 1\nb = 2\nc = 10 / (a - 1)\nd = 4\n");
  await p.waitForSelector(".cm-error-line");
  const lines = await p.$$eval(".cm-content .cm-line", (ls) => ls.map((l) => ({ text: l.textContent, error: l.classList.contains("cm-error-line") })));
  assert.equal(
    lines.filter((l) => l.error).map((l) => l.text),
    ["c = 10 / (a - 1)"],
  );
  // The lint gutter marker sits level with line number 3.
  const marker = await p.locator(".cm-gutter-lint .cm-lint-marker-error").boundingBox();
  const number3 = await p.locator(".cm-lineNumbers .cm-gutterElement", { hasText: /^3$/ }).boundingBox();
  assert.ok(marker !== null && number3 !== null, "marker and line number 3 are drawn");
  assert.ok(Math.abs(marker.y + marker.height / 2 - (number3.y + number3.height / 2)) < 6, `marker at y=${marker.y}, line 3 at y=${number3.y}`);
  // The underline covers the `/` the error is reported at.
  assert.is(await p.textContent(".cm-lintRange-error"), "/");
  assert.is(await p.textContent("#output-errors li"), "Line 3: division by zero");
  assert.ok(await p.isHidden("#output"));
  assert.ok(await p.isDisabled("#copy-button"));
  await p.screenshot({ path: screenshotPath("04-error-marker.png") });
  // The message is a link to its line.
  await p.click("#output-errors .error-link");
  assert.is(await p.textContent(".cm-activeLine"), "c = 10 / (a - 1)");
  // Fixing it clears every marker.
  await pasteProgram(p, "a = 1\nb = 2\nc = 10 / (a + 1)\nd = 4\n");
  await waitForOutput(p, "json", expected("a = 1\nb = 2\nc = 10 / (a + 1)\nd = 4\n", "json"));
  assert.is(await p.locator(".cm-error-line").count(), 0);
  assert.is(await p.locator(".cm-lint-marker-error").count(), 0);
});

test("the schema tab validates through /validate-schema and shows paths", async () => {
  const p = current();
  const program = "server {\n  port = 70000\n}\nname = web\n";
  const schema = '{"type":"object","properties":{"server":{"type":"object","properties":{"port":{"type":"integer","maximum":65535}}},"name":{"type":"string","minLength":5}}}';
  await pasteProgram(p, program);
  await p.getByRole("tab", { name: "Schema" }).click();
  await p.getByLabel("JSON Schema").fill(schema);
  await p.getByRole("button", { name: "Validate" }).click();
  await p.waitForSelector('#schema-status[data-state="error"]');
  const shown = await p.$$eval("#schema-errors li", (lis) => lis.map((li) => ({ path: li.querySelector(".error-path")?.textContent ?? "", text: li.textContent ?? "" })));
  // What the engine's own schema plugin says about the same data.
  const report = engine.validate(JSON.parse(expected(program, "json")), schema, { schemaFormat: "json" });
  assert.is(report.valid, false);
  assert.equal(shown.map((e) => e.path).sort(), ["$.name", "$.server.port"]);
  assert.equal(shown.map((e) => `${e.path}: ${e.text.slice(e.path.length)}`).sort(), [...report.errors].sort());
  // Each failure is marked in the editor at the value it is about (LANGUAGE.md §12.3) and links to it.
  await p.locator(".cm-lintRange-error").nth(1).waitFor();
  assert.equal((await p.$$eval(".cm-lintRange-error", (els) => els.map((e) => e.textContent ?? ""))).sort(), ["70000", "web"]);
  await p.click("#schema-errors .error-link:has-text('$.server.port')");
  assert.is(await p.textContent(".cm-activeLine"), "  port = 70000");
  await p.getByRole("tab", { name: "Schema" }).click();
  await p.screenshot({ path: screenshotPath("05-schema-errors.png") });

  // Live: fixing the program re-validates without pressing the button.
  await pasteProgram(p, "server {\n  port = 8443\n}\nname = website\n");
  await p.waitForSelector('#schema-status[data-state="ok"]');
  assert.match((await p.textContent("#schema-status")) ?? "", /^✓ valid/);
  assert.ok(await p.isHidden("#schema-errors"));

  // A broken schema is a schema error, not a data failure.
  await p.getByLabel("JSON Schema").fill("type: [object");
  await p.waitForFunction(() => (globalThis as unknown as PageGlobals).document.querySelector("#schema-errors li")?.textContent?.startsWith("schema: ") === true);
  await p.screenshot({ path: screenshotPath("06-schema-broken.png") });
  await p.getByLabel("JSON Schema").fill("");
  await p.getByRole("tab", { name: "Output" }).click();
});

test("the Variables tab sends its JSON object as vars, exactly, and a share link keeps it", async () => {
  const p = current();
  const program = 'name = "api-" + env\nbig = n\nratio = f\n';
  const vars = '{"env": "prod", "n": 9223372036854775807, "f": 1.0}';
  await pasteProgram(p, program);
  await p.getByLabel("Format", { exact: true }).selectOption("yaml");
  await waitForOutput(p, "yaml", expected(program, "yaml"));
  await p.getByRole("tab", { name: "Variables" }).click();
  await p.getByLabel("External variables").fill(vars);
  const withVars = "name: api-prod\nbig: 9223372036854775807\nratio: 1.0\n";
  await waitForOutput(p, "yaml", withVars);
  // Not a JSON object: said in the panel (and instead of the output), nothing run without it.
  await p.getByLabel("External variables").fill("[1, 2]");
  await p.waitForSelector('#vars-status[data-state="error"]');
  assert.match((await p.textContent("#vars-status")) ?? "", /^variables: must be a JSON object/);
  await p.getByLabel("External variables").fill(vars);
  await waitForOutput(p, "yaml", withVars);
  await p.click("#share-button");
  await p.waitForFunction(() => (globalThis as unknown as PageGlobals).document.getElementById("toast")?.textContent === "Share link copied");
  const link = await p.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText());
  assert.match(link, /&vars=[A-Za-z0-9_-]+$/);
  const fresh = await newPage();
  await fresh.goto(link);
  await fresh.waitForSelector('html[data-ready="true"]');
  await waitForOutput(fresh, "yaml", withVars);
  assert.is(await fresh.inputValue("#vars-input"), vars);
  await fresh.close();
  await p.getByLabel("External variables").fill("");
  await p.getByRole("tab", { name: "Output" }).click();
  await p.getByLabel("Format", { exact: true }).selectOption("json");
});

test("examples: each one transpiles in the page; the include example sends its files", async () => {
  const p = current();
  for (const example of EXAMPLES) {
    await p.getByLabel("Example").selectOption(example.id);
    const files = { ...(example.files ?? {}) };
    await waitForOutput(p, "json", expected(example.source, "json", files));
    const tabs = await p.$$eval("#file-tabs [role=tab]", (ts) => ts.map((t) => t.textContent));
    assert.equal(tabs, ["main.jsson", ...Object.keys(files)], example.id);
    if (example.schema !== undefined) {
      assert.is(await p.inputValue("#schema-input"), example.schema);
      await p.waitForSelector('#schema-status[data-state="error"]');
      await p.screenshot({ path: screenshotPath("07-example-schema.png") });
      await p.getByRole("tab", { name: "Output" }).click();
    }
  }
  const includes = EXAMPLES.find((e) => e.id === "includes");
  assert.ok(includes?.files !== undefined);
  await p.getByLabel("Example").selectOption("includes");
  await waitForOutput(p, "json", expected(includes.source, "json", { ...includes.files }));
  await p.screenshot({ path: screenshotPath("08-example-includes.png") });

  // An error inside an included file: marked at the include line and inside the file's own tab.
  await p.getByRole("tab", { name: "db.jsson" }).click();
  await p.click(".cm-content");
  await p.keyboard.press("Control+End");
  await p.keyboard.insertText("broken = 1 / 0\n");
  await p.waitForSelector(".cm-error-line");
  assert.equal(await p.$$eval(".cm-content .cm-error-line", (ls) => ls.map((l) => l.textContent)), ["broken = 1 / 0"]);
  await p.screenshot({ path: screenshotPath("09-error-in-include.png") });
  await p.getByRole("tab", { name: "main.jsson" }).click();
  assert.equal(await p.$$eval(".cm-content .cm-error-line", (ls) => ls.map((l) => l.textContent)), ['include "db.jsson"']);
  await p.keyboard.press("Control+Z"); // nothing to undo here: the edit lives in db.jsson's own history
  await p.getByRole("tab", { name: "db.jsson" }).click();
  await p.click(".cm-content");
  await p.keyboard.press("Control+Z");
  await waitForOutput(p, "json", expected(includes.source, "json", { ...includes.files }));
});

test("a share link reloads the program, its files and the format in a fresh page", async () => {
  const p = current();
  await p.getByRole("tab", { name: "main.jsson" }).click();
  await p.getByLabel("Format", { exact: true }).selectOption("toml");
  const includes = EXAMPLES.find((e) => e.id === "includes");
  assert.ok(includes?.files !== undefined);
  await waitForOutput(p, "toml", expected(includes.source, "toml", { ...includes.files }));
  await p.click("#share-button");
  await p.waitForFunction(() => (globalThis as unknown as PageGlobals).document.getElementById("toast")?.textContent === "Share link copied");
  const link = await p.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText());
  assert.is(link, p.url());
  assert.match(link, /#format=toml&source=[A-Za-z0-9_-]+&files=[A-Za-z0-9_-]+$/);

  const fresh = await newPage();
  await fresh.goto(link);
  await fresh.waitForSelector('html[data-ready="true"]');
  await waitForOutput(fresh, "toml", expected(includes.source, "toml", { ...includes.files }));
  assert.is(await fresh.inputValue("#format-select"), "toml");
  assert.equal(await fresh.$$eval("#file-tabs [role=tab]", (ts) => ts.map((t) => t.textContent)), ["main.jsson", "db.jsson", "shared/limits.jsson"]);
  assert.is(await editorText(fresh), includes.source);
  await fresh.screenshot({ path: screenshotPath("10-share-link-reloaded.png") });

  // Reload keeps it too, and Back returns to the program before the example was loaded.
  await fresh.reload();
  await fresh.waitForSelector('html[data-ready="true"]');
  await waitForOutput(fresh, "toml", expected(includes.source, "toml", { ...includes.files }));
  await fresh.close();
});

test("include files: add one in a tab, include it, remove it again", async () => {
  const p = current();
  await p.getByLabel("Example").selectOption("basics");
  await p.getByLabel("Format", { exact: true }).selectOption("json");
  await pasteProgram(p, 'include "conf/extra.jsson"\nmain = true\n');
  await p.waitForFunction(() => (globalThis as unknown as PageGlobals).document.querySelector("#output-errors li")?.textContent?.includes("could not read include file") === true);
  await p.getByRole("button", { name: "Add file" }).click();
  const name = p.getByLabel("New include file");
  // A path that would leave the virtual folder is refused in the form already.
  await name.fill("../extra.jsson");
  await name.press("Enter");
  assert.match((await p.textContent("#new-file-error")) ?? "", /relative path/);
  await name.fill("conf/extra.jsson");
  await name.press("Enter");
  assert.equal(await p.$$eval("#file-tabs [role=tab]", (ts) => ts.map((t) => t.textContent)), ["main.jsson", "conf/extra.jsson"]);
  assert.is(await p.getAttribute('#file-tabs [aria-selected="true"]', "data-file"), "conf/extra.jsson");
  await p.keyboard.type("extra = 42\n");
  const files = { "conf/extra.jsson": "extra = 42\n" };
  await waitForOutput(p, "json", expected('include "conf/extra.jsson"\nmain = true\n', "json", files));
  await p.screenshot({ path: screenshotPath("12-added-file.png") });
  await p.getByRole("button", { name: "Remove conf/extra.jsson" }).click();
  assert.equal(await p.$$eval("#file-tabs [role=tab]", (ts) => ts.map((t) => t.textContent)), ["main.jsson"]);
  await p.waitForFunction(() => (globalThis as unknown as PageGlobals).document.querySelector("#output-errors li")?.textContent?.includes("could not read include file") === true);
});

test("dark colour scheme follows the system setting", async () => {
  const p = current();
  await p.getByLabel("Example").selectOption("templates");
  const keywords = await p.$$eval(".cm-content .tok-keyword", (els) => els.map((e) => e.textContent));
  assert.equal([...new Set(keywords)].sort(), ["map", "template"]);
  await p.emulateMedia({ colorScheme: "dark" });
  const background = await p.$eval(".cm-gutters", (e: PageElement) => (globalThis as unknown as PageGlobals).getComputedStyle(e).backgroundColor);
  await p.screenshot({ path: screenshotPath("13-dark.png") });
  await p.emulateMedia({ colorScheme: "light" });
  const light = await p.$eval(".cm-gutters", (e: PageElement) => (globalThis as unknown as PageGlobals).getComputedStyle(e).backgroundColor);
  assert.is(background, "rgb(30, 36, 48)", "dark gutter"); // --panel-2 of the dark palette
  assert.is(light, "rgb(240, 242, 245)", "light gutter");
});

test("a link with an unknown format or a damaged program falls back, saying so", async () => {
  const p = await newPage();
  await p.goto(`${(server as PlaygroundServer).base}/#format=xml&source=${Buffer.from("a = 1\n").toString("base64url")}`);
  await p.waitForSelector('html[data-ready="true"]');
  await waitForOutput(p, "json", expected("a = 1\n", "json"));
  assert.match((await p.textContent("#toast")) ?? "", /no "xml" format/);
  await p.goto(`${(server as PlaygroundServer).base}/#source=%%%`);
  await p.reload();
  await p.waitForSelector('html[data-ready="true"]');
  await waitForOutput(p, "json", expected((EXAMPLES[0] as { source: string }).source, "json"));
  assert.match((await p.textContent("#toast")) ?? "", /could not be read/);
  await p.close();
});

test("a large output shows its start; copy and download still hand over all of it", async () => {
  const p = current();
  await p.getByLabel("Format", { exact: true }).selectOption("json");
  const program = "ids = 1..200000\n";
  await pasteProgram(p, program);
  await p.waitForSelector("#output-note:not([hidden])", { timeout: 15_000 });
  const whole = expected(program, "json");
  assert.ok(whole.length > 1_000_000);
  assert.is(await p.$eval("#output", (o: PageElement) => o.textContent?.length), 1_000_000);
  assert.match((await p.textContent("#output-note")) ?? "", /^Showing the first .* of .*; copy or download the whole output\.$/);
  const [download] = await Promise.all([p.waitForEvent("download"), p.click("#download-button")]);
  assert.is(readFileSync(await download.path(), "utf8"), whole);
  await p.screenshot({ path: screenshotPath("14-large-output.png") });
  await pasteProgram(p, "small = true\n");
  await waitForOutput(p, "json", expected("small = true\n", "json"));
  assert.ok(await p.isHidden("#output-note"));
});

test("keyboard and labels: every control is named, Tab leaves the editor, tabs move with arrows", async () => {
  const p = current();
  const unnamed = await p.$$eval("select, input, textarea, button, [role=tab], .cm-content", (els: PageElement[]) =>
    els
      .filter((el) => !el.closest("[hidden]"))
      .filter((el) => {
        const labelled = el.getAttribute("aria-label") || el.getAttribute("aria-labelledby") || (el.labels?.length ?? 0) > 0 || (el.textContent ?? "").trim() !== "";
        return !labelled;
      })
      .map((el) => el.outerHTML.slice(0, 80)),
  );
  assert.equal(unnamed, []);
  await p.click(".cm-content");
  await p.keyboard.press("Tab");
  assert.ok(await p.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.closest(".cm-editor") === null), "Tab moved focus out of the editor");
  // Result tabs: arrow keys switch panels.
  await p.getByRole("tab", { name: "Output" }).focus();
  await p.keyboard.press("ArrowRight");
  assert.is(await p.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.id), "tab-schema");
  assert.ok(await p.isVisible("#panel-schema"));
  await p.keyboard.press("ArrowLeft");
  assert.ok(await p.isVisible("#panel-output"));
});

test("narrow screen: panes stack, nothing overflows sideways", async () => {
  const p = await newPage({ width: 390, height: 844 });
  await open(p);
  await waitForOutput(p, "json", expected((EXAMPLES[0] as { source: string }).source, "json"));
  const layout = await p.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    const src = g.document.querySelector(".source-pane")?.getBoundingClientRect();
    const res = g.document.querySelector(".result-pane")?.getBoundingClientRect();
    return { overflow: g.document.documentElement.scrollWidth - g.innerWidth, stacked: src !== undefined && res !== undefined && res.top >= src.bottom };
  });
  assert.ok(layout.overflow <= 0, `page is ${layout.overflow}px wider than the screen`);
  assert.ok(layout.stacked, "result pane below the editor");
  // From a fresh load, the first Tab reaches the skip link, and it leads into the editor.
  await p.keyboard.press("Tab");
  assert.is(await p.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.textContent), "Skip to the editor");
  await p.keyboard.press("Enter");
  assert.ok(await p.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.closest(".cm-editor") !== null), "the skip link focuses the editor");
  assert.is(new URL(p.url()).hash, "", "the skip link leaves the address alone");
  await p.screenshot({ path: screenshotPath("11-narrow.png"), fullPage: true });
  await p.close();
});

test("no console errors or warnings, no failed requests or error statuses, nothing fetched from elsewhere", () => {
  if (setupError !== undefined) throw setupError;
  assert.equal(problems, []);
});

test.run();
