"""Which rules each operation enforces: a "Rules: …" line in its OpenAPI description.

The ids are anchors of the players' rulebook (`docs/rules.md#R-BUILD-1`); the problems these
operations answer carry the same id as `code` (and the link as `help`). tests/meta/test_rulebook.py
checks that every operation named here exists and every id has an anchor.
"""

from typing import Any

from app.platform.errors import RULEBOOK

OPERATION_RULES: dict[str, tuple[str, ...]] = {
    "campaigns-create-campaign": ("R-CAMP-1", "R-MAP-4", "R-HOUSE-2", "R-OPT-2"),
    "campaigns-update-campaign": ("R-CAMP-1", "R-CAMP-2", "R-HOUSE-2"),
    "campaigns-join-campaign": ("R-CAMP-1", "R-CAMP-2"),
    "campaigns-leave-campaign": ("R-CAMP-2",),
    "campaigns-choose-faction": ("R-CAMP-2", "R-CAMP-3"),
    "campaigns-start-campaign": ("R-CAMP-1", "R-CAMP-2", "R-CAMP-3"),
    "campaigns-end-campaign": ("R-CAMP-4",),
    "campaigns-set-player-status": ("R-CAMP-4", "R-CAMP-7"),
    "seats-offer-seat": ("R-CAMP-6",),
    "seats-withdraw-seat-offer": ("R-CAMP-6",),
    "seats-hand-over-seat": ("R-CAMP-1", "R-CAMP-6", "R-CAMP-7", "R-TURN-7"),
    "seats-list-seat-holders": ("R-CAMP-5", "R-CAMP-6"),
    "seats-read-vacation": ("R-CAMP-8",),
    "seats-start-vacation": ("R-CAMP-7", "R-CAMP-8"),
    "seats-end-vacation": ("R-CAMP-8",),
    "campaigns-list-players": ("R-CAMP-5",),
    "campaigns-read-campaign-ruleset": ("R-HOUSE-2",),
    "campaigns-extend-deadline": ("R-TURN-3",),
    "campaigns-pause-campaign": ("R-TURN-3",),
    "campaigns-resume-campaign": ("R-TURN-3",),
    "world-read-map": ("R-MAP-1", "R-FOG-1", "R-FOG-2", "R-FOG-3", "R-FOG-5"),
    "world-read-tile": ("R-FOG-1", "R-MAP-3", "R-BUILD-3", "R-BUILD-4", "R-BUILD-5"),
    "world-list-armies": ("R-FOG-2", "R-FOG-3"),
    "world-list-generals": ("R-ARMY-2",),
    "pictures-read-map-picture": ("R-FOG-1", "R-FOG-2", "R-FOG-3", "R-FOG-4", "R-CAMP-5"),
    "pictures-read-turn-map": ("R-FOG-6", "R-FOG-1", "R-TURN-6"),
    "pictures-read-turn-map-picture": ("R-FOG-6", "R-FOG-1", "R-TURN-6", "R-CAMP-5"),
    "pictures-read-charts": ("R-FOG-6", "R-CAMP-4", "R-ECO-2", "R-ECO-6"),
    "pictures-read-charts-picture": ("R-FOG-6", "R-CAMP-4", "R-ECO-2", "R-ECO-6"),
    "orders-raise-army": ("R-ARMY-1", "R-ARMY-2", "R-ECO-1", "R-ECO-3"),
    "orders-assign-general": ("R-ARMY-2", "R-ARMY-6"),
    "orders-recruit-general": ("R-ARMY-2", "R-ECO-1"),
    "orders-list-standing-orders": ("R-TURN-8",),
    "orders-set-standing-order": ("R-TURN-8", "R-OPT-4", "R-ARMY-3", "R-BUILD-1"),
    "orders-delete-standing-order": ("R-TURN-8",),
    "orders-upgrade-army": ("R-ARMY-3", "R-ARMY-6", "R-BAT-5", "R-ECO-1"),
    "orders-cancel-upgrade": ("R-ARMY-3",),
    "orders-set-move": (
        "R-MOVE-1",
        "R-MOVE-2",
        "R-MOVE-4",
        "R-SEA-1",
        "R-BUILD-5",
        "R-ARMY-6",
        "R-BAT-5",
        "R-FOG-3",
    ),
    "orders-cancel-move": ("R-MOVE-2",),
    "orders-reachable-tiles": ("R-MOVE-1", "R-SEA-1"),
    "orders-order-build": (
        "R-BUILD-1",
        "R-BUILD-3",
        "R-BUILD-4",
        "R-BUILD-5",
        "R-MAP-3",
        "R-ECO-1",
        "R-FOG-3",
    ),
    "orders-cancel-build": ("R-BUILD-1",),
    "orders-cancel-order": ("R-BUILD-1", "R-ARMY-2"),
    "orders-use-faction-action": ("R-FAC",),
    "orders-cancel-faction-action": ("R-FAC",),
    "rosters-read-roster": ("R-ARMY-4", "R-SYS", "R-FOG-3", "R-FOG-5"),
    "rosters-put-roster": ("R-ARMY-4", "R-SYS", "R-CAMP-2"),
    "rosters-delete-roster": ("R-ARMY-4", "R-CAMP-2"),
    "battles-list-battles": ("R-FOG-3", "R-FOG-4", "R-BAT-11"),
    "battles-read-battle": ("R-BAT-1", "R-ARMY-4", "R-FOG-4", "R-BAT-11"),
    "battles-read-pack": ("R-PACK-1", "R-PACK-2", "R-PACK-3", "R-ARMY-4", "R-BAT-7"),
    "battles-read-pack-pdf": ("R-PACK-1", "R-PACK-2", "R-PACK-3"),
    "battles-report-result": ("R-BAT-5", "R-BAT-6", "R-BAT-9", "R-MOVE-3"),
    "battles-edit-report": ("R-BAT-10", "R-BAT-6", "R-BAT-9"),
    "battles-confirm-result": (
        "R-BAT-5",
        "R-BAT-7",
        "R-BAT-10",
        "R-SIEGE-2",
        "R-SIEGE-3",
        "R-SIEGE-4",
    ),
    "battles-propose-play-by": ("R-BAT-8", "R-CAMP-7"),
    "battles-accept-play-by": ("R-BAT-8", "R-CAMP-7"),
    "calendar-read-calendar": ("R-BAT-8", "R-CAMP-5", "R-TURN-3"),
    "battles-reject-result": ("R-BAT-5",),
    "battles-choose-leader": ("R-BAT-3",),
    "battles-abandon-place": ("R-BAT-6", "R-MOVE-3"),
    "battles-arbitrate-battle": ("R-BAT-5", "R-MOVE-3"),
    "battles-cancel-battle-after-deadline": ("R-TURN-3",),
    "diplomacy-issue-edict": ("R-DIP-2", "R-ECO-1"),
    "diplomacy-accept-edict": ("R-DIP-2",),
    "diplomacy-refuse-edict": ("R-DIP-2",),
    "diplomacy-withdraw-edict": ("R-DIP-2",),
    "diplomacy-list-treaties": ("R-DIP-3",),
    "diplomacy-break-treaty": ("R-DIP-3",),
    "messages-send-message": ("R-DIP-1",),
    "house-rules-list-house-rules": ("R-HOUSE-1",),
    "house-rules-create-house-rule": ("R-HOUSE-1",),
    "house-rules-update-house-rule": ("R-HOUSE-1",),
    "house-rules-delete-house-rule": ("R-HOUSE-1",),
    "house-rules-list-house-rule-changes": ("R-HOUSE-1",),
    "turn-read-turn": ("R-TURN-3", "R-OPT-1"),
    "turn-declare-ready": ("R-TURN-2", "R-TURN-3", "R-TURN-7", "R-CAMP-7", "R-CAMP-10"),
    "turn-withdraw-ready": ("R-TURN-2", "R-TURN-7"),
    "turn-resolve-turn": ("R-TURN-3", "R-TURN-4"),
    "turn-force-turn": ("R-TURN-3", "R-CAMP-7", "R-CAMP-8", "R-CAMP-10"),
    "turn-rollback-turn": ("R-CAMP-1", "R-TURN-6"),
    "turn-list-rollbacks": ("R-TURN-6",),
    "transfer-export-campaign": ("R-CAMP-1", "R-CAMP-9", "R-FOG-5"),
    "transfer-import-campaign": ("R-CAMP-9", "R-ECO-6", "R-MAP-4", "R-HOUSE-2"),
    "history-list-turns": ("R-TURN-5",),
    "history-read-turn-summary": ("R-TURN-5", "R-FOG-3"),
    "history-read-standings": ("R-CAMP-4",),
    "me-read-me": ("R-ECO-2", "R-ECO-4", "R-ECO-6"),
    "events-stream-events": ("R-FOG-3", "R-FOG-5"),
    "maps-upload-map": ("R-MAP-1", "R-MAP-2", "R-MAP-3", "R-MAP-4"),
    "maps-generate-map": ("R-MAP-4",),
    "rulesets-read-default-ruleset": ("R-HOUSE-2",),
}


def rules_line(rules: tuple[str, ...]) -> str:
    return f"Rules ({RULEBOOK}): {', '.join(rules)}."


def add_rule_lines(schema: dict[str, Any]) -> None:
    """Append each operation's "Rules: …" line to its description (in place)."""
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            rules = OPERATION_RULES.get(operation.get("operationId", ""))
            if rules:
                text = operation.get("description") or operation.get("summary") or ""
                operation["description"] = f"{text}\n\n{rules_line(rules)}".strip()
