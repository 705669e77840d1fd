// Evaluation.locate: the locating pass of a failed check runs within the run's one time limit.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine } from "../../index.js";

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
  const places = evaluated.locate(failures);
  assert.ok(places !== undefined);
  assert.is(places[0]?.line, 2);
});

test("no places once the run's time limit has passed: the locating pass gets no second limit", () => {
  const { evaluated, failures } = failedCheck(30);
  const until = Date.now() + 40;
  while (Date.now() < until) {
    // let the run's limit pass
  }
  assert.is(evaluated.locate(failures), undefined);
});

test.run();
