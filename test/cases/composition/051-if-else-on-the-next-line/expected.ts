export const o = {
  a: 2,
  b: 3
} as const;

// Generated types
export type O = typeof o;
