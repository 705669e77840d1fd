export const db = {
  host: "db1",
  port: 5432
} as const;

// Generated types
export type Db = typeof db;
