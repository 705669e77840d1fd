export const m = {
  a: 9,
  b: 2,
  c: 3
} as const;

// Generated types
export type M = typeof m;
