/**
 * The diagnostic code catalogue (LANGUAGE.md §13.2). Codes are `JSSON` + four
 * digits: 1xxx lexical, 2xxx syntax, 3xxx runtime, 4xxx include, 5xxx output,
 * 6xxx limits, 7xxx run options, 8xxx warnings (LANGUAGE.md §16.5). A code is never reused for a different problem.
 */
export const CODES = {
  L1_ILLEGAL_CHARACTER: "JSSON1001",
  L2_UNTERMINATED_STRING: "JSSON1002",
  L3_INVALID_NUMBER: "JSSON1003",
  L4_INTEGER_TOO_LARGE: "JSSON1004",
  L6_FLOAT_OUT_OF_RANGE: "JSSON1006",
  P1_UNEXPECTED_TOKEN: "JSSON2001",
  P2_EXPECTED_SEPARATOR: "JSSON2002",
  P3_EXPECTED_ASSIGN: "JSSON2003",
  P4_EXPECTED_CLOSING: "JSSON2004",
  P5_TERNARY_COLON: "JSSON2005",
  P6_MEMBER_NAME: "JSSON2006",
  P7_INCLUDE_PATH: "JSSON2007",
  P8_MAP_SYNTAX: "JSSON2008",
  P9_TEMPLATE_NO_FIELDS: "JSSON2009",
  P10_TOO_MANY_ROW_VALUES: "JSSON2010",
  P11_PRESET_NAME: "JSSON2011",
  P12_AFTER_AT: "JSSON2012",
  P13_TOP_LEVEL_ONLY: "JSSON2013",
  P14_UNEXPECTED_KEYWORD: "JSSON2014",
  P15_UNEXPECTED_COMMA: "JSSON2015",
  /** `else if` / `else [` with no `if` branch before it (LANGUAGE.md §16.3). */
  P16_ELSE_WITHOUT_IF: "JSSON2016",
  R1_DIVISION_BY_ZERO: "JSSON3001",
  R2_MODULO_BY_ZERO: "JSSON3002",
  R3_UNSUPPORTED_OPERATION: "JSSON3003",
  R4_CANNOT_COMPARE: "JSSON3004",
  R5_RANGE_OPERAND: "JSSON3005",
  R6_RANGE_BOUNDS: "JSSON3006",
  R7_STEP_NOT_INTEGER: "JSSON3007",
  R8_STEP_ZERO: "JSSON3008",
  R9_STRING_RANGE_SUFFIX: "JSSON3009",
  R10_STRING_RANGE_PREFIX: "JSSON3010",
  R11_STRING_RANGE_STEP: "JSSON3011",
  R12_MAP_TARGET: "JSSON3012",
  R13_PROPERTY_NOT_FOUND: "JSSON3013",
  R14_NOT_AN_OBJECT: "JSSON3014",
  R15_UNDEFINED_VARIABLE: "JSSON3015",
  R16_PRESET_NOT_FOUND: "JSSON3016",
  R17_RECURSIVE_PRESET: "JSSON3017",
  R18_INTEGER_OVERFLOW: "JSSON3018",
  R19_NUMBER_OUT_OF_RANGE: "JSSON3019",
  R20_CANNOT_CONVERT: "JSSON3020",
  R21_RANGE_TOO_LARGE: "JSSON3021",
  /** C1 (LANGUAGE.md §16.3): `...e` in an array where `e` is not an array or a range. */
  C1_SPREAD_INTO_ARRAY: "JSSON3022",
  /** C2 (LANGUAGE.md §16.3): `...e` in an object body or at the top level where `e` is not an object. */
  C2_SPREAD_INTO_OBJECT: "JSSON3023",
  I1_CYCLIC_INCLUDE: "JSSON4001",
  I2_UNREADABLE_INCLUDE: "JSSON4002",
  I3_MERGE_CONFLICT: "JSSON4003",
  I4_ERROR_IN_INCLUDE: "JSSON4004",
  /** A data include (LANGUAGE.md §16.1) whose top level is not an object. */
  I5_DATA_NOT_OBJECT: "JSSON4005",
  /** A data document that cannot be read as data: syntax, duplicate key, tag, number out of range. */
  I6_DATA_INVALID: "JSSON4006",
  O_OUTPUT: "JSSON5001",
  LIMIT_DEPTH: "JSSON6001",
  LIMIT_ITEMS: "JSSON6002",
  LIMIT_STRING: "JSSON6003",
  LIMIT_OUTPUT: "JSSON6004",
  LIMIT_TIME: "JSSON6005",
  LIMIT_INCLUDES: "JSSON6006",
  LIMIT_SOURCE: "JSSON6007",
  CANCELLED: "JSSON6008",
  /** An external variable (LANGUAGE.md §16.2) the engine cannot use: bad name or value. */
  V1_EXTERNAL_VARIABLE: "JSSON7001",
  /** Warnings (LANGUAGE.md §16.5): they never stop a run, except under strict mode. */
  W1_NEAR_NAME: "JSSON8001",
  W2_BARE_OPERAND: "JSSON8002",
  W3_KEY_SET_AGAIN: "JSSON8003",
  W4_LINE_JOINS_ELEMENT: "JSSON8004",
  W5_UNKNOWN_ESCAPE: "JSSON8005",
  W6_INTERPOLATION_KEPT: "JSSON8006",
} as const;

