/**
 * Whether an evaluated tree should be streamed by itself (HTTP.md §6,
 * LANGUAGE.md §11): some array or range in it has more elements than the
 * threshold. Lazy arrays are judged by their length without being expanded;
 * the walk gives up (and says "stream") once it has seen more than four
 * times the threshold of values in total, so deciding never costs more than
 * emitting.
 */
import { LazyArray, ObjectValue, type Value } from "../../../../core/values/values.js";

export function exceedsStreamThreshold(root: ObjectValue, threshold: number): boolean {
  let budget = Math.max(threshold, 1) * 4;
  // Only containers are stacked; scalars are counted where they are found.
  const stack: (Value[] | ObjectValue)[] = [root];
  for (let c = stack.pop(); c !== undefined; c = stack.pop()) {
    let items: readonly Value[];
    if (c instanceof ObjectValue) items = c.values;
    else {
      if (c.length > threshold) return true;
      items = c;
    }
    budget -= items.length + 1;
    if (budget < 0) return true;
    for (let i = 0; i < items.length; i++) {
      const v = items[i] as Value;
      if (v === null || typeof v !== "object") continue;
      if (v instanceof ObjectValue || Array.isArray(v)) stack.push(v);
      else if (v instanceof LazyArray && v.length > threshold) return true;
    }
  }
  return false;
}
