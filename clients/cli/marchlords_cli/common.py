"""What every command shares: the session, naming a campaign, calling the generated client,
showing the answer (text, or `--json`) and the server's problem, and the exit codes."""

import json
import re
import uuid
from collections.abc import Callable, Iterable
from typing import Annotated, Any, NoReturn

import httpx
import typer
from marchlords_client import AuthenticatedClient
from marchlords_client.api.campaigns import campaigns_list_campaigns
from marchlords_client.types import UNSET, Response

from marchlords_cli import config

EXIT_REFUSED = 1
EXIT_USAGE = 2
EXIT_UNREACHABLE = 3
TIMEOUT = httpx.Timeout(30.0)

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON (for scripts).")]
CampaignOption = Annotated[
    str,
    typer.Option(
        "--campaign",
        "-c",
        envvar="MARCHLORDS_CAMPAIGN",
        help="Campaign id, a unique prefix of it, or its exact name.",
    ),
]
Request = Callable[[AuthenticatedClient, uuid.UUID], Response[Any]]
Text = str | Callable[[Any], Iterable[str]] | None


def group(help_text: str) -> typer.Typer:
    """A command group (`marchlords battle …`), shaped like the main app."""
    return typer.Typer(help=help_text, no_args_is_help=True, add_completion=False)


# -- output and errors -------------------------------------------------------------------------


def emit(value: Any) -> None:
    """One JSON document on stdout."""
    typer.echo(json.dumps(value, indent=2, sort_keys=True, default=str, ensure_ascii=False))


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """`n` and the English noun in its form for it ("1 turn", "2 turns", "0 turns")."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def fail(code: int, message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def refused(response: Response[Any], as_json: bool) -> NoReturn:
    """Show the server's problem (RFC 9457) and exit 1."""
    try:
        problem = json.loads(response.content)
    except ValueError:
        problem = None
    if not isinstance(problem, dict):
        problem = {"status": int(response.status_code), "title": response.content.decode()[:200]}
    if as_json:
        emit(problem)
    title = problem.get("title") or "refused"
    line = f"{title} ({problem.get('status', int(response.status_code))})"
    if problem.get("detail"):
        line += f": {problem['detail']}"
    if problem.get("code"):
        line += f" [{problem['code']}]"
    typer.echo(f"error: {line}", err=True)
    for item in problem.get("errors") or []:
        if isinstance(item, dict):
            where = ".".join(str(part) for part in item.get("loc", []))
            typer.echo(f"  {where}: {item.get('msg', '')}", err=True)
    raise typer.Exit(EXIT_REFUSED)


def answer(request: Callable[[], Response[Any]], as_json: bool) -> Response[Any]:
    """Run one generated call: its response, or exit with the problem (1) or unreachable (3)."""
    try:
        response = request()
    except httpx.HTTPError as error:
        fail(EXIT_UNREACHABLE, f"cannot reach the server: {error}")
    if response.status_code >= 400:
        refused(response, as_json)
    return response


def call(request: Callable[[], Response[Any]], as_json: bool) -> Any:
    """Run one generated call: the JSON it answered (None for 204)."""
    content = answer(request, as_json).content
    return json.loads(content) if content else None


def lines_of(data: Any) -> list[str]:
    """A plain text rendering of any answer: one `key: value` per field, one line per item."""
    if data is None:
        return []
    if isinstance(data, list):
        return [flat(item) for item in data] or ["(none)"]
    if isinstance(data, dict) and isinstance(data.get("items"), list):
        return lines_of(data["items"])
    if isinstance(data, dict):
        return [f"{name}: {compact(value)}" for name, value in sorted(data.items())]
    return [compact(data)]


def flat(item: Any) -> str:
    if isinstance(item, dict):
        return "  ".join(f"{k}={compact(v)}" for k, v in item.items() if v not in (None, [], {}))
    return compact(item)


def compact(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def show(data: Any, as_json: bool, text: Text = None) -> None:
    """The answer: as JSON with `--json` (`{}` for an empty answer), else as text."""
    if as_json:
        emit({} if data is None else data)
        return
    if text is None:
        found = lines_of(data)
    elif isinstance(text, str):
        found = [text]
    else:
        found = list(text(data))
    for line in found:
        typer.echo(line)


# -- the session and the campaign --------------------------------------------------------------


def session() -> AuthenticatedClient:
    credentials = config.load()
    if credentials is None:
        fail(EXIT_UNREACHABLE, "not logged in: run `marchlords login` first")
    return AuthenticatedClient(credentials.server, token=credentials.token, timeout=TIMEOUT)


def key() -> str:
    """A fresh Idempotency-Key: a retried command is a new command, a retried request is not."""
    return str(uuid.uuid4())


def campaign_id(client: AuthenticatedClient, wanted: str, as_json: bool = False) -> uuid.UUID:
    """The campaign named by id, unique id prefix or exact name, among the caller's."""
    try:
        return uuid.UUID(wanted)
    except ValueError:
        pass
    page = call(lambda: campaigns_list_campaigns.sync_detailed(client=client, limit=100), as_json)
    items = page["items"]
    matches = [c["id"] for c in items if c["name"] == wanted] or [
        c["id"] for c in items if str(c["id"]).startswith(wanted.lower())
    ]
    if len(matches) != 1:
        how = "no" if not matches else "more than one"
        fail(EXIT_USAGE, f"{how} campaign of yours matches {wanted!r}")
    return uuid.UUID(matches[0])


def in_campaign(campaign: str, as_json: bool, request: Request) -> Any:
    """Name the campaign, then run one call in it: the JSON it answered."""
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        return call(lambda: request(client, cid), as_json)


def run(campaign: str, as_json: bool, request: Request, text: Text = None) -> None:
    """The shape of most commands: one call in the campaign, its answer shown."""
    show(in_campaign(campaign, as_json, request), as_json, text)


# -- arguments ---------------------------------------------------------------------------------

COORDINATES = re.compile(r"^\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s*$")
# A coordinate pair starting with a minus (`-1,5`) would be taken for an option; `protect`
# hides the minus from the option parser (a leading space), `coordinates` reads it back.
NEGATIVE_PAIR = re.compile(r"^-\d+,-?\d+$")


def protect(argv: list[str]) -> list[str]:
    return [f" {arg}" if NEGATIVE_PAIR.match(arg) else arg for arg in argv]


def coordinates(text: str) -> list[int]:
    found = COORDINATES.match(text)
    if found is None:
        raise typer.BadParameter(f"{text!r} is not Q,R (e.g. 3,1 or -1,5)")
    return [int(found.group(1)), int(found.group(2))]


def maybe(value: Any) -> Any:
    """UNSET for an option not given (the generated models' "absent")."""
    return UNSET if value is None else value
