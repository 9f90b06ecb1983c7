"""Request limits: body size, write rate per user, failed logins per username and client IP."""

from app.shell.limits.routes import guard_routes, install_limits, install_proxy_headers

__all__ = ["guard_routes", "install_limits", "install_proxy_headers"]
