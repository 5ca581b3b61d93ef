# The contentrepo server image. Two stages: `build` installs every dependency (compiling better-sqlite3's native
# addon) and runs `pnpm build`; the runtime image gets the server bundle, the web assets and the production
# dependencies only, and runs as the unprivileged `node` user. README "Containers" describes building and running it.
#
#   docker build -t contentrepo .
#   docker run -p 8080:8080 -v contentrepo-data:/data contentrepo
#
# CI cannot build images; apps/server/test/containers/ lints this file and runs its CMD on the machine itself.

ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles its native addon during the install (.npmrc: build-from-source): it needs Python, make and
# a C++ compiler. sharp's prebuilt binaries come inside its npm packages.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The pnpm release named by package.json's packageManager field.
RUN npm install -g pnpm@10.34.9
WORKDIR /app
# The packages first, from the lockfile alone: this layer is reused until the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline \
  && pnpm build
# Production dependencies only, at the same paths (the bundle imports its native add-ons by their path below
# node_modules/.pnpm); the addon compiled above is reused from pnpm's store.
RUN rm -rf node_modules apps/*/node_modules packages/*/node_modules tools/*/node_modules \
  && pnpm install --frozen-lockfile --offline --prod

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATA_DIR=/data
WORKDIR /app
# What the server reads at run time: the bundle (apps/server/dist/bundle), its package.json (the version), the
# pages' assets (apps/server/web), the content browser (apps/admin/dist), the packages the bundle leaves in
# node_modules (native add-ons, MikroORM, pg) and the health check script. Owned by root: the server cannot change them.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist/bundle ./apps/server/dist/bundle
COPY --from=build /app/apps/server/web/pages.css ./apps/server/web/pages.css
COPY --from=build /app/apps/server/web/dist ./apps/server/web/dist
COPY --from=build /app/apps/admin/dist ./apps/admin/dist
COPY --from=build /app/deploy/healthcheck.mjs ./deploy/healthcheck.mjs
# DATA_DIR: the SQLite database and, with STORAGE=local, the stored files; the only folder the server writes.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# Liveness (the process answers); compose.yaml checks /readyz (the database answers) instead.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "deploy/healthcheck.mjs", "/healthz"]
# The production start command, as README "Quick start" and `pnpm start` run it after the build.
CMD ["node", "apps/server/dist/bundle/main.mjs"]
