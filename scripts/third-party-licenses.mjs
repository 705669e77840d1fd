// The license texts of the npm packages a bundle contains (MIT and friends
// ask for their notices to travel along), for the build scripts.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * One text with the notice of every npm package among `inputs` (the input
 * paths of an esbuild metafile).
 * @param root the repository root (its node_modules holds the packages)
 */
export function licenses(root, inputs) {
  const packages = new Set();
  for (const input of inputs) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input.replace(/\\/g, "/"));
    if (m !== null) packages.add(m[1]);
  }
  const parts = [];
  for (const name of [...packages].sort()) {
    const dir = join(root, "node_modules", name);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
    parts.push(`${name}@${pkg.version} (${pkg.license ?? "see package"})\n\n${file === undefined ? "" : readFileSync(join(dir, file), "utf8").trim()}\n`);
  }
  return parts.join("\n" + "-".repeat(72) + "\n\n");
}
