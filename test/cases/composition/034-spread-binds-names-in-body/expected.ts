export const o = {
  host: "db",
  url: "db:5432"
} as const;

// Generated types
export type O = typeof o;