export type DiagnosticCode = (typeof CODES)[keyof typeof CODES];

/**
 * A message of the catalogue: its code and its text, `{0}`, `{1}` … standing
 * for the arguments a detection site passes ({@link fill}). Several messages
 * may share a code (P4's `expected '}'` and `expected '{' after template`).
 */
export interface MessageTemplate<T extends string = string> {
  readonly code: DiagnosticCode;
  readonly text: T;
}

/** What fills a `{n}`: text (already quoted where the message quotes user text) or a number. */
export type MessageArg = string | number | bigint;

/** The placeholder numbers a template text holds (`"a {0} b {1}"` → `0 | 1`). */
type Placeholders<T extends string> = T extends `${string}{${infer Rest}` ? (Rest extends `${infer N extends number}}${infer After}` ? N | Placeholders<After> : Placeholders<Rest>) : never;
/** One argument per placeholder, in order. */
type ArgsFor<N extends number, Acc extends MessageArg[] = []> = [N] extends [never] ? Acc : ArgsFor<Exclude<N, Acc["length"]>, [...Acc, MessageArg]>;
/** The arguments a template text asks for. */
export type MessageArgs<T extends string> = ArgsFor<Placeholders<T>>;

/**
 * The messages of output errors (code JSSON5001, O1–O3 of LANGUAGE.md
 * §13.2) that a format raises while writing: what `jsson/plugin` hands to
 * format plugins (with {@link fillMessage}), the built-in formats' among
 * them. An emitter throws `OutputError(fillMessage(OUTPUT_MESSAGES.x, …), key)`.
 */
export const OUTPUT_MESSAGES = {
  numberNotRepresentable: { code: CODES.O_OUTPUT, text: "{0} cannot represent the number {1}" },
  tomlNullInArray: { code: CODES.O_OUTPUT, text: "TOML cannot represent null (in array at {0})" },
  /** O1 found while writing, when the pre-flight check that names the path was skipped. */
  tomlNullInArrayWriting: { code: CODES.O_OUTPUT, text: "TOML cannot represent null (in an array)" },
  tomlUnpairedSurrogate: { code: CODES.O_OUTPUT, text: "TOML cannot represent a string with an unpaired UTF-16 surrogate (at {0})" },
  tomlUnpairedSurrogateWriting: { code: CODES.O_OUTPUT, text: "TOML cannot represent a string with an unpaired UTF-16 surrogate" },
  typescriptKeyNotExportable: { code: CODES.O_OUTPUT, text: "key {0} cannot be exported as a TypeScript constant" },
  typescriptTypeNameCollision: { code: CODES.O_OUTPUT, text: "TypeScript type name collision: {0}" },
  /** `{0}`: the kind with its article (`an object`). */
  yamlDocumentsNeedArray: { code: CODES.O_OUTPUT, text: "YAML documents need an array (one document per element); the value to write is {0}" },
} as const satisfies Record<string, MessageTemplate>;

