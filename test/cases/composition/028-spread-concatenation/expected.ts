export const c = [
  1,
  2,
  3
] as const;

// Generated types
export type C = typeof c;
