export const final = {
  a: 100,
  b: 20,
  c: 30,
  d: 400
} as const;

// Generated types
export type Final = typeof final;
