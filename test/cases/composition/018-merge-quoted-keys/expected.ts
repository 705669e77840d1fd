export const m = {
  "app.kubernetes.io/name": "api",
  "x-y": 1
} as const;

// Generated types
export type M = typeof m;
