export const web = {
  replicas: 1,
  port: 443
} as const;

// Generated types
export type Web = typeof web;
