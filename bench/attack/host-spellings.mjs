// Issue #26 finding 8, variants: DNS rebinding against a server that reads files
// (-include-root, -allowed-hosts api.example.com). Each request is written on a raw socket so
// the Host header (and the request target) are exactly what a hostile client sends; a rebound
// name must get 403 before the body is read, an allowed spelling must be answered.
//   node bench/attack/host-spellings.mjs
import { connect } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "./harness.mjs";

const root = mkdtempSync(join(tmpdir(), "jsson-root-"));
writeFileSync(join(root, "secret.jsson"), 'secret = "s3cr3t"\n');
const server = await startServer(["-workers", "1", "-include-root", root, "-allowed-hosts", "api.example.com"]);
const body = JSON.stringify({ source: 'include "secret.jsson"' });

/** Send raw request head lines (Host lines included) with the body; the status line and whether the secret came back. */
function raw(target, hostLines) {
  return new Promise((resolve) => {
    const sock = connect(server.port, "127.0.0.1");
    let got = "";
    sock.on("data", (d) => (got += d));
    sock.on("close", () => resolve({ status: got.split("\r\n")[0] || "(closed)", leaked: got.includes("s3cr3t") }));
    sock.on("error", () => {});
    sock.write(`POST ${target} HTTP/1.1\r\n${hostLines.map((h) => `Host: ${h}\r\n`).join("")}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    setTimeout(() => sock.destroy(), 10_000);
  });
}

/** @type {[string, string, string[], string][]} */
const CASES = [
  // [what, target, host lines, expected: "answer" | "403"]
  ["allowed name", "/transpile", ["api.example.com"], "answer"],
  ["allowed, upper case", "/transpile", ["API.EXAMPLE.COM"], "answer"],
  ["allowed, trailing dot", "/transpile", ["api.example.com."], "answer"],
  ["allowed, port", "/transpile", ["api.example.com:8090"], "answer"],
  ["localhost", "/transpile", ["localhost"], "answer"],
  ["127.0.0.1:port", "/transpile", [`127.0.0.1:${server.port}`], "answer"],
  ["[::1]", "/transpile", ["[::1]"], "answer"],
  ["rebound name", "/transpile", ["evil.example"], "403"],
  ["rebound, upper case", "/transpile", ["EVIL.EXAMPLE"], "403"],
  ["rebound, trailing dot", "/transpile", ["evil.example."], "403"],
  ["rebound, two trailing dots", "/transpile", ["api.example.com.."], "403"],
  ["rebound, port 80", "/transpile", ["evil.example:80"], "403"],
  ["rebound, empty port", "/transpile", ["evil.example:"], "403"],
  ["rebound, bad port", "/transpile", ["api.example.com:x"], "403"],
  ["allowed name as a suffix", "/transpile", ["api.example.com.evil.example"], "403"],
  ["allowed name with a prefix", "/transpile", ["evilapi.example.com"], "403"],
  ["localhost as a prefix", "/transpile", ["localhost.evil.example"], "403"],
  ["userinfo", "/transpile", ["localhost@evil.example"], "403"],
  ["IPv6 with junk", "/transpile", ["[::1]evil"], "403"],
  ["IPv6 unbracketed", "/transpile", ["::1"], "answer-or-403"],
  ["empty Host", "/transpile", [""], "403"],
  ["no Host", "/transpile", [], "403-or-400"],
  ["duplicate Host, rebound first", "/transpile", ["evil.example", "localhost"], "403-or-400"],
  ["duplicate Host, allowed first", "/transpile", ["localhost", "evil.example"], "403-or-400"],
  ["absolute-form target, rebound authority", "http://evil.example/transpile", ["localhost"], "403-or-404"],
  ["absolute-form target, rebound Host", "http://localhost/transpile", ["evil.example"], "403"],
  ["Host with a space", "/transpile", ["evil.example localhost"], "403"],
  ["Host with a comma list", "/transpile", ["localhost, evil.example"], "403"],
  ["Host 0x7f.1 numeric", "/transpile", ["0x7f.1"], "403"],
  ["Host 2130706433 (decimal IP)", "/transpile", ["2130706433"], "403"],
];

console.log("| Host spelling | target | expected | status line | secret in answer |");
console.log("|---|---|---|---|---|");
for (const [what, target, hosts, expected] of CASES) {
  const r = await raw(target, hosts);
  const code = r.status.split(" ")[1] ?? "";
  const ok = expected.split("-or-").some((e) => (e === "answer" ? code === "200" : code === e));
  console.log(`| ${what} (${hosts.map((h) => JSON.stringify(h)).join(", ") || "none"}) | ${target} | ${expected} | ${r.status}${ok ? "" : " **ESCAPE?**"} | ${r.leaked ? "yes" : "no"} |`);
}
server.child.kill("SIGKILL");
