export const a = [] as const;

export const b = [
  1
] as const;

export const c = [
  2
] as const;

// Generated types
export type A = typeof a;
export type B = typeof b;
export type C = typeof c;
