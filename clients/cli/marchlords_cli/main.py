"""`marchlords`: play or run a Marchlords campaign from the terminal, on the generated client.

Commands: the account (`register`, `login`, `logout`, `password`, `whoami`, `language`, `token`,
`calendar`, `notifications`), campaigns (`campaigns`, `campaign …`, `maps …`, `house-rule …`,
`rules`), a turn's play (`me`, `map`, `tile`, `armies`, `generals`, `reachable`, `move`,
`stop`, `entrench`, `upgrade`, `build`, `raise`, `recruit`, `assign`, `faction-action`,
`orders`, `cancel`, `ready`), the turn (`turn …`), `battle …`, `message …`, `edict …`,
`treaty …`, `seat …`, `lobby …`, `spectate …`, `block …`, `bar …`, `report …`,
`operator …`, `webhook …` and `watch`. Every command takes
`--json`.

Exit codes (for scripts): 0 done; 1 the server refused (its problem is shown: title, detail and
rule id or error code; with `--json`, the problem document on stdout); 2 a usage error; 3 not
logged in, or the server could not be reached.
"""

import sys

import typer

from marchlords_cli import (
    account,
    battles,
    campaign,
    common,
    diplomacy,
    inbox,
    lobbies,
    moderation,
    play,
    rosters,
    seats,
    spectate,
    standing,
    turns,
    watch,
    webhooks,
)

app = typer.Typer(
    name="marchlords",
    help="Play Marchlords campaigns from the terminal (log in first: `marchlords login`).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
for module in (
    account,
    inbox,
    campaign,
    play,
    standing,
    turns,
    battles,
    rosters,
    diplomacy,
    seats,
    lobbies,
    spectate,
    moderation,
    webhooks,
    watch,
):
    module.install(app)


def main() -> None:
    # `move 7 -1,5`: a tile with a negative coordinate is not an option (see common.protect).
    app(args=common.protect(sys.argv[1:]), prog_name="marchlords")
