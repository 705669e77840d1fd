export const a = [
  {
    n: 1
  },
  {
    n: 2
  },
  {
    n: 3
  }
] as const;

// Generated types
export type A = typeof a;
