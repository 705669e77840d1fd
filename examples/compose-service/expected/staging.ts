export const name = "checkout" as const;

export const image = "registry.example.com/shop/checkout:1.8.2" as const;

export const ports = [
  8080,
  9229
] as const;

export const labels = {
  "app.kubernetes.io/name": "checkout",
  "app.kubernetes.io/part-of": "shop",
  "app.kubernetes.io/environment": "staging"
} as const;

export const env = {
  LOG_FORMAT: "json",
  PAYMENT_URL: "http://payments:9000",
  LOG_LEVEL: "info"
} as const;

export const resources = {
  cpu: "500m",
  memory: "512Mi"
} as const;

export const environment = "staging" as const;

export const replicas = 2 as const;

export const sidecars = [
  {
    name: "metrics",
    image: "prom/statsd-exporter:0.26.0",
    ports: [
      9102
    ]
  },
  {
    name: "tls-proxy",
    image: "envoyproxy/envoy:v1.30.1",
    ports: [
      8443
    ]
  }
] as const;

// Generated types
export type Name = typeof name;
export type Image = typeof image;
export type Ports = typeof ports;
export type Labels = typeof labels;
export type Env = typeof env;
export type Resources = typeof resources;
export type Environment = typeof environment;
export type Replicas = typeof replicas;
export type Sidecars = typeof sidecars;
