export const web = {
  image: "nginx",
  port: 8080
} as const;

// Generated types
export type Web = typeof web;
