/** The start banner of `jsson serve` (HTTP.md §1): versions, address, endpoints, limits and include policy. */
import type { AddressInfo } from "node:net";
import { LANGUAGE_VERSION } from "../../core/index.js";
import type { RouteInfo } from "./app.js";
import { packageInfo } from "./ops/server-version.js";
import type { ServerOptions } from "./ops/server-options.js";
import { corsPolicy, describeCors } from "./http/cors.js";
import { describeHosts, hostPolicy } from "./http/allowed-hosts.js";
import { formatDuration, formatSize } from "../argv/units.js";
import { locateConfigFile } from "../plugin-loader/plugin-requests.js";
import { terminalText } from "../terminal/terminal-text.js";

/** The banner lines. */
export function bannerLines(address: AddressInfo, options: ServerOptions, routes: readonly RouteInfo[], processes: number): string[] {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const lines = [`jsson serve ${packageInfo().version} (JSSON language ${LANGUAGE_VERSION}, node ${process.version})`, `listening on http://${host}:${address.port}`];
  const width = Math.max(...routes.map((r) => r.path.length));
  for (const r of routes) lines.push(`  ${r.methods.join(",").padEnd(8)} ${r.path.padEnd(width)}  ${r.summary}`);
  if (options.playground) lines.push(`  ${"GET".padEnd(8)} ${"/".padEnd(width)}  web playground (off: -playground=false)`);
  const includes =
    options.includeRoot === undefined
      ? 'includes: only the request\'s "files" (no -include-root: this server reads no files)'
      : `includes: the request's "files", then files inside ${options.includeRoot} (symlinks followed, must stay inside)`;
  lines.push(
    `limits: max-body ${formatSize(options.maxBodyBytes)}, timeout ${formatDuration(options.timeoutMs)}, max-memory ${formatSize(options.maxMemoryBytes)} per request, max-output ${formatSize(options.maxOutputBytes)}, ` +
      `max-items ${options.maxRangeItems}, workers ${options.workers}${processes > 1 ? ` in ${processes} processes` : ""}, queue ${options.maxQueue}, ` +
      `${describeCors(corsPolicy(options.cors, options.corsOrigins, options.includeRoot))}; ${includes}; ` +
      terminalText(describeHosts(hostPolicy(options.includeRoot, options.allowedHosts))),
  );
  lines.push(configLine(options));
  return lines;
}

/** Which `jsson.config.json` the server's plugins came from (issue #12: config files run code only where the user means it). */
function configLine(options: ServerOptions): string {
  if (options.pluginDiscovery === undefined) return "config file: not read";
  const { configFile, configIgnored } = locateConfigFile(options.pluginDiscovery.cwd);
  if (configFile !== undefined) return `config file: ${terminalText(configFile)}`;
  if (configIgnored !== undefined) return `config file: none read (${terminalText(configIgnored.path)} ignored: ${terminalText(configIgnored.reason)})`;
  return "config file: none";
}
