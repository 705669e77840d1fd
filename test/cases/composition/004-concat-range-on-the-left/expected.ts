export const a = [
  1,
  2,
  3,
  4
] as const;

export const b = [
  "n-1",
  "n-2",
  "x"
] as const;

// Generated types
export type A = typeof a;
export type B = typeof b;
