"""Where `marchlords login` keeps the server and the token: `credentials.json` in the user's
config directory (platformdirs: `$XDG_CONFIG_HOME/marchlords` on Linux), readable by its owner
only (0600, in a 0700 directory: a directory or file found with wider modes, say 0777 left by
another tool or an old umask, is narrowed whenever the CLI reads or writes it).
`MARCHLORDS_SERVER` and `MARCHLORDS_TOKEN` win over it for every command but `logout`, which
revokes and forgets the saved login only (see `saved`)."""

import json
import os
import stat
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from platformdirs import user_config_path

DEFAULT_SERVER = "http://127.0.0.1:8000"
DIRECTORY_MODE = 0o700
FILE_MODE = 0o600


@dataclass(frozen=True)
class Credentials:
    server: str
    token: str
    username: str


def config_dir() -> Path:
    return user_config_path("marchlords", appauthor=False, roaming=True)


def credentials_path() -> Path:
    return config_dir() / "credentials.json"


def _narrow(path: Path, mode: int) -> None:
    """Take group and other permissions off a path of ours (never widen, never follow a link)."""
    try:
        found = path.lstat()
    except FileNotFoundError:
        return
    if stat.S_ISLNK(found.st_mode) or found.st_uid != os.getuid():
        return
    if stat.S_IMODE(found.st_mode) & ~mode:
        os.chmod(path, stat.S_IMODE(found.st_mode) & mode)


def _private_dir() -> Path:
    directory = config_dir()
    directory.mkdir(mode=DIRECTORY_MODE, parents=True, exist_ok=True)  # no-op when it exists
    _narrow(directory, DIRECTORY_MODE)
    return directory


def saved() -> Credentials | None:
    """The credentials `login` saved, whatever the environment says (what `logout` revokes)."""
    path = credentials_path()
    if not path.is_file():
        return None
    _narrow(path.parent, DIRECTORY_MODE)
    _narrow(path, FILE_MODE)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    fields = {k: v for k, v in data.items() if isinstance(v, str)}
    if not fields.get("server") or not fields.get("token"):
        return None
    return Credentials(fields["server"], fields["token"], fields.get("username", ""))


def environment_token() -> str | None:
    return os.environ.get("MARCHLORDS_TOKEN") or None


def load() -> Credentials | None:
    """The credentials a command uses: the saved ones, with the environment's server and token
    over them."""
    login = saved()
    server = os.environ.get("MARCHLORDS_SERVER") or (login.server if login else None)
    token = environment_token() or (login.token if login else None)
    if not server or not token:
        return None
    return Credentials(server=server, token=token, username=login.username if login else "")


def save(credentials: Credentials) -> Path:
    """Write the credentials atomically, owner-only from the first byte."""
    directory = _private_dir()
    fd, temporary = tempfile.mkstemp(prefix=".credentials-", dir=directory)  # mode 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(asdict(credentials), handle, indent=2)
            handle.write("\n")
        os.chmod(temporary, FILE_MODE)
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
