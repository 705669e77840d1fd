export const a = [
  1,
  2
] as const;

export const b = [
  "a",
  "b",
  "c"
] as const;

// Generated types
export type A = typeof a;
export type B = typeof b;
