export const one = 1 as const;

export const three = 3 as const;

// Generated types
export type One = typeof one;
export type Three = typeof three;
