/** Small source files for the CLI tests, written into a fresh temporary folder. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** Create a temp folder holding `files` (name → text or bytes); returns its path. */
export function fixtureDir(files: Readonly<Record<string, string | Uint8Array>>): string {
  const dir = mkdtempSync(join(tmpdir(), "jsson-cli-"));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true }); // a name may hold folders (`conf/base.jsson`)
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** A program that uses most of the language, small enough to eyeball. */
export const SAMPLE = `// a sample
name = "demo"
port = 8080
ratio = 1.5
hosts = "web-1".."web-3"
server {
  host = "localhost"
  url = "http://" + host + ":" + port
}
squares = (1..4 map (n) = n * n)
`;
