export const a = [
  1,
  4,
  9,
  0
] as const;

// Generated types
export type A = typeof a;
