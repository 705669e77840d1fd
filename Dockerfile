# syntax=docker/dockerfile:1
# The jsson HTTP service as a container image (docs/deploy.md):
#
#   docker build -t jsson .
#   docker run --rm -p 8090:8090 -e JSSON_WORKERS=2 jsson
#
# Two stages. "build" installs every dependency, builds (npm pack runs
# prepack: tsc and the playground bundle) and unpacks the tarball npm would
# publish. "runtime" is that tarball's files plus the production
# dependencies of package-lock.json, nothing else: no sources, no tests, no
# compiler. test/deploy/installed-package.test.ts repeats the runtime stage
# on the host (pack, unpack, npm ci --omit=dev, run as an unprivileged user
# configured by the environment only) and calls every endpoint.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm pack --pack-destination /tmp \
 && mkdir /package \
 && tar -xzf /tmp/jsson-*.tgz -C /package --strip-components=1 \
 && cp package-lock.json /package/

FROM ${NODE_IMAGE} AS runtime
# tini as PID 1: it hands SIGTERM / SIGINT to node and reaps what exits.
# (node as PID 1 would also get SIGTERM, since `jsson serve` handles it, but
# nothing would reap orphans, and a signal before the handlers are installed
# would be ignored, as the kernel ignores unhandled signals for PID 1.)
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /package/ ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force
# Processes and evaluation threads default to the number of cores Node sees,
# which in a container is the host's, not the CPU limit's: set them for the
# container (docs/deploy.md, "Sizing"). One HTTP process per container;
# scale with replicas.
ENV JSSON_PROCESSES=1 \
    JSSON_WORKERS=2
# The official image's "node" user, by number so that Kubernetes'
# runAsNonRoot can check it. The files under /app stay root's: read-only.
USER 1000:1000
EXPOSE 8090
# /livez answers while the process can; no curl in a slim image, so node's fetch.
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.JSSON_PORT || process.env.PORT || 8090) + '/livez', { signal: AbortSignal.timeout(3000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--", "node", "/app/bin/jsson.js"]
CMD ["serve"]
