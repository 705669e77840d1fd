/** What `jsson version` prints, from the oclif command and from the start-up fast path alike. */
import { LANGUAGE_VERSION } from "../../core/index.js";

/** `jsson 0.1.0 (language 0.0.6)` and a newline, for the package version `version`. */
export function versionLine(version: string): string {
  return `jsson ${version} (language ${LANGUAGE_VERSION})\n`;
}
