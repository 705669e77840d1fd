export const a = 2 as const;

export const b = 2 as const;

export const c = 2 as const;

export const d = 1 as const;

export const e = 1 as const;

export const f = 2 as const;

// Generated types
export type A = typeof a;
export type B = typeof b;
export type C = typeof c;
export type D = typeof d;
export type E = typeof e;
export type F = typeof f;
