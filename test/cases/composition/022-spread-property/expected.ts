export const t = [
  "a",
  "b",
  "c"
] as const;

// Generated types
export type T = typeof t;
