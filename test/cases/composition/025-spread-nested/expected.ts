export const c = [
  1,
  2,
  1,
  2,
  1
] as const;

// Generated types
export type C = typeof c;
