# Production image: always runs against DATABASE_URL (no embedded database).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /srv/marchlords

# Dependencies first so that code-only changes reuse the cached layer.
COPY pyproject.toml README.md ./
RUN mkdir app && touch app/__init__.py && pip install . && pip uninstall -y marchlords

COPY app ./app
COPY migrations ./migrations
COPY alembic.ini ./
RUN pip install --no-deps . \
    && useradd --system --home-dir /srv/marchlords marchlords

USER marchlords
EXPOSE 8000

# `exec` makes uvicorn PID 1's successor so it receives SIGTERM and shuts down gracefully.
# --no-proxy-headers: the app believes X-Forwarded-For only from MARCHLORDS_TRUSTED_PROXIES.
CMD ["sh", "-c", "test -n \"$DATABASE_URL\" || { echo 'DATABASE_URL is required' >&2; exit 1; }; alembic upgrade head && exec uvicorn app.main:create_app --factory --host 0.0.0.0 --port 8000 --no-proxy-headers --no-access-log --timeout-graceful-shutdown 5"]
