export const a = [
  0,
  5,
  10,
  99
] as const;

// Generated types
export type A = typeof a;
