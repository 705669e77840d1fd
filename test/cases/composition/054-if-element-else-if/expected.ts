export const a = [
  "two"
] as const;

// Generated types
export type A = typeof a;
