export const b = 2 as const;

// Generated types
export type B = typeof b;
