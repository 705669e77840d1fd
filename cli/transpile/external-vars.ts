/**
 * External variables from the command line (LANGUAGE.md §16.2):
 * `--var NAME=TEXT` (a string), `--var-json NAME=JSON` (any JSON value) and
 * `--vars FILE` (a JSON, YAML or TOML file whose top-level keys are the
 * names), each repeatable. They apply in command-line order, a later one
 * replacing an earlier variable of the same name, so
 * `--vars base.yaml --var env=prod` overrides the file's `env`. Every
 * problem is a usage error (exit status 2) naming the flag and the name.
 */
import { DEFAULT_LIMITS, dataFormatOf, readVarValue, readVars, varNameProblem, type Limits, type VarValue } from "../../core/index.js";
import { flagList, type ParsedFlags } from "../argv/command-entry.js";
import { UsageError } from "../terminal/exit-codes.js";
import { readInput } from "../io/read-input.js";

type VarFlag = "var" | "var-json" | "vars";
const NAMES: readonly VarFlag[] = ["vars", "var-json", "var"];

/**
 * The variables the flags give, or undefined when none is given.
 * @param flags parsed flags (each of the three as a list, as oclif gives repeatable flags)
 * @param argv the normalised command line (`--var=…` tokens), for the order between different flags
 * @throws {@link UsageError}
 */
export function varsFromFlags(flags: ParsedFlags, argv: readonly string[] | undefined, limits: Partial<Limits>): Map<string, VarValue> | undefined {
  const given = inOrder(flags, argv);
  if (given.length === 0) return undefined;
  const vars = new Map<string, VarValue>();
  for (const [flag, text] of given) {
    if (flag === "vars") {
      for (const [name, value] of readVarsFile(text, limits)) {
        const problem = varNameProblem(name);
        if (problem !== undefined) throw new UsageError(`--vars ${text}: "${name}" is ${problem}`);
        vars.set(name, value);
      }
      continue;
    }
    const eq = text.indexOf("=");
    if (eq < 0) throw new UsageError(`--${flag} ${text}: expected ${flag === "var" ? "NAME=TEXT" : "NAME=JSON"}`);
    const name = text.slice(0, eq);
    const problem = varNameProblem(name);
    if (problem !== undefined) throw new UsageError(`--${flag} ${text}: "${name}" is ${problem}`);
    if (flag === "var") vars.set(name, text.slice(eq + 1));
    else vars.set(name, readJsonVar(name, text.slice(eq + 1), limits));
  }
  return vars;
}

/** The flag values in command-line order (argv decides between flags; each flag's own list keeps its order). */
function inOrder(flags: ParsedFlags, argv: readonly string[] | undefined): [VarFlag, string][] {
  // each flag's values, last first: taken with pop() in command-line order
  const stacks = new Map(NAMES.map((n) => [n, [...flagList(flags, n)].reverse()]));
  const total = [...stacks.values()].reduce((n, l) => n + l.length, 0);
  const order: VarFlag[] = [];
  for (const token of argv ?? []) {
    if (token === "--") break;
    const m = /^--(vars|var-json|var)=/.exec(token);
    if (m) order.push(m[1] as VarFlag);
  }
  // Without a command line that accounts for every value, files first, then JSON, then text.
  const flagsInOrder = order.length === total ? order : NAMES.flatMap((n) => flagList(flags, n).map(() => n));
  return flagsInOrder.map((flag) => [flag, stacks.get(flag)?.pop() ?? ""]);
}

function readJsonVar(name: string, json: string, limits: Partial<Limits>): VarValue {
  const read = readVarValue(json, "json", { label: `--var-json ${name}`, limits });
  if (!read.ok) throw new UsageError(`--var-json ${name}: ${read.line > 1 ? `line ${read.line}: ` : ""}${read.message}`);
  return read.value;
}

function readVarsFile(path: string, limits: Partial<Limits>): ReadonlyMap<string, VarValue> {
  const format = dataFormatOf(path);
  if (format === undefined) throw new UsageError(`--vars ${path}: the file must be .json, .yaml, .yml or .toml`);
  const input = readInput(path);
  if (!input.ok) throw new UsageError(input.message.replace("input file", "vars file"));
  if (input.text.length > DEFAULT_LIMITS.maxSourceLength) throw new UsageError(`--vars ${path}: file too large (limit ${DEFAULT_LIMITS.maxSourceLength} characters)`);
  const read = readVars(input.text, format, { label: path, limits, notObject: `vars file "${path}" must hold an object at its top level` });
  if (!read.ok) throw new UsageError(`--vars ${path}: Line ${read.line}: ${read.message}`);
  return read.vars;
}
