# syntax=docker/dockerfile:1
# The service image: the NestJS service, its projections and the built console, on Node 24, as a
# non-root user. Build: docker build -t carbon-ledger . (docker-compose.yml builds it for you).
ARG NODE_IMAGE=node:24-bookworm-slim

# The workspace manifests, for both stages' npm ci: the dependency layer is rebuilt only when they change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY projections/package.json projections/
COPY bench-kit/package.json bench-kit/
COPY xrpl-sandbox/package.json xrpl-sandbox/
COPY ledger-service/package.json ledger-service/
COPY bench/package.json bench/
COPY console/package.json console/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
# tsc -b for the server packages, Vite for the console (a production bundle).
RUN npm run build

FROM manifests AS runtime
ENV NODE_ENV=production
# Production dependencies only; the workspaces are linked to the built packages copied below.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/projections/dist projections/dist
COPY --from=build /app/bench-kit/dist bench-kit/dist
COPY --from=build /app/xrpl-sandbox/dist xrpl-sandbox/dist
COPY --from=build /app/ledger-service/dist ledger-service/dist
COPY --from=build /app/console/dist console/dist
# The bundled sanctions sample is read from the source tree (SANCTIONS_LIST_PATH replaces it).
COPY --from=build /app/ledger-service/src/kyc/sanctions ledger-service/src/kyc/sanctions
RUN mkdir -p /var/lib/carbon-ledger && chown node:node /var/lib/carbon-ledger
USER node
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/var/lib/carbon-ledger
EXPOSE 3000 9464
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT ?? 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# No demo organisation in a deployment.
CMD ["node", "ledger-service/dist/main.js", "--no-demo"]
