export const a = [
  0,
  1,
  2,
  3
] as const;

// Generated types
export type A = typeof a;
