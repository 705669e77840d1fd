// The locating pass (internal.ts locatePlaces) and schemaCheck: the check and the locating pass of a failed check run within the run's one time limit.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CODES, createEngine, schemaCheck, type DataCheck } from "../../index.js";
import { locatePlaces } from "../../core/engine/internal.js";

const SCHEMA = JSON.stringify({ type: "object", properties: { replicas: { type: "integer", minimum: 1 } } });
const SOURCE = "name = \"api\"\nreplicas = 0\n";

function failedCheck(timeoutMs: number) {
  const evaluated = createEngine().evaluate(SOURCE, { limits: { timeoutMs } });
  if (!evaluated.ok) throw new Error("the source evaluates");
  const checked = evaluated.validate(SCHEMA);
  if (!checked.ok || checked.result.valid) throw new Error("the check fails");
  return { evaluated, failures: checked.result.failures ?? [] };
}

test("a failure is placed while the run has time left", () => {
  const { evaluated, failures } = failedCheck(10_000);
  const places = locatePlaces(evaluated, failures);
  assert.ok(places !== undefined);
  assert.is(places[0]?.line, 2);
});

test("no places once the run's time limit has passed: the locating pass gets no second limit", () => {
  const { evaluated, failures } = failedCheck(30);
  const until = Date.now() + 40;
  while (Date.now() < until) {
    // let the run's limit pass
  }
  assert.is(locatePlaces(evaluated, failures), undefined);
});

test("schemaCheck: the verdict, the output and each failure's place from one evaluation", () => {
  const evaluated = createEngine().evaluate(SOURCE, { format: "yaml", limits: { timeoutMs: 10_000 } });
  if (!evaluated.ok) throw new Error("the source evaluates");
  const checked = schemaCheck(evaluated, { text: SCHEMA });
  if (!checked.ok) throw new Error("no source error");
  assert.is(checked.result.valid, false);
  assert.is(checked.output, "name: api\nreplicas: 0\n");
  assert.equal(checked.data, { name: "api", replicas: 0 });
  assert.is(checked.places?.length, checked.result.failures?.length);
  assert.is(checked.places?.[0]?.line, 2);
  const passed = schemaCheck(evaluated, { text: JSON.stringify({ type: "object" }) });
  assert.is(passed.ok && passed.result.valid && passed.places === undefined, true);
});

test("schemaCheck: a data check done elsewhere gets the time the run has left; no answer in that time is the run's time limit", () => {
  const evaluated = createEngine().evaluate(SOURCE, { limits: { timeoutMs: 60_000 } });
  if (!evaluated.ok) throw new Error("the source evaluates");
  let given = 0;
  const never: DataCheck = (_data, _schema, _options, timeLeftMs) => {
    given = timeLeftMs;
    return undefined;
  };
  const checked = schemaCheck(evaluated, { text: SCHEMA }, never);
  assert.ok(given > 0 && given <= 60_000);
  assert.is(checked.ok, false);
  assert.is(!checked.ok && checked.diagnostics[0]?.code, CODES.LIMIT_TIME);
  const unlimited = createEngine().evaluate(SOURCE);
  if (!unlimited.ok) throw new Error("the source evaluates");
  const engine = createEngine();
  const elsewhere: DataCheck = (data, schema, options, timeLeftMs) => {
    given = timeLeftMs;
    return engine.validate(data, schema, options);
  };
  const r = schemaCheck(unlimited, { text: SCHEMA }, elsewhere);
  assert.is(given, Infinity);
  assert.is(r.ok && r.places?.[0]?.line, 2);
});

test.run();
