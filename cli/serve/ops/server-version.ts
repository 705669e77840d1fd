/** The server's own version and the runtime it requires, read from the package's package.json. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

interface PackageInfo {
  readonly version: string;
  /** `>=20.19` → `20.19+` (HTTP.md §8 `go_version`). */
  readonly runtimeRequirement: string;
}

let cached: PackageInfo | undefined;

/** Version facts of this package (found by walking up from this file to package.json). */
export function packageInfo(): PackageInfo {
  if (cached !== undefined) return cached;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, "package.json");
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, "utf8")) as { name?: string; version?: string; engines?: { node?: string } };
      if (pkg.name === "jsson") {
        const min = /(\d+(?:\.\d+){0,2})/.exec(pkg.engines?.node ?? "")?.[1] ?? "20";
        return (cached = { version: pkg.version ?? "0.0.0", runtimeRequirement: `${min}+` });
      }
    }
    if (dirname(dir) === dir) return (cached = { version: "0.0.0", runtimeRequirement: "20+" });
  }
}
