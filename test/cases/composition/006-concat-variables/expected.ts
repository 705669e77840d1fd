export const all = [
  1,
  2,
  "a",
  true
] as const;

export const again = [
  1,
  2,
  "a",
  true,
  1,
  2
] as const;

// Generated types
export type All = typeof all;
export type Again = typeof again;
