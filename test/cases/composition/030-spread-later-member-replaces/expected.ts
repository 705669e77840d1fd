export const o = {
  a: 9,
  b: 2
} as const;

// Generated types
export type O = typeof o;
