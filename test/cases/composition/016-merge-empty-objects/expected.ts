export const a = {
  x: 1
} as const;

export const b = {
  x: 1
} as const;

export const c = {} as const;

// Generated types
export type A = typeof a;
export type B = typeof b;
export type C = typeof c;
