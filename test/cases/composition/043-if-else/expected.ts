export const cpu = "500m" as const;

// Generated types
export type Cpu = typeof cpu;
