"""Where `marchlords login` keeps the server and the token: `credentials.json` in the user's
config directory (platformdirs: `$XDG_CONFIG_HOME/marchlords` on Linux), readable by its owner
only (0600, in a 0700 directory). `MARCHLORDS_SERVER` and `MARCHLORDS_TOKEN` win over it."""

import json
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from platformdirs import user_config_path

DEFAULT_SERVER = "http://127.0.0.1:8000"


@dataclass(frozen=True)
class Credentials:
    server: str
    token: str
    username: str


def config_dir() -> Path:
    return user_config_path("marchlords", appauthor=False, roaming=True)


def credentials_path() -> Path:
    return config_dir() / "credentials.json"


def load() -> Credentials | None:
    """The saved credentials, with the environment's server and token over them."""
    saved: dict[str, str] = {}
    path = credentials_path()
    if path.is_file():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        if isinstance(data, dict):
            saved = {k: v for k, v in data.items() if isinstance(v, str)}
    server = os.environ.get("MARCHLORDS_SERVER") or saved.get("server")
    token = os.environ.get("MARCHLORDS_TOKEN") or saved.get("token")
    if not server or not token:
        return None
    return Credentials(server=server, token=token, username=saved.get("username", ""))


def save(credentials: Credentials) -> Path:
    """Write the credentials atomically, owner-only from the first byte."""
    directory = config_dir()
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=".credentials-", dir=directory)  # mode 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(asdict(credentials), handle, indent=2)
            handle.write("\n")
        os.chmod(temporary, 0o600)
        path = credentials_path()
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def forget() -> bool:
    """Remove the saved credentials; whether there were any."""
    path = credentials_path()
    existed = path.exists()
    path.unlink(missing_ok=True)
    return existed
