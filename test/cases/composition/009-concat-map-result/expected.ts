export const a = [
  0,
  10,
  20,
  30
] as const;

// Generated types
export type A = typeof a;