/**
 * The messages of LANGUAGE.md §13.2 and §16, by what they say. Detection
 * sites name one and pass its arguments; the text lives here only.
 */
export const MESSAGES = {
  // lexical
  illegalCharacter: { code: CODES.L1_ILLEGAL_CHARACTER, text: "stumbled upon a strange character: '{0}'" },
  unterminatedString: { code: CODES.L2_UNTERMINATED_STRING, text: "found an endless string (missing closing quote)" },
  invalidNumber: { code: CODES.L3_INVALID_NUMBER, text: "invalid number literal '{0}'" },
  integerTooLarge: { code: CODES.L4_INTEGER_TOO_LARGE, text: 'could not parse "{0}" as integer' },
  floatOutOfRange: { code: CODES.L6_FLOAT_OUT_OF_RANGE, text: 'could not parse "{0}" as float (number out of range)' },
  // syntax
  unexpectedToken: { code: CODES.P1_UNEXPECTED_TOKEN, text: "unexpected '{0}'" },
  expectedSeparator: { code: CODES.P2_EXPECTED_SEPARATOR, text: "expected ',' or a new line before '{0}'" },
  expectedAssign: { code: CODES.P3_EXPECTED_ASSIGN, text: "expected '=' after {0}" },
  expectedClosing: { code: CODES.P4_EXPECTED_CLOSING, text: "expected '{0}'" },
  expectedClosingBefore: { code: CODES.P4_EXPECTED_CLOSING, text: "expected '{0}' before '{1}'" },
  expectedBraceAfterPreset: { code: CODES.P4_EXPECTED_CLOSING, text: `expected '{' after @preset "{0}"` },
  expectedBraceAfterTemplate: { code: CODES.P4_EXPECTED_CLOSING, text: "expected '{' after template" },
  expectedBraceAfterIf: { code: CODES.P4_EXPECTED_CLOSING, text: "expected '{' after if (…)" },
  expectedBracketAfterIf: { code: CODES.P4_EXPECTED_CLOSING, text: "expected '[' after if (…)" },
  ternaryColon: { code: CODES.P5_TERNARY_COLON, text: "expected ':' in ternary expression" },
  memberName: { code: CODES.P6_MEMBER_NAME, text: "expected identifier after '.'" },
  includePath: { code: CODES.P7_INCLUDE_PATH, text: "expected a path string after include" },
  mapSyntax: { code: CODES.P8_MAP_SYNTAX, text: "expected {0} but found {1} instead" },
  templateNoFields: { code: CODES.P9_TEMPLATE_NO_FIELDS, text: "template must declare at least one field" },
  tooManyRowValues: { code: CODES.P10_TOO_MANY_ROW_VALUES, text: "too many values in template row (expected {0})" },
  presetName: { code: CODES.P11_PRESET_NAME, text: "expected preset name as string" },
  presetNameAfterUse: { code: CODES.P11_PRESET_NAME, text: "expected preset name as string after @use" },
  afterAt: { code: CODES.P12_AFTER_AT, text: "unexpected token after @: {0}" },
  includeTopLevelOnly: { code: CODES.P13_TOP_LEVEL_ONLY, text: "include is only allowed at top level" },
  presetTopLevelOnly: { code: CODES.P13_TOP_LEVEL_ONLY, text: "@preset is only allowed at top level" },
  unexpectedKeyword: { code: CODES.P14_UNEXPECTED_KEYWORD, text: "unexpected keyword '{0}'" },
  unexpectedComma: { code: CODES.P15_UNEXPECTED_COMMA, text: "unexpected ','" },
  elseWithoutIf: { code: CODES.P16_ELSE_WITHOUT_IF, text: "'else' without 'if'" },
  // runtime
  divisionByZero: { code: CODES.R1_DIVISION_BY_ZERO, text: "division by zero" },
  moduloByZero: { code: CODES.R2_MODULO_BY_ZERO, text: "modulo by zero" },
  unsupportedOperation: { code: CODES.R3_UNSUPPORTED_OPERATION, text: "unsupported binary operation: {0} {1} {2}" },
  cannotNegate: { code: CODES.R3_UNSUPPORTED_OPERATION, text: "unsupported binary operation: - {0} (only a number can be negated)" },
  cannotCompare: { code: CODES.R4_CANNOT_COMPARE, text: "can't compare {0} and {1}" },
  rangeOperand: { code: CODES.R5_RANGE_OPERAND, text: `cannot apply operator "{0}" to a range — expand it or use in an array context` },
  rangeBounds: { code: CODES.R6_RANGE_BOUNDS, text: "range bounds must be integers: {0} .. {1}" },
  stepNotInteger: { code: CODES.R7_STEP_NOT_INTEGER, text: "step must be integer: {0}" },
  stepZero: { code: CODES.R8_STEP_ZERO, text: "step cannot be 0" },
  stringRangeSuffix: { code: CODES.R9_STRING_RANGE_SUFFIX, text: "string range requires numeric suffix in both start and end" },
  stringRangePrefix: { code: CODES.R10_STRING_RANGE_PREFIX, text: 'string range prefixes must match (start: "{0}", end: "{1}")' },
  stringRangeStep: { code: CODES.R11_STRING_RANGE_STEP, text: "step must be an integer for string ranges" },
  stringRangeStepZero: { code: CODES.R11_STRING_RANGE_STEP, text: "step cannot be zero" },
  mapTarget: { code: CODES.R12_MAP_TARGET, text: "map target is not an array, it's a {0}" },
  propertyNotFound: { code: CODES.R13_PROPERTY_NOT_FOUND, text: 'property "{0}" not found' },
  notAnObject: { code: CODES.R14_NOT_AN_OBJECT, text: "left side of '.' is not an object" },
  undefinedVariable: { code: CODES.R15_UNDEFINED_VARIABLE, text: "undefined variable '{0}'" },
  presetNotFound: { code: CODES.R16_PRESET_NOT_FOUND, text: 'preset "{0}" not found — define it with @preset "{0}" { ... }' },
  presetNotFoundNear: { code: CODES.R16_PRESET_NOT_FOUND, text: 'preset "{0}" not found — define it with @preset "{0}" { ... }, or did you mean "{1}"?' },
  recursivePreset: { code: CODES.R17_RECURSIVE_PRESET, text: 'recursive preset "{0}"' },
  integerOverflow: { code: CODES.R18_INTEGER_OVERFLOW, text: "integer overflow" },
  numberOutOfRange: { code: CODES.R19_NUMBER_OUT_OF_RANGE, text: "number out of range" },
  cannotConvert: { code: CODES.R20_CANNOT_CONVERT, text: "cannot convert {0} to string" },
  rangeTooLarge: { code: CODES.R21_RANGE_TOO_LARGE, text: "range too large ({0} elements; limit {1})" },
  arrayTooLarge: { code: CODES.R21_RANGE_TOO_LARGE, text: "array too large (limit {0})" },
  stringRangeNumbersTooLarge: { code: CODES.R21_RANGE_TOO_LARGE, text: "string range numbers too large" },
  spreadIntoArray: { code: CODES.C1_SPREAD_INTO_ARRAY, text: "cannot spread {0} into an array" },
  spreadIntoObject: { code: CODES.C2_SPREAD_INTO_OBJECT, text: "cannot spread {0} into an object" },
  // include
  cyclicInclude: { code: CODES.I1_CYCLIC_INCLUDE, text: "cyclic include detected: {0}" },
  unreadableInclude: { code: CODES.I2_UNREADABLE_INCLUDE, text: 'could not read include file "{0}" ({1})' },
  mergeConflict: { code: CODES.I3_MERGE_CONFLICT, text: 'include merge conflict for key "{0}" from {1}' },
  errorInInclude: { code: CODES.I4_ERROR_IN_INCLUDE, text: 'error in included file "{0}"' },
  dataNotObject: { code: CODES.I5_DATA_NOT_OBJECT, text: 'included data file "{0}" must hold an object at its top level' },
  dataInvalid: { code: CODES.I6_DATA_INVALID, text: 'invalid {0} in "{1}": {2}' },
  dataIntegerOutOfRange: { code: CODES.I6_DATA_INVALID, text: 'integer out of range in "{0}"' },
  dataNumberOutOfRange: { code: CODES.I6_DATA_INVALID, text: 'cannot represent {0} from "{1}"' },
  dataDuplicateKey: { code: CODES.I6_DATA_INVALID, text: 'duplicate key "{0}" in "{1}"' },
  // output
  unknownFormat: { code: CODES.O_OUTPUT, text: 'unknown format "{0}"' },
  cannotSelect: { code: CODES.O_OUTPUT, text: "cannot select {0}: {1}" },
  unknownFormatOption: { code: CODES.O_OUTPUT, text: 'the {0} format has no option "{1}" ({2})' },
  formatOptionType: { code: CODES.O_OUTPUT, text: 'the {0} format\'s option "{1}" takes a {2}' },
  ...OUTPUT_MESSAGES,
  needsObjectAtTop: { code: CODES.O_OUTPUT, text: "{0} output needs an object at the top; the selected value ({1}) is {2}" },
  // limits
  nestingTooDeep: { code: CODES.LIMIT_DEPTH, text: "nesting too deep (limit {0})" },
  /** The call stack ran out while writing: the limit's number is not at hand. */
  nestingTooDeepWriting: { code: CODES.LIMIT_DEPTH, text: "nesting too deep" },
  includesTooDeep: { code: CODES.LIMIT_DEPTH, text: "includes nested too deeply (limit {0})" },
  expressionTooLong: { code: CODES.LIMIT_DEPTH, text: "expression too long (limit {0} operators in a row)" },
  tooManyValues: { code: CODES.LIMIT_ITEMS, text: "too many values (limit {0})" },
  valueTooLargeWritten: { code: CODES.LIMIT_ITEMS, text: "value too large when written out (over {0} values)" },
  valueTooLargeWrittenAbout: { code: CODES.LIMIT_ITEMS, text: "value too large when written out (about {0} values; limit {1})" },
  stringTooLong: { code: CODES.LIMIT_STRING, text: "string too long (limit {0} characters)" },
  outputTooLarge: { code: CODES.LIMIT_OUTPUT, text: "output too large (limit {0} bytes)" },
  timedOut: { code: CODES.LIMIT_TIME, text: "evaluation timed out (limit {0} ms)" },
  tooManyIncludes: { code: CODES.LIMIT_INCLUDES, text: "too many includes (limit {0})" },
  sourceTooLarge: { code: CODES.LIMIT_SOURCE, text: "source too large (limit {0} characters)" },
  cancelled: { code: CODES.CANCELLED, text: "evaluation cancelled" },
  // run options
  externalVariable: { code: CODES.V1_EXTERNAL_VARIABLE, text: 'external variable "{0}": {1}' },
  // warnings
  nearName: { code: CODES.W1_NEAR_NAME, text: `'{0}' is not defined and is used as the string "{0}" — did you mean '{1}'?` },
  bareOperand: { code: CODES.W2_BARE_OPERAND, text: `'{0}' is not defined and is used as the string "{0}" — quote it, or define it (an external variable: --var {0}=…)` },
  keySetAgain: { code: CODES.W3_KEY_SET_AGAIN, text: 'key "{0}" is set again; the value from line {1} is replaced' },
  lineJoinsElement: { code: CODES.W4_LINE_JOINS_ELEMENT, text: "this line continues the element above as '{0}'; write a comma before it to start a new element" },
  unknownEscape: { code: CODES.W5_UNKNOWN_ESCAPE, text: "'\\{0}' is not an escape in JSSON strings; the backslash is kept" },
  interpolationKept: { code: CODES.W6_INTERPOLATION_KEPT, text: "'${{0}}' is kept as written: {1}" },
  warningInInclude: { code: CODES.I4_ERROR_IN_INCLUDE, text: 'warning in included file "{0}"' },
} as const satisfies Record<string, MessageTemplate>;

