/**
 * Schema failures and the source places they must name (LANGUAGE.md §12.3),
 * shared by the CLI and HTTP tests: a root file using presets, a JSSON
 * include, a data include, a range, a template and a map, and the exact
 * line and column each failure points at (worked out by hand from the text).
 */

/** The root source. */
export const MAIN = [
  "// provenance cases", //                               1
  '@preset "svc" {', //                                   2
  "  replicas = 0", //                                    3
  '  image = "nginx"', //                                 4
  "}", //                                                 5
  'app = @use "svc"', //                                  6
  'web = @use "svc" { replicas = -2 }', //                7
  'include "db.jsson"', //                                8
  'include "limits.yaml"', //                             9
  "ports = [8080, 1..3]", //                              10
  "users [", //                                           11
  "  template { name, age }", //                          12
  '  "ann", 30', //                                       13
  '  "bob", -1', //                                       14
  "]", //                                                 15
  "doubled = [1, 2, 3] map (n) = n * -2", //              16
  "extra {", //                                           17
  '  name = "x"', //                                      18
  '  "bad key" = 1', //                                   19
  "}", //                                                 20
  "",
].join("\n");

/** The included files, by name (relative to the root). */
export const INCLUDED: Readonly<Record<string, string>> = {
  "db.jsson": '// the database\ndb {\n  host = "h"\n  port = 70000\n}\n',
  "limits.yaml": "maxConn: 9000\n",
};

export const SCHEMA = JSON.stringify({
  type: "object",
  properties: {
    app: { properties: { replicas: { minimum: 1 } } },
    web: { properties: { replicas: { minimum: 1 } } },
    db: { required: ["user"], properties: { port: { maximum: 65535 } } },
    maxConn: { maximum: 1000 },
    ports: { items: { minimum: 1024 } },
    users: { items: { properties: { age: { minimum: 0 } } } },
    doubled: { items: { minimum: 0 } },
    extra: { additionalProperties: false, properties: { name: { type: "string" } } },
  },
});

