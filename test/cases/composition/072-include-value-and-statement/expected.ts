export const name = "web" as const;

export const ports = [
  80,
  443
] as const;

export const labels = {
  app: "web",
  tier: "front"
} as const;

export const again = {
  app: "web",
  tier: "front"
} as const;

// Generated types
export type Name = typeof name;
export type Ports = typeof ports;
export type Labels = typeof labels;
export type Again = typeof again;