/**
 * The messages of a schema that cannot be used (LANGUAGE.md §12.2, reported
 * as `schema: <message>`) and of the data failures the JSON Schema plugin
 * finds itself (path `$`), in our wording. They carry no code: schema errors
 * do not use the convention (§13.1). Every other data failure's message is
 * the reference's (the §12.3 table) or ajv's, and is the plugin's own.
 * Filled with {@link fillMessage}; docs/errors.md lists them all.
 */
export const SCHEMA_MESSAGES = {
  // the schema type and the text
  noSchemaType: { text: 'no schema type "{0}" is registered' },
  notText: { text: "the schema must be given as text" },
  unknownSchemaFormat: { text: 'unknown schema format "{0}" (expected json, yaml or toml)' },
  textTooLarge: { text: "schema text too large ({0} bytes; limit {1})" },
  emptyDocument: { text: "empty schema document" },
  /** `{0}`: JSON, YAML or TOML; `{1}`: the reader's first line. */
  invalidDocument: { text: "invalid {0}: {1}" },
  documentTooDeep: { text: "document nested too deeply" },
  /** `{0}`: the kind with its article (`an array`), or `null`. */
  notObject: { text: "a schema must be an object or a boolean, got {0}" },
  // the document's tree
  nestingTooDeep: { text: "nesting deeper than {0} levels" },
  refersToItself: { text: "document refers to itself (recursive YAML alias)" },
  documentTooLarge: { text: "document too large (more than {0} values, counting YAML aliases expanded)" },
  nonFiniteNumber: { text: "non-finite number {0} in schema" },
  unsupportedValue: { text: "unsupported value of type {0} in schema" },
  // the schema's keywords
  schemaNotString: { text: "$schema must be a string" },
  unsupportedDialect: { text: 'unsupported $schema "{0}" (supported: draft-07, 2019-09, 2020-12)' },
  tooManySubschemas: { text: "too many subschemas (more than {0})" },
  remoteRef: { text: "remote $ref not allowed: {0}" },
  /** `{0}`: `$ref`, `$id` …; `{1}`: the URI as written. */
  invalidUri: { text: "invalid {0} URI: {1}" },
  /** `{0}`: the pattern as JSON; `{1}`: why (one of the three below, or the regex engine's own words). */
  patternNotSupported: { text: "pattern {0} is not supported: {1}" },
  /** `{0}`: lookahead or lookbehind; `{1}`: `=`, `!`, `<=` or `<!`. */
  lookaround: { text: "{0} (?{1}…) is not supported by the linear-time engine" },
  backreference: { text: "backreference {0} is not supported by the linear-time engine" },
  unicodeProperty: { text: "Unicode property {0} is not supported by the linear-time engine" },
  // compiling and running it
  tooComplex: { text: "schema too complex to compile (recursion too deep)" },
  noProgress: { text: "validation does not terminate ($ref recursion without progress)" },
  validationFailed: { text: "validation failed: {0}" },
  // data failures of ours
  dataTooDeep: { text: "data nested too deeply to validate" },
  moreErrors: { text: "{0} more errors not shown" },
} as const satisfies Record<string, Pick<MessageTemplate, "text">>;

