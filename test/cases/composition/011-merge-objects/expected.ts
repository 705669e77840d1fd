export const m = {
  a: 1,
  b: 3,
  c: 4
} as const;

// Generated types
export type M = typeof m;
