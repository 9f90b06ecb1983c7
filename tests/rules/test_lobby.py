"""Finding a game (R-CAMP-11) and open seats (R-CAMP-12), without a database."""

from typing import Any

from app.rules.lobby import (
    OpenBecause,
    Phase,
    SeatView,
    accept_refusal,
    ask_refusal,
    open_because,
    places_wanted,
    same_ask,
    substitute_wanted,
)


def seat(**changes: bool) -> SeatView:
    base = {
        "seated": True,
        "held": True,
        "civil_disorder": False,
        "opened_by_owner": False,
        "offer_pending": False,
    }
    base.update(changes)
    return SeatView(**base)


def ask(phase: Phase = Phase.LOBBY, **changes: Any) -> str | None:
    base: dict[str, Any] = {
        "is_owner": False,
        "is_member": False,
        "already_asked": False,
        "number": None,
        "places": 3,
        "seat_open": False,
    }
    base.update(changes)
    refusal = ask_refusal(phase, **base)
    return None if refusal is None else refusal.code


def test_R_CAMP_11_a_lobby_wants_the_places_left_R_CAMP_1() -> None:
    assert places_wanted(8, 3) == 5
    assert places_wanted(2, 2) == 0
    assert places_wanted(2, 5) == 0  # never negative (a seat added by an import)


def test_R_CAMP_12_a_running_public_campaigns_seat_is_open_in_disorder_or_opened() -> None:
    active = Phase.ACTIVE
    assert open_because(active, True, seat(civil_disorder=True)) is OpenBecause.CIVIL_DISORDER
    assert open_because(active, True, seat(opened_by_owner=True)) is OpenBecause.OPENED_BY_OWNER
    assert open_because(active, True, seat()) is None
    # A private campaign tells nobody outside it; a lobby or a finished campaign has none.
    assert open_because(active, False, seat(civil_disorder=True)) is None
    assert open_because(Phase.LOBBY, True, seat(opened_by_owner=True)) is None
    assert open_because(Phase.FINISHED, True, seat(civil_disorder=True)) is None
    # A vacant seat or one with a handover offer pending waits for that answer (R-CAMP-6).
    assert open_because(active, True, seat(civil_disorder=True, held=False)) is None
    assert open_because(active, True, seat(opened_by_owner=True, offer_pending=True)) is None
    assert open_because(active, True, seat(opened_by_owner=True, seated=False)) is None


def test_R_CAMP_11_who_may_ask_for_a_lobby_place() -> None:
    assert ask() is None
    assert ask(is_owner=True) == "R-CAMP-11"
    assert ask(is_member=True) == "already_joined"
    assert ask(already_asked=True) == "join_request_pending"
    assert ask(places=0) == "R-CAMP-1"
    assert ask(number=2) == "R-CAMP-11"  # a lobby has places, not seats
    assert ask(Phase.FINISHED) == "R-CAMP-2"


def test_R_CAMP_12_only_an_open_seat_is_asked_for_once_the_campaign_runs() -> None:
    assert ask(Phase.ACTIVE, number=2, seat_open=True) is None
    assert ask(Phase.ACTIVE, number=2, seat_open=False) == "seat_not_open"
    assert ask(Phase.ACTIVE) == "R-CAMP-2"  # no lobby place once started
    assert ask(Phase.ACTIVE, number=2, seat_open=True, is_member=True) == "already_joined"


def test_R_CAMP_11_a_yes_the_campaign_moved_past_is_refused() -> None:
    def accept(phase: Phase, **changes: Any) -> str | None:
        base: dict[str, Any] = {
            "number": None,
            "holds_a_seat": False,
            "places": 1,
            "seat_open": False,
        }
        base.update(changes)
        refusal = accept_refusal(phase, **base)
        return None if refusal is None else refusal.code

    assert accept(Phase.LOBBY) is None
    assert accept(Phase.LOBBY, places=0) == "R-CAMP-1"
    assert accept(Phase.ACTIVE) == "R-CAMP-2"  # asked for the lobby, which started
    assert accept(Phase.LOBBY, holds_a_seat=True) == "already_joined"
    assert accept(Phase.ACTIVE, number=2, seat_open=True) is None
    assert accept(Phase.ACTIVE, number=2, seat_open=False) == "seat_not_open"  # holder back
    assert accept(Phase.FINISHED, number=2, seat_open=True) == "R-CAMP-2"


def test_R_CAMP_12_substitutes_are_told_of_their_game_systems_only() -> None:
    assert substitute_wanted(["old_world", "whfb8"], "old_world") is True
    assert substitute_wanted(["ninth_age"], "old_world") is False


def test_R_CAMP_11_the_same_ask_again_is_the_pending_one() -> None:
    assert same_ask(None, None)
    assert same_ask(2, 2)
    assert not same_ask(None, 2)
    assert not same_ask(2, 3)
