/**
 * The playground's examples menu: small programs, one language feature each.
 * Plain data with no DOM or Node dependency, so the browser bundle shows them
 * and a Node test can send every one through the real /transpile endpoint.
 */

/** One entry of the examples menu. */
export interface PlaygroundExample {
  /** Stable id (used in tests and as the `<option>` value). */
  readonly id: string;
  readonly title: string;
  /** The program (the request's `source`). */
  readonly source: string;
  /** Other files `include` reads (the request's `files`); absent when the example has none. */
  readonly files?: Readonly<Record<string, string>>;
  /** A schema to put in the schema tab (YAML, JSON or TOML text). */
  readonly schema?: string;
}

const BASICS = `// JSSON: configuration without the quotes and commas.
app {
  name = "Inventory"
  version = "2.4.1"
  debug = false
  owner = null
}

// \`:=\` declares a variable: usable below, not part of the output.
basePort := 8000
workers := 4

server {
  host = "0.0.0.0"
  port = basePort + 80
  threads = workers * 2
  url = \`http://localhost:\${port}\`
  mode = workers > 2 ? "cluster" : "single"
}

headers {
  "content-type" = "application/json" // quoted keys may hold any text
}
tags = [web, public, internal]
`;

const TEMPLATES = `// Templates turn rows into objects: one field per column.
users [
  template { name, age, role }

  "Ana", 31, admin
  "Bruno", 27, editor
  "Chen", 45, viewer
]

// A map clause reshapes every row.
routes [
  template { method, path }
  map (r) = {
    id = r.method + " " + r.path
    method = r.method
    path = "/api/" + r.path
    auth = r.method != "GET"
  }

  GET, "users"
  POST, "users"
  DELETE, "sessions"
]
`;

const RANGES = `// Ranges are inclusive; \`step\` sets the stride.
ports = 8080..8085
evens = 0..20 step 4
countdown = 5..1

// String ranges count the trailing digits (zero padding is kept).
hosts = "srv-08".."srv-11"

// Ranges in template rows are zipped: one object per element.
replicas [
  template { id, port }

  1..3, 9000..9002
]
`;

const MAPS = `// \`map\` applies a body to every element of a range or array.
squares = 1..6 map (n) = n * n

sizes = ["s", "m", "l"]
buttons = sizes map (s) = {
  size = s
  padding = s == "s" ? 4 : (s == "m" ? 8 : 12)
  label = \`Button \${s}\`
}

// Maps nest: a 3×3 multiplication table.
table = (1..3 map (row) = (1..3 map (col) = row * col))
`;

const PRESETS = `// A preset is a reusable object; @use copies it, overrides replace keys.
@preset "service" {
  replicas = 2
  port = 8080
  health = "/healthz"
  resources { cpu = "250m", memory = "256Mi" }
}

api = @use "service" { port = 3000 }
worker = @use "service" { replicas = 4, health = null }
admin = @use "service"
`;

const INCLUDES = `// \`include\` merges the keys of another file.
// The server reads no files: the other tabs travel as "files".
include "db.jsson"
include "shared/limits.jsson"

app = "shop"
dsn = \`postgres://\${database.host}:\${database.port}/\${app}\`
`;

const INCLUDED_DB = `database {
  host = "db.internal"
  port = 5432
  pool = 20
}
`;

const INCLUDED_LIMITS = `limits {
  requestsPerMinute = 600
  maxBodyKiB = 512
}
`;

const SCHEMA_SOURCE = `// The Schema tab checks this program's output against a JSON Schema.
// Two values break it: fix them and validate again.
server {
  host = "api.example.com"
  port = 70000
  tls = true
}
replicas = 0
`;

const SCHEMA_YAML = `# JSON Schema, written in YAML (JSON and TOML work too)
type: object
required: [server, replicas]
properties:
  server:
    type: object
    required: [host, port]
    properties:
      host: { type: string, format: hostname }
      port: { type: integer, minimum: 1, maximum: 65535 }
      tls: { type: boolean }
  replicas: { type: integer, minimum: 1 }
`;

/** The examples, in menu order; the first one is the page's default program. */
export const EXAMPLES: readonly PlaygroundExample[] = [
  { id: "basics", title: "Basics: objects, variables, expressions", source: BASICS },
  { id: "templates", title: "Templates", source: TEMPLATES },
  { id: "ranges", title: "Ranges", source: RANGES },
  { id: "maps", title: "Maps", source: MAPS },
  { id: "presets", title: "Presets (@preset, @use)", source: PRESETS },
  { id: "includes", title: "Includes (several files)", source: INCLUDES, files: { "db.jsson": INCLUDED_DB, "shared/limits.jsson": INCLUDED_LIMITS } },
  { id: "schema", title: "Schema validation", source: SCHEMA_SOURCE, schema: SCHEMA_YAML },
];
