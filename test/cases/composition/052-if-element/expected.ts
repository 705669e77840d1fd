export const a = [
  1,
  2,
  3,
  4
] as const;

// Generated types
export type A = typeof a;
