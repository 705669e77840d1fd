export const ports = [
  80,
  443,
  8080
] as const;

// Generated types
export type Ports = typeof ports;
