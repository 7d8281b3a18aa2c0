# Strata tile server: multi-stage build.
# Mirrors .ci/run: the same apt packages, then a release build of the `strata` product
# (CI runs `swift test` on top; no Docker engine runs where CI does, so keep both in step).

# ---- build ----------------------------------------------------------------------------------
FROM swift:6.3-bookworm AS build
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libpng-dev zlib1g-dev libdeflate-dev libisal-dev libsqlite3-dev libjpeg62-turbo-dev libwebp-dev libfreetype-dev libharfbuzz-dev libicu-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Resolve dependencies in their own layer so source edits do not refetch them.
COPY Package.swift ./
RUN swift package resolve
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product strata \
 && mkdir -p /out \
 && cp "$(swift build -c release --show-bin-path)/strata" /out/ \
 # Resource bundles (StyleSpec's v8.json, GRDB's privacy manifest) are read at run time.
 && find "$(swift build -c release --show-bin-path)" -maxdepth 1 -name '*.resources' -exec cp -R {} /out/ \;

# ---- runtime --------------------------------------------------------------------------------
FROM swift:6.3-bookworm-slim
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libpng16-16 zlib1g libdeflate0 libisal2 libsqlite3-0 libjpeg62-turbo libwebp7 libfreetype6 libharfbuzz0b libicu72 fonts-noto-core curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --home /srv/strata strata
WORKDIR /srv/strata
COPY --from=build /out/ /srv/strata/bin/
COPY config ./config
COPY Public ./Public
# The session store lives in the data directory: keep it writable (mount a volume for durability).
RUN chown -R strata /srv/strata/config/data
USER strata
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD curl -fs http://127.0.0.1:8080/health || exit 1
# Listen on all interfaces inside the container; everything else comes from config/server.json.
CMD ["/srv/strata/bin/strata", "serve", "--config", "/srv/strata/config/server.json", "--host", "0.0.0.0"]
