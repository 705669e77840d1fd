export const v = {
  s: "secret"
} as const;

// Generated types
export type V = typeof v;
