/**
 * Raised inside the plugin when the schema itself is unusable (does not
 * parse, exceeds a cap, does not compile). `validate` catches it and answers
 * with a `schema: <message>` line; it never escapes the plugin.
 */
export class SchemaProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SchemaProblem";
  }
}
