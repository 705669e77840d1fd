export const y = 5 as const;

// Generated types
export type Y = typeof y;
