export const n = 42 as const;

export const s = "hello" as const;

// Generated types
export type N = typeof n;
export type S = typeof s;
