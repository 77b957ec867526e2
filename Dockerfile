# syntax=docker/dockerfile:1
# The production image: the web app precompressed and the server bundled (scripts/build.mjs),
# run as the unprivileged `node` user with only the server's runtime packages.
#   docker build -t gestionale .        docker compose up   (compose.yaml: PostgreSQL and S3)

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY apps/web apps/web
COPY scripts scripts
RUN node scripts/build.mjs --force

FROM node:20-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# The server's runtime packages only (no web, test or build tools).
RUN npm ci --omit=dev -w apps/server --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/app/data
WORKDIR /app
COPY --from=runtime-deps --chown=root:root /app/node_modules node_modules
COPY --from=runtime-deps /app/package.json package.json
COPY --from=runtime-deps /app/apps/server/package.json apps/server/package.json
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
