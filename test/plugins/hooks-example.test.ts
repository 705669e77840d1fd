/**
 * The hooks example of docs/plugins.md (an include resolver tapping the
 * merge-includes stage), as written there: its files are extracted into a
 * temporary folder, its CLI session is replayed against the real binary
 * (`--plugin`), and its HTTP session against a real `jsson serve -plugin`.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";
import { post, withoutTimes } from "../http/helpers.js";
import { startServe } from "../http/serve-child.js";
import { TempTree } from "./plugin-files.js";

const guide = readFileSync(join(REPO_ROOT, "docs", "plugins.md"), "utf8");
const tree = new TempTree("jsson-hooks-example-");
// the project the guide installs the plugin into has jsson installed (linked: `npm link jsson`)
tree.linkJsson(".");

/** `<!-- hooks-file: path -->` followed by a fenced block: the files of the hooks example. */
const files = [...guide.matchAll(/<!-- hooks-file: (\S+) -->\n```[^\n]*\n([\s\S]*?)```/g)].map((m) => ({ path: m[1] as string, text: m[2] as string }));

test("the hooks example's files are all there, and the plugin taps a stage", () => {
  assert.equal(files.map((f) => f.path).sort(), ["jsson-plugin-snippets/index.js", "service.jsson"]);
  for (const f of files) tree.write(f.path, f.text);
  assert.match(files.find((f) => f.path.endsWith("index.js"))?.text ?? "", "host.hooks.resolveInclude.tap(");
});

test("its CLI session (--plugin) gives the output it shows; a missing snippet is an include error", async () => {
  const session = /```sh\n\$ (jsson -i service\.jsson [^\n]*)\n([\s\S]*?)```/.exec(guide);
  assert.ok(session, "a `$ jsson -i service.jsson …` session");
  const r = await runCli((session[1] as string).split(/\s+/).slice(1), { cwd: tree.root });
  assert.is(r.stderr, "");
  assert.is(r.code, 0);
  assert.is(r.stdout, session[2]);
  const missing = await runCli(["--plugin", "./jsson-plugin-snippets"], { cwd: tree.root, input: 'include "snippet:mysql"\n' });
  assert.is(missing.code, 1);
  const first = missing.stderr.split("\n")[0] ?? "";
  assert.is(first, 'Line 1: could not read include file "snippet:mysql" (no snippet "mysql")');
  assert.ok(guide.replace(/\s+/g, " ").includes(`(\`${first}\`, exit status 1)`), "the guide quotes the message");
});

test("its HTTP session (jsson serve -plugin) gives the reply it shows", async () => {
  const session = /\$ jsson serve (-plugin \.\/jsson-plugin-snippets)\n\$ curl -s localhost:8090(\/\w+) -d '([^\n]*)'\n([^\n]*)\n/.exec(guide);
  assert.ok(session, "a `$ jsson serve -plugin …` session with one curl");
  const server = await startServe(["-port", "0", "-host", "127.0.0.1", "-q", "-processes", "1", "-workers", "1", "-plugin", join(tree.root, "jsson-plugin-snippets")]);
  try {
    const r = await post(server.base, session[2] as string, session[3] as string);
    assert.is(r.status, 200);
    assert.is(withoutTimes(r.text), withoutTimes(session[4] as string));
  } finally {
    await server.stop();
  }
});

test.after(() => tree.remove());
test.run();
