export const a = [] as const;

export const b = [
  0,
  2
] as const;

// Generated types
export type A = typeof a;
export type B = typeof b;
