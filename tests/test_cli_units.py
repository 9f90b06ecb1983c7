"""Pure parts of the `marchlords` CLI: the text hex map and the event-stream reader."""

from marchlords_cli.hexmap import draw
from marchlords_cli.main import server_sent_events


def test_text_map_shifts_rows_by_half_a_tile_and_marks_owners() -> None:
    # Odd-r rows in axial coordinates: row r holds q from -floor(r/2); column 2q + r.
    tiles: list[dict[str, object]] = [
        {"q": 0, "r": 0, "fog": "visible", "terrain": "plain"},
        {"q": 1, "r": 0, "fog": "visible", "terrain": "sea"},
        {
            "q": 0,
            "r": 1,
            "fog": "visible",
            "terrain": "city",
            "owner": 1,
            "structure": {"kind": "city", "level": 1},
        },
        {
            "q": 1,
            "r": 1,
            "fog": "visible",
            "terrain": "plain",
            "owner": 2,
            "armies": [{"id": 7, "owner": 2, "tier": 1}],
        },
        {"q": -1, "r": 2, "fog": "explored", "terrain": "forest"},
        {"q": 0, "r": 2, "fog": "unexplored"},
    ]

    assert draw(tiles, me=1).splitlines() == [". ~", " C1!2", "f #"]
    assert draw(tiles, me=2).splitlines()[1] == " C1@2"


def test_event_stream_reader_skips_comments_and_joins_data_lines() -> None:
    lines = [
        "retry: 3000",
        ": connected",
        "",
        "id: AAAAAAAAAAAAAAAA",
        "event: player_ready",
        'data: {"player": 1,',
        'data: "ready": true}',
        "",
        ": keep-alive",
        "",
    ]

    assert list(server_sent_events(iter(lines))) == [
        {"id": "AAAAAAAAAAAAAAAA", "event": "player_ready", "data": '{"player": 1,\n"ready": true}'}
    ]
