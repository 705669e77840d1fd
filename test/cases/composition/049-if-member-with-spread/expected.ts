export const replicas = 5 as const;

export const cpu = "2" as const;

// Generated types
export type Replicas = typeof replicas;
export type Cpu = typeof cpu;
