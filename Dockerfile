# syntax=docker/dockerfile:1
# The web app, then the Go binary with the app embedded, then a small image.

FROM node:20-bookworm-slim AS web
WORKDIR /src
COPY package.json package-lock.json ./
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY gen/ts gen/ts
COPY frontend frontend
COPY backend/internal/web/dist/.keep backend/internal/web/dist/.keep
RUN npm run build --workspace frontend

FROM golang:1.26-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/backend/internal/web/dist backend/internal/web/dist
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/kesi ./backend/cmd/kesi

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=go /out/kesi /usr/local/bin/kesi
ENV KESI_ADDR=0.0.0.0:8080 KESI_DATA_DIR=/data
USER nonroot:nonroot
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/kesi"]
CMD ["serve"]