/** A place: file (undefined: the root), line, column, end line, end column. */
export interface ExpectedPlace {
  readonly file: string | undefined;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** One expected failure: its error line, keyword, schema path, place and related place. */
export interface ExpectedFailure {
  readonly error: string;
  readonly keyword: string;
  readonly schemaPath: string;
  readonly place: ExpectedPlace;
  readonly related?: ExpectedPlace;
}

const root = (line: number, column: number, endColumn: number): ExpectedPlace => ({ file: undefined, line, column, endLine: line, endColumn });
const inFile =
  (file: string) =>
  (line: number, column: number, endColumn: number): ExpectedPlace => ({ file, line, column, endLine: line, endColumn });
const db = inFile("db.jsson");
const range = root(10, 16, 20); // `1..3`: every element of the range
const body = root(16, 31, 37); // `n * -2`: every element of the map

export const EXPECTED: readonly ExpectedFailure[] = [
  // a preset body member: the body, with the `@use` related
  { error: "$.app.replicas: Value must be >= 1, got 0", keyword: "minimum", schemaPath: "#/properties/app/properties/replicas/minimum", place: root(3, 14, 15), related: root(6, 7, 17) },
  // an override written at the `@use`
  { error: "$.web.replicas: Value must be >= 1, got -2", keyword: "minimum", schemaPath: "#/properties/web/properties/replicas/minimum", place: root(7, 31, 33) },
  // a missing property: the key of the object that lacks it, in the included file
  { error: "$.db: Missing required property: user", keyword: "required", schemaPath: "#/properties/db/required", place: db(2, 1, 3) },
  { error: "$.db.port: Value must be <= 65535, got 70000", keyword: "maximum", schemaPath: "#/properties/db/properties/port/maximum", place: db(4, 10, 15) },
  // a data include: the include line, the data file related
  { error: "$.maxConn: Value must be <= 1000, got 9000", keyword: "maximum", schemaPath: "#/properties/maxConn/maximum", place: root(9, 1, 22), related: { file: "limits.yaml", line: 1, column: 1, endLine: 1, endColumn: 1 } },
  { error: "$.ports[1]: Value must be >= 1024, got 1", keyword: "minimum", schemaPath: "#/properties/ports/items/minimum", place: range },
  { error: "$.ports[2]: Value must be >= 1024, got 2", keyword: "minimum", schemaPath: "#/properties/ports/items/minimum", place: range },
  { error: "$.ports[3]: Value must be >= 1024, got 3", keyword: "minimum", schemaPath: "#/properties/ports/items/minimum", place: range },
  // a template row's cell
  { error: "$.users[1].age: Value must be >= 0, got -1", keyword: "minimum", schemaPath: "#/properties/users/items/properties/age/minimum", place: root(14, 10, 12) },
  { error: "$.doubled[0]: Value must be >= 0, got -2", keyword: "minimum", schemaPath: "#/properties/doubled/items/minimum", place: body },
  { error: "$.doubled[1]: Value must be >= 0, got -4", keyword: "minimum", schemaPath: "#/properties/doubled/items/minimum", place: body },
  { error: "$.doubled[2]: Value must be >= 0, got -6", keyword: "minimum", schemaPath: "#/properties/doubled/items/minimum", place: body },
  // an extra property: its key
  { error: `$.extra["bad key"]: Additional property 'bad key' is not allowed`, keyword: "additionalProperties", schemaPath: "#/properties/extra/additionalProperties", place: root(19, 3, 12) },
];

/**
 * A second set: an include inside an included folder (two levels), a string
 * range, an object shared through a `:=` name, and a template whose map
 * clause builds the elements.
 */
export const NESTED = {
  main: [
    'include "conf/a.jsson"', //                               1
    'hosts = "web-08".."web-10"', //                           2
    "base := { port = 99999 }", //                             3
    "svc = base", //                                           4
    "jobs [", //                                               5
    "  template { name, n }", //                               6
    "  map (j) = { name = j.name, n = j.n * 100 }", //         7
    '  "x", 1', //                                             8
    '  "y", 2', //                                             9
    "]", //                                                    10
    "",
  ].join("\n"),
  included: { "conf/a.jsson": 'include "b.jsson"\nregion = "eu"\n', "conf/b.jsson": "// b\nlimits {\n  cpu = 64\n}\n" } as Readonly<Record<string, string>>,
  schema: JSON.stringify({
    properties: {
      hosts: { items: { pattern: "^db-" } },
      svc: { properties: { port: { maximum: 65535 } } },
      jobs: { items: { properties: { n: { maximum: 150 } } } },
      limits: { properties: { cpu: { maximum: 32 } } },
      region: { enum: ["us"] },
    },
  }),
  expected: [
    // a string range's elements: the range
    ...[0, 1, 2].map((i): ExpectedFailure => ({ error: `$.hosts[${i}]: String does not match pattern: ^db-`, keyword: "pattern", schemaPath: "#/properties/hosts/items/pattern", place: root(2, 9, 27) })),
    // a value reached through a name: where the name's object literal made it
    { error: "$.svc.port: Value must be <= 65535, got 99999", keyword: "maximum", schemaPath: "#/properties/svc/properties/port/maximum", place: root(3, 18, 23) },
    // a template's map clause: the member of its body
    { error: "$.jobs[1].n: Value must be <= 150, got 200", keyword: "maximum", schemaPath: "#/properties/jobs/items/properties/n/maximum", place: root(7, 34, 43) },
    // two includes deep, in a subfolder
    { error: "$.limits.cpu: Value must be <= 32, got 64", keyword: "maximum", schemaPath: "#/properties/limits/properties/cpu/maximum", place: inFile("conf/b.jsson")(3, 9, 11) },
    { error: '$.region: Value must be one of: ["us"]', keyword: "enum", schemaPath: "#/properties/region/enum", place: inFile("conf/a.jsson")(2, 10, 14) },
  ] as readonly ExpectedFailure[],
};

/** Both sets, for tests that run each. */
export const CASE_SETS = [
  { name: "presets, includes, data, ranges, templates, maps, keys", main: MAIN, included: INCLUDED, schema: SCHEMA, expected: EXPECTED },
  { name: "nested includes, string range, shared object, template map clause", ...NESTED },
] as const;
