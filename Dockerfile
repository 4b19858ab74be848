# Production image for Fly.io with LiteFS. Builds better-sqlite3 and the app in one stage,
# then copies only what runs into a slim image. Node 22 LTS.
FROM node:22-bookworm-slim AS base
ENV NODE_ENV=production
RUN apt-get update && apt-get install -y --no-install-recommends fuse3 ca-certificates sqlite3 && rm -rf /var/lib/apt/lists/*

FROM base AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# postinstall applies these patches (patch-package) and generates the Prisma client from the schema.
COPY patches ./patches
COPY prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
# `prisma` is a production dependency: the generated client and the CLI ship in node_modules, so
# nothing is downloaded when a machine boots.
RUN npm run build && npm prune --omit=dev && test -x node_modules/.bin/prisma

FROM base
COPY --from=flyio/litefs:0.5 /usr/local/bin/litefs /usr/local/bin/litefs
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/prisma.config.ts /app/package.json ./
# npm run db:backup / db:restore on a machine (fly ssh console).
COPY --from=build /app/other/scripts ./other/scripts
COPY other/litefs.yml /etc/litefs.yml
ENTRYPOINT ["litefs", "mount"]
