export const nodes = [
  {
    kind: "node",
    id: 1
  },
  {
    kind: "node",
    id: 2
  },
  {
    kind: "node",
    id: 3
  }
] as const;

// Generated types
export type Nodes = typeof nodes;
