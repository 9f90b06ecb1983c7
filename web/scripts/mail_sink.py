"""The end-to-end tests' SMTP server (scripts/_web.sh): every message it receives is written to
DIRECTORY as one JSON file (to, subject, the plain-text body decoded), for Playwright to read.

Usage: python web/scripts/mail_sink.py PORT DIRECTORY (runs until terminated).
"""

import json
import signal
import sys
import threading
import time
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller


class Sink:
    """Keeps each message as a file named by its arrival, so the newest sorts last."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.count = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.content, policy=policy.default)
        plain = isinstance(message, EmailMessage)
        part = message.get_body(preferencelist=("plain",)) if plain else None
        text = part.get_content() if isinstance(part, EmailMessage) else ""
        self.count += 1
        record = {"to": list(envelope.rcpt_tos), "subject": str(message["Subject"]), "text": text}
        name = f"{time.time_ns()}-{self.count:04d}.json"
        temporary = self.directory / f".{name}"
        temporary.write_text(json.dumps(record), encoding="utf-8")
        temporary.rename(self.directory / name)  # never read half written
        return "250 OK"


def main() -> None:
    """Serve on 127.0.0.1:PORT until SIGTERM or SIGINT."""
    port, directory = int(sys.argv[1]), Path(sys.argv[2])
    directory.mkdir(parents=True, exist_ok=True)
    controller = Controller(Sink(directory), hostname="127.0.0.1", port=port)
    controller.start()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    controller.stop()


if __name__ == "__main__":
    main()
