export const x = [
  [
    1,
    2,
    3
  ],
  4
] as const;

// Generated types
export type X = typeof x;