/**
 * The texts that complete a message: hints (after ` — `, issue #23: what the
 * text around the mistake shows was meant), reasons, and the notes of
 * related places. They carry no code: the message they complete has one.
 */
export const PHRASES = {
  // hints
  writeAsString: 'write it as a string: "{0}"',
  commentsStartWith: "comments in JSSON start with //",
  noDottedKeys: "JSSON has no dotted keys; write `{0}`",
  writeKeyAsString: 'write the key as a string: "{0}"',
  templatesBelongToBlock: "templates belong to an array block `{0} [ … ]` (no '=' or ':=' before its '[')",
  noOpenerToClose: "there is no '{0}' open for it to close",
  doesNotMatch: "'{0}' does not match the '{1}'{2}",
  onLine: " on line {0}",
  notClosed: "the '{0}'{1} is not closed",
  neverClosed: "this '{0}' is never closed",
  didYouMeanName: "did you mean '{0}'?",
  didYouMeanKey: 'did you mean "{0}"?',
  // related places
  unclosed: "unclosed '{0}'",
  fileEndsOpen: "the file ends here, with the '{0}' still open",
  // W6 reasons
  interpolationEmpty: "it is empty",
  interpolationIncomplete: "its inside is not one complete expression",
  notDefined: "'{0}' is not defined",
  // I2 details
  noIncludes: "includes are not available here",
  // why a --select path leads nowhere
  selectNotObject: "{0} is {1}, not an object",
  selectNoKey: "{0} has no key {1}",
  selectDidYouMean: "; did you mean {0}?",
  selectNotArray: "{0} is {1}, not an array",
  selectNoIndex: "{0} has {1} elements, no index {2}",
  selectNoIndexOfOne: "{0} has 1 element, no index {1}",
  selectFromDocument: "the document",
  // the options a format declares
  formatHasNoOptions: "it has none",
  formatHasOptions: "it has: {0}",
  // I6 details: why a data document cannot be read
  unexpectedEnd: "unexpected end of file",
  unexpectedCharacter: "unexpected character U+{0}",
  unexpectedChar: "unexpected '{0}'",
  digitAfterPoint: "expected a digit after '.'",
  digitInExponent: "expected a digit in the exponent",
  unterminatedString: "unterminated string",
  controlCharacter: "control character U+{0} in a string",
  badUnicodeEscape: "bad \\u escape",
  badEscape: "bad escape '\\{0}'",
  expectedCommaOr: "expected ',' or '{0}'",
  expectedKey: "expected a key (a string)",
  expectedColon: "expected ':'",
  moreThanOneDocument: "more than one document (a data file holds one)",
  unknownAlias: "unknown alias *{0}",
  aliasContainsItself: "alias *{0} refers to a node that contains it",
  unsupportedTag: "unsupported tag {0}",
  unsupportedValue: "unsupported value",
  unsupportedNode: "unsupported node",
  keyNotScalar: "a key must be a scalar",
  mergeKeyTakes: "a merge key (<<) takes a mapping or a list of mappings",
  // V1 details: an external variable's value the engine cannot hold
  cannotRepresent: "cannot represent {0}",
  integerOutOfRange: "integer out of range",
  unsupportedType: "unsupported value of type {0}",
  containsItself: "a value that contains itself",
  unsupportedObject: "unsupported value ({0})",
} as const;

