export const outer = {
  inner: {
    x: 1
  },
  k: 1
} as const;

// Generated types
export type Outer = typeof outer;
