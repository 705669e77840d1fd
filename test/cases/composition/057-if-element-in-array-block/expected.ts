export const ports = [
  80,
  443
] as const;

// Generated types
export type Ports = typeof ports;
