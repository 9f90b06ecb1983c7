"""The base of the app's pure ASGI middlewares (pure ASGI so event streams keep streaming)."""

from starlette.types import ASGIApp, Receive, Scope, Send


class HTTPMiddleware:
    """Handles HTTP requests in `handle`; lifespan and other scopes pass through untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.handle(scope, receive, send)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        raise NotImplementedError
