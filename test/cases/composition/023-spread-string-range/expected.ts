export const hosts = [
  "srv-01",
  "srv-02",
  "srv-03",
  "db"
] as const;

// Generated types
export type Hosts = typeof hosts;
