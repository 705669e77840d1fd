export const rows = [
  [
    1,
    2
  ],
  [
    2,
    4
  ]
] as const;

// Generated types
export type Rows = typeof rows;
