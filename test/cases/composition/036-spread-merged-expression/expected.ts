export const o = {
  x: 1,
  y: 2,
  z: 3
} as const;

// Generated types
export type O = typeof o;
