export const o = {
  a: 1,
  b: 2,
  c: 3
} as const;

// Generated types
export type O = typeof o;
