# Production image: always runs against DATABASE_URL (no embedded database).
# Installs exactly the versions of uv.lock with the `tracing` extra (OpenTelemetry, on only when
# the OTEL_* variables ask for it), without the `dev`, `embedded` and `browser` extras.
FROM python:3.11-slim AS build

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    UV_PYTHON_DOWNLOADS=never \
    UV_PROJECT_ENVIRONMENT=/opt/venv \
    UV_PYTHON=/usr/local/bin/python3.11 \
    UV_COMPILE_BYTECODE=1 \
    UV_LINK_MODE=copy \
    UV_NO_CACHE=1

WORKDIR /srv/marchlords

# uv, at the version locked in uv.lock, only in this stage.
COPY pyproject.toml uv.lock ./
# The dev extra's path dependencies (the generated client and the CLI): their metadata only, so
# that --locked can check uv.lock; neither is installed in the image.
COPY clients/python/pyproject.toml ./clients/python/
COPY clients/cli/pyproject.toml ./clients/cli/
RUN pip install "uv==$(python -c 'import tomllib; print(next(p["version"] for p in tomllib.load(open("uv.lock", "rb"))["package"] if p["name"] == "uv"))')"

# The dependencies only: the code is copied beside them below (uvicorn and alembic import it
# from the working directory). --locked fails the build if uv.lock no longer matches
# pyproject.toml.
RUN uv sync --locked --no-install-project --extra tracing


# The web client (web/): built with the Node of its package-lock (devDependencies only here);
# the image carries the built files, served at / by app/shell/web/client.py.
FROM node:24-slim AS web
WORKDIR /web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build


FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH

WORKDIR /srv/marchlords

COPY --from=build /opt/venv /opt/venv
COPY app ./app
COPY migrations ./migrations
COPY alembic.ini ./
# The rulebook the server renders at /rules and /rules/fr (app/shell/web/rulebook.py).
COPY docs/rules.md docs/rules.fr.md ./docs/
COPY --from=web /web/dist ./web/dist
RUN useradd --system --home-dir /srv/marchlords marchlords

USER marchlords
EXPOSE 8000

# Ready when the database answers (python-slim has no curl).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=4)"]

# `exec` makes uvicorn PID 1's successor so it receives SIGTERM and shuts down gracefully.
# --no-proxy-headers: the app believes X-Forwarded-For only from MARCHLORDS_TRUSTED_PROXIES.
CMD ["sh", "-c", "test -n \"$DATABASE_URL\" || { echo 'DATABASE_URL is required' >&2; exit 1; }; alembic upgrade head && exec uvicorn app.main:create_app --factory --host 0.0.0.0 --port 8000 --no-proxy-headers --no-access-log --timeout-graceful-shutdown 5"]
