// Issue #26 finding 12, variants: `jsson big.jsson -o out.json` interrupted by SIGINT or SIGTERM
// at several moments (while evaluating, while writing, around the rename). After each, out.json
// must be either the old file byte for byte or the complete new output, and no temporary file
// may be left in the folder.
//   node bench/attack/interrupted-output.mjs [delays in ms, comma-separated]
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN } from "./harness.mjs";

// moments: a number is ms after the start (while evaluating); "w+N" is N ms after the temporary file appears (while writing)
const moments = (process.argv[2] ?? "200,1500,w+0,w+30,w+150,w+400,w+1000,w+2000").split(",");
const dir = mkdtempSync(join(tmpdir(), "jsson-interrupt-"));
const src = join(dir, "big.jsson");
const out = join(dir, "out.json");
writeFileSync(src, "x = (1..600000 map (i) = { a = i, b = \"some text to make the output long\" })\n");
const OLD = '{"old": true}\n';

function run(signal, moment) {
  writeFileSync(out, OLD);
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN, src, "-o", out], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    let timer;
    if (!moment.startsWith("w+")) timer = setTimeout(() => child.kill(signal), Number(moment));
    else {
      const after = Number(moment.slice(2));
      const watch = setInterval(() => {
        if (readdirSync(dir).some((n) => n.endsWith(".jsson-tmp"))) {
          clearInterval(watch);
          timer = after === 0 ? child.kill(signal) : setTimeout(() => child.kill(signal), after);
        }
      }, 2);
      child.on("exit", () => clearInterval(watch));
    }
    child.on("exit", (code, sig) => {
      clearTimeout(timer);
      const text = readFileSync(out, "utf8");
      let state = "OTHER (" + text.length + " bytes)";
      if (text === OLD) state = "old file";
      else {
        try {
          state = `new, complete (${JSON.parse(text).x.length} items)`;
        } catch {
          state = `TRUNCATED (${text.length} bytes)`;
        }
      }
      const left = readdirSync(dir).filter((n) => n.endsWith(".jsson-tmp"));
      resolve(`| ${signal} | ${moment.startsWith("w+") ? moment.slice(2) + " ms after the temporary file appeared" : moment + " ms after the start"} | ${sig ?? "exit " + code} after ${(performance.now() - t0).toFixed(0)} ms | ${state} | ${left.length ? "TEMP LEFT: " + left.join(" ") : "none"} | ${err.trim().split("\n")[0]?.slice(0, 80) ?? ""} |`);
    });
  });
}

console.log("| signal | sent | process ended | out.json | temporary files | stderr |");
console.log("|---|---|---|---|---|---|");
for (const signal of ["SIGINT", "SIGTERM"]) for (const m of moments) console.log(await run(signal, m));
rmSync(dir, { recursive: true, force: true });
