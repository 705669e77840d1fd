export const web = {
  image: "nginx",
  replicas: 3,
  port: 80
} as const;

// Generated types
export type Web = typeof web;
