export const l = [
  "a",
  "b",
  3
] as const;

// Generated types
export type L = typeof l;
