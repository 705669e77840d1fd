export const meta = {
  "app.kubernetes.io/name": "web",
  "x-y": 1
} as const;

// Generated types
export type Meta = typeof meta;
