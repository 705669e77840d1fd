/**
 * Whether an evaluated tree should be streamed by itself (HTTP.md §6,
 * LANGUAGE.md §11): some array or range in it has more elements than the
 * threshold. Lazy arrays are judged by their length without being expanded;
 * the walk gives up (and says "stream") once it has seen more values than
 * the threshold in total, so deciding never costs more than emitting.
 */
import { LazyArray, ObjectValue, type Value } from "../../../core/plugin.js";

export function exceedsStreamThreshold(root: ObjectValue, threshold: number): boolean {
  let budget = Math.max(threshold, 1) * 4;
  const stack: Value[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object") continue;
    if (--budget < 0) return true;
    if (v instanceof LazyArray) {
      if (v.length > threshold) return true;
      continue;
    }
    if (v instanceof ObjectValue) {
      for (const item of v.values) stack.push(item);
      continue;
    }
    if (Array.isArray(v)) {
      if (v.length > threshold) return true;
      for (const item of v) stack.push(item);
    }
  }
  return false;
}