/** Fill `{n}` of `text` with `args[n]`, in one pass (an argument's own `{0}` stays as it is). */
export function fillText<T extends string>(text: T, ...args: MessageArgs<T>): string {
  const values: readonly MessageArg[] = args;
  return text.indexOf("{") < 0 ? text : text.replace(/\{(\d+)\}/g, (whole, n: string) => (Number(n) < values.length ? String(values[Number(n)]) : whole));
}

/** The text of `template` with its arguments (for a message whose code the thrower implies, as `OutputError`'s, or that has none, as a schema problem's). */
export function fillMessage<T extends string>(template: Pick<MessageTemplate<T>, "text">, ...args: MessageArgs<T>): string {
  return fillText(template.text, ...args);
}

/** A catalogue message with its arguments filled in: what a detection site hands on. */
export interface CodedMessage {
  readonly code: DiagnosticCode;
  readonly message: string;
}

/** `template` with its arguments: the code and the message a diagnostic is made of. */
export function fill<T extends string>(template: MessageTemplate<T>, ...args: MessageArgs<T>): CodedMessage {
  return { code: template.code, message: fillText(template.text, ...args) };
}

/** `m` followed by a hint (` — <hint>`), when there is one. */
export function withHint(m: CodedMessage, hint: string | undefined): CodedMessage {
  return hint === undefined ? m : { code: m.code, message: `${m.message} — ${hint}` };
}
