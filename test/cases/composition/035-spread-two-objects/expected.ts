export const o = {
  x: 1,
  y: 3,
  z: 4
} as const;

// Generated types
export type O = typeof o;
