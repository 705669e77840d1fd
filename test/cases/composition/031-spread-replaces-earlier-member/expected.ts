export const o = {
  a: 1,
  c: 3,
  b: 2
} as const;

// Generated types
export type O = typeof o;
