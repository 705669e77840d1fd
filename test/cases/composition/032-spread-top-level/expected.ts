export const host = "localhost" as const;

export const port = 8080 as const;

// Generated types
export type Host = typeof host;
export type Port = typeof port;
