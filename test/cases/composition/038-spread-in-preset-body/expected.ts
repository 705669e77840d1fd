export const api = {
  team: "core",
  replicas: 2
} as const;

// Generated types
export type Api = typeof api;
