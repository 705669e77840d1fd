export const svc = {
  name: "web",
  ports: [
    80,
    443
  ],
  labels: {
    app: "web",
    tier: "front"
  }
} as const;

// Generated types
export type Svc = typeof svc;
