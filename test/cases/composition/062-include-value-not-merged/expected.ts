export const n = "web" as const;

// Generated types
export type N = typeof n;
