export const m = {
  x: 3,
  y: 2,
  z: 4
} as const;

// Generated types
export type M = typeof m;
