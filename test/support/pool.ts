/**
 * Start async jobs with at most `concurrency` running at once, and get one
 * promise per job (in job order). Lets a test file start all its CLI runs
 * up front while each uvu test awaits only its own result.
 *
 * ```ts
 * const runs = pool(cases.map((c) => () => runCli(c.args)), 2);
 * cases.forEach((c, i) => test(c.name, async () => { const r = await runs[i]; … }));
 * ```
 */
export function pool<T>(jobs: readonly (() => Promise<T>)[], concurrency: number): Promise<T>[] {
  const settlers: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const promises = jobs.map(() => new Promise<T>((resolve, reject) => void settlers.push({ resolve, reject })));
  // a job's failure is reported by the test that awaits it, never as an unhandled rejection
  for (const p of promises) p.catch(() => {});
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      try {
        settlers[i]!.resolve(await jobs[i]!());
      } catch (e) {
        settlers[i]!.reject(e);
      }
    }
  };
  for (let k = 0; k < Math.max(1, concurrency); k++) void worker();
  return promises;
}
