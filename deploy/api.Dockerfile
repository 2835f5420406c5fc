# The API image used by compose.yaml (not built in CI; see the comment at the top of compose.yaml).
# One image serves the API, both WebSocket endpoints and the built web app.
FROM node:20-bookworm-slim
RUN corepack enable
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm run build && chown -R node:node /app
USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]
