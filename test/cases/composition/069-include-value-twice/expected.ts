export const a = 7 as const;

export const b = 7 as const;

// Generated types
export type A = typeof a;
export type B = typeof b;
