export const replicas = 2 as const;

// Generated types
export type Replicas = typeof replicas;
