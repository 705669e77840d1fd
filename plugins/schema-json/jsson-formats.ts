/**
 * `$jsson_format` (also `jssonFormat`): the reference's named string
 * formats, with its rules and messages (LANGUAGE.md §12.4). Applies to
 * string instances only; unknown names are accepted without checking.
 * Rules are full-string matches with Go/RE2 meaning (ASCII `\d` and `\s`,
 * written out as classes here).
 *
 * They run on native RegExp, not on the linear-time engine user patterns
 * need: they are fixed and unambiguous — every repeated group starts with a
 * separator its body cannot match — so backtracking stays linear (a test
 * times them on long adversarial strings), and RE2 would be ~50× slower on
 * this hot path. The one ambiguous rule, `host`, with its nested
 * quantifiers, is checked label by label instead.
 */

/** One named format: a predicate and the message reported when it fails. */
interface JssonFormat {
  readonly check: (s: string) => boolean;
  readonly message: string;
}

const full = (pattern: string): ((s: string) => boolean) => {
  const re = new RegExp(`^(?:${pattern})$`);
  return (s) => re.test(s);
};

const HOST_LABEL = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;
const IPV4_SHAPE = /^(?:[0-9]{1,3}\.){3}[0-9]{1,3}$/;

/** `^(label\.)*label$` with label `[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?`, or a dotted quad of 1–3 digit numbers. */
function isHost(s: string): boolean {
  return IPV4_SHAPE.test(s) || s.split(".").every((label) => HOST_LABEL.test(label));
}

/** Go `strconv.Atoi`: optional sign, ASCII digits, value within int64. */
function goAtoi(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const v = BigInt(s);
  return v >= -(2n ** 63n) && v < 2n ** 63n ? v : undefined;
}

/** The §12.4 table, by format name. */
export const JSSON_FORMATS: ReadonlyMap<string, JssonFormat> = new Map<string, JssonFormat>([
  ["identifier", { check: full("[a-zA-Z][a-zA-Z0-9_]*"), message: "Invalid identifier format. Must start with letter and contain only alphanumeric characters and underscores" }],
  ["kebab-case", { check: full("[a-z][a-z0-9]*(-[a-z0-9]+)*"), message: "Invalid kebab-case format. Must be lowercase with hyphens (e.g., my-component-name)" }],
  ["snake_case", { check: full("[a-z][a-z0-9]*(_[a-z0-9]+)*"), message: "Invalid snake_case format. Must be lowercase with underscores (e.g., my_variable_name)" }],
  ["camelCase", { check: full("[a-z][a-zA-Z0-9]*"), message: "Invalid camelCase format (e.g., myVariableName)" }],
  ["PascalCase", { check: full("[A-Z][a-zA-Z0-9]*"), message: "Invalid PascalCase format (e.g., MyClassName)" }],
  ["file-path", { check: full("[a-zA-Z0-9_./-]+"), message: "Invalid file path format" }],
  ["url-path", { check: full("/[a-zA-Z0-9_./-]*"), message: "Invalid URL path format. Must start with /" }],
  [
    "semver",
    {
      check: full("(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[a-zA-Z0-9]+(\\.[a-zA-Z0-9]+)*)?(\\+[a-zA-Z0-9]+(\\.[a-zA-Z0-9]+)*)?"),
      message: "Invalid semantic version format (e.g., 1.0.0, 2.1.3-beta)",
    },
  ],
  ["duration", { check: full("([0-9]+)(ms|s|m|h|d)"), message: "Invalid duration format. Use format like: 500ms, 30s, 5m, 2h, 1d" }],
  ["duration-ms", { check: (s) => goAtoi(s) !== undefined, message: "Duration must be a valid integer (milliseconds)" }],
  ["hex-color", { check: full("#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})"), message: "Invalid hex color format (e.g., #fff, #ffffff)" }],
  [
    "rgb-color",
    { check: full("rgb\\([\\t\\n\\f\\r ]*[0-9]{1,3}[\\t\\n\\f\\r ]*,[\\t\\n\\f\\r ]*[0-9]{1,3}[\\t\\n\\f\\r ]*,[\\t\\n\\f\\r ]*[0-9]{1,3}[\\t\\n\\f\\r ]*\\)"), message: "Invalid RGB color format (e.g., rgb(255, 128, 0))" },
  ],
  [
    "port",
    {
      check: (s) => {
        const v = goAtoi(s);
        return v !== undefined && v >= 1n && v <= 65535n;
      },
      message: "Invalid port number. Must be between 1 and 65535",
    },
  ],
  [
    "host",
    {
      check: isHost,
      message: "Invalid host format. Must be a valid hostname or IP address",
    },
  ],
  ["env-var", { check: full("[A-Z][A-Z0-9_]*"), message: "Invalid environment variable name. Must be uppercase with underscores" }],
  [
    "template-var",
    {
      check: full("\\$\\{[a-zA-Z_][a-zA-Z0-9_]*\\}|\\{\\{[a-zA-Z_][a-zA-Z0-9_]*\\}\\}|\\{[a-zA-Z_][a-zA-Z0-9_]*\\}"),
      message: "Invalid template variable format. Use ${VAR}, {{var}}, or {var}",
    },
  ],
]);

/** The keyword names under which the formats are accepted. */
export const JSSON_FORMAT_KEYWORDS = ["$jsson_format", "jssonFormat"] as const;

/** The failure message for `value` under format `name`, or undefined when it passes (or the name is unknown). */
export function jssonFormatFailure(name: string, value: string): string | undefined {
  const f = JSSON_FORMATS.get(name);
  return f === undefined || f.check(value) ? undefined : f.message;
}
