/**
 * The sample workspace the editor-session tests share (lsp/lsp-session,
 * lsp/lsp-rename): a main document with every kind of name a language
 * feature resolves — a preset and its uses, a `:=` name used in a block, a
 * block whose keys a template names, an include and a key from the included
 * file, a map parameter — and the file it includes. Tests find places in it
 * by text (`at(SAMPLE_MAIN, "port :=")`), so adding a line moves nothing
 * they assert; each test file writes it to a folder of its own.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const SAMPLE_MAIN = `// the service
@preset "svc" { replicas = 2, tier = "web" }
name = "api"
port := 8080
server {
  host = "localhost"
  port = port
  url = \`http://\${host}:\${port}\`
}
include "db.jsson"
dsn = database.host + ":" + port
api = @use "svc" { replicas = 3 }
again = @use "svc" {}
ids = [1..3] map (i) = i * 10
`;

/** `db.jsson`, which SAMPLE_MAIN includes. */
export const SAMPLE_DB = `database {
  host = "db.local"
  user = "app"
}
`;

/** A new folder holding `main.jsson` (SAMPLE_MAIN) and `db.jsson` (SAMPLE_DB), and their URIs. */
export function writeSampleWorkspace(prefix: string): { readonly dir: string; readonly mainUri: string; readonly dbUri: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, "main.jsson"), SAMPLE_MAIN);
  writeFileSync(join(dir, "db.jsson"), SAMPLE_DB);
  return { dir, mainUri: pathToFileURL(join(dir, "main.jsson")).href, dbUri: pathToFileURL(join(dir, "db.jsson")).href };
}
