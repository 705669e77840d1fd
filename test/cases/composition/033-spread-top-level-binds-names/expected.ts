export const host = "db" as const;

export const port = 5432 as const;

export const url = "db:5432" as const;

// Generated types
export type Host = typeof host;
export type Port = typeof port;
export type Url = typeof url;
