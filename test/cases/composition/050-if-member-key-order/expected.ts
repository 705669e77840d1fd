export const a = 3 as const;

export const b = 2 as const;

export const c = 4 as const;

// Generated types
export type A = typeof a;
export type B = typeof b;
export type C = typeof c;
