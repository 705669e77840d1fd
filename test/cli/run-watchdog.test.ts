// The watchdog of `--timeout` (cli/transpile/run-watchdog.ts) is disarmed when the run it holds returns,
// so it holds only a synchronous run: a promise would disarm it at its first pause and leave the rest of
// the run unwatched (#27 review: `transpileOnce`, an async function, was handed to it whole). The CLI now
// hands it the run's synchronous part (read, evaluate, check, emit) and writes the output after; these
// checks pin the refusal, and timeout-watchdog.test.ts / watch.test.ts stop real runs through the binary.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { underWatchdog } from "../../cli/transpile/run-watchdog.js";

test("a synchronous run under the watchdog returns its value, with a limit or none", () => {
  assert.equal(underWatchdog(60_000, () => ({ status: 0 })), { status: 0 });
  assert.is(underWatchdog(undefined, () => 7), 7);
  assert.is(underWatchdog(0, () => null), null);
});

test("a run that returns a promise is refused, with a limit or none: the watchdog would be gone at its first pause", async () => {
  for (const limit of [60_000, undefined]) {
    let settled: Promise<number> | undefined;
    assert.throws(
      () =>
        underWatchdog(limit, () => {
          settled = Promise.resolve(1);
          return settled;
        }),
      (e: unknown) => e instanceof TypeError && /returned a promise/.test(e.message),
    );
    assert.is(await settled, 1);
  }
});

test("an exception of the run passes through and disarms the watchdog", () => {
  assert.throws(
    () =>
      underWatchdog(60_000, () => {
        throw new RangeError("the run's own error");
      }),
    /the run's own error/,
  );
});

test.run();
