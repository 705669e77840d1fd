export const a = [
  1
] as const;

// Generated types
export type A = typeof a;
