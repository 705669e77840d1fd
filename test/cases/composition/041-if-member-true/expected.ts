export const name = "web" as const;

export const replicas = 3 as const;

// Generated types
export type Name = typeof name;
export type Replicas = typeof replicas;
