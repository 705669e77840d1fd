export const c = {
  title: "x",
  server: {
    port: 8080
  }
} as const;

// Generated types
export type C = typeof c;
