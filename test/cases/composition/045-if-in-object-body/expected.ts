export const server = {
  port: 80,
  logLevel: "debug",
  verbose: true
} as const;

// Generated types
export type Server = typeof server;
