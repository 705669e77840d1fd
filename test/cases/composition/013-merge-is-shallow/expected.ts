export const m = {
  db: {
    host: "b"
  },
  x: 1
} as const;

// Generated types
export type M = typeof m;
