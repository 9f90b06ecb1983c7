from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.campaign_header import CampaignHeader
    from ..models.current_export import CurrentExport
    from ..models.exported_house_rule import ExportedHouseRule
    from ..models.exported_house_rule_change import ExportedHouseRuleChange
    from ..models.exported_message import ExportedMessage
    from ..models.exported_seat import ExportedSeat
    from ..models.ledger_line import LedgerLine
    from ..models.map_document import MapDocument
    from ..models.rollback_export import RollbackExport
    from ..models.rosters_export import RostersExport
    from ..models.turn_export import TurnExport


T = TypeVar("T", bound="CampaignExport")


@_attrs_define
class CampaignExport:
    """A whole campaign, version 1 (R-CAMP-9): importing it on any server recreates it, and
    exporting the copy gives the same document again.

        Attributes:
            campaign (CampaignHeader): The campaign: name, settings, ruleset (the full document), where its turn stands.
            house_rule_changes (list[ExportedHouseRuleChange]):
            house_rules (list[ExportedHouseRule]):
            ledger (list[LedgerLine]):
            map_ (MapDocument): A whole map: size, wrap mode, every tile once (`width × height` tiles), and the start slots
                (R-MAP-4). Coordinates are axial `(q, r)`: `r` is the row, 0 at the top, growing southwards. The map is drawn in
                odd-r offset rows: row `r` holds `q` from `-floor(r/2)` to `width - 1 - floor(r/2)` (its column is `q +
                floor(r/2)`), and odd rows are shifted half a hex east. The six neighbours of `(q, r)`, in the order E, NE, NW,
                W, SW, SE (the order retreats try): `(q+1, r)`, `(q+1, r-1)`, `(q, r-1)`, `(q-1, r)`, `(q-1, r+1)`, `(q, r+1)`;
                the distance between two tiles is `(|dq| + |dr| + |dq + dr|) / 2`. Wrap: `none`, no neighbour beyond an edge;
                `horizontal`, the east and west edges join (column `width` of a row is its column 0); `torus`, north and south
                join as well (the height must be even; the row below the last is row 0, the column kept, so `q` shifts by
                `height / 2`). Coordinates are always given on the map, as the server names them.
            rollbacks (list[RollbackExport]):
            seats (list[ExportedSeat]):
            state (CurrentExport): The game as it stands: the campaign's turn, the orders given so far this turn (those
                of past turns are in their turn's state), the world.
            turns (list[TurnExport]):
            format_ (Literal['marchlords.campaign'] | Unset):  Default: 'marchlords.campaign'.
            messages (list[ExportedMessage] | None | Unset): Only when exported with messages.
            rosters (None | RostersExport | Unset): The army lists; absent from documents written before them.
            version (Literal[1] | Unset):  Default: 1.
    """

    campaign: CampaignHeader
    house_rule_changes: list[ExportedHouseRuleChange]
    house_rules: list[ExportedHouseRule]
    ledger: list[LedgerLine]
    map_: MapDocument
    rollbacks: list[RollbackExport]
    seats: list[ExportedSeat]
    state: CurrentExport
    turns: list[TurnExport]
    format_: Literal["marchlords.campaign"] | Unset = "marchlords.campaign"
    messages: list[ExportedMessage] | None | Unset = UNSET
    rosters: None | RostersExport | Unset = UNSET
    version: Literal[1] | Unset = 1

    def to_dict(self) -> dict[str, Any]:
        from ..models.rosters_export import RostersExport  # noqa: PLC0415

        campaign = self.campaign.to_dict()

        house_rule_changes = []
        for house_rule_changes_item_data in self.house_rule_changes:
            house_rule_changes_item = house_rule_changes_item_data.to_dict()
            house_rule_changes.append(house_rule_changes_item)

        house_rules = []
        for house_rules_item_data in self.house_rules:
            house_rules_item = house_rules_item_data.to_dict()
            house_rules.append(house_rules_item)

        ledger = []
        for ledger_item_data in self.ledger:
            ledger_item = ledger_item_data.to_dict()
            ledger.append(ledger_item)

        map_ = self.map_.to_dict()

        rollbacks = []
        for rollbacks_item_data in self.rollbacks:
            rollbacks_item = rollbacks_item_data.to_dict()
            rollbacks.append(rollbacks_item)

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        state = self.state.to_dict()

        turns = []
        for turns_item_data in self.turns:
            turns_item = turns_item_data.to_dict()
            turns.append(turns_item)

        format_ = self.format_

        messages: list[dict[str, Any]] | None | Unset
        if isinstance(self.messages, Unset):
            messages = UNSET
        elif isinstance(self.messages, list):
            messages = []
            for messages_type_0_item_data in self.messages:
                messages_type_0_item = messages_type_0_item_data.to_dict()
                messages.append(messages_type_0_item)

        else:
            messages = self.messages

        rosters: dict[str, Any] | None | Unset
        if isinstance(self.rosters, Unset):
            rosters = UNSET
        elif isinstance(self.rosters, RostersExport):
            rosters = self.rosters.to_dict()
        else:
            rosters = self.rosters

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "campaign": campaign,
                "house_rule_changes": house_rule_changes,
                "house_rules": house_rules,
                "ledger": ledger,
                "map": map_,
                "rollbacks": rollbacks,
                "seats": seats,
                "state": state,
                "turns": turns,
            }
        )
        if format_ is not UNSET:
            field_dict["format"] = format_
        if messages is not UNSET:
            field_dict["messages"] = messages
        if rosters is not UNSET:
            field_dict["rosters"] = rosters
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_header import CampaignHeader  # noqa: PLC0415
        from ..models.current_export import CurrentExport  # noqa: PLC0415
        from ..models.exported_house_rule import ExportedHouseRule  # noqa: PLC0415
        from ..models.exported_house_rule_change import ExportedHouseRuleChange  # noqa: PLC0415
        from ..models.exported_message import ExportedMessage  # noqa: PLC0415
        from ..models.exported_seat import ExportedSeat  # noqa: PLC0415
        from ..models.ledger_line import LedgerLine  # noqa: PLC0415
        from ..models.map_document import MapDocument  # noqa: PLC0415
        from ..models.rollback_export import RollbackExport  # noqa: PLC0415
        from ..models.rosters_export import RostersExport  # noqa: PLC0415
        from ..models.turn_export import TurnExport  # noqa: PLC0415

        d = dict(src_dict)
        campaign = CampaignHeader.from_dict(d.pop("campaign"))

        house_rule_changes = []
        _house_rule_changes = d.pop("house_rule_changes")
        for house_rule_changes_item_data in _house_rule_changes:
            house_rule_changes_item = ExportedHouseRuleChange.from_dict(house_rule_changes_item_data)

            house_rule_changes.append(house_rule_changes_item)

        house_rules = []
        _house_rules = d.pop("house_rules")
        for house_rules_item_data in _house_rules:
            house_rules_item = ExportedHouseRule.from_dict(house_rules_item_data)

            house_rules.append(house_rules_item)

        ledger = []
        _ledger = d.pop("ledger")
        for ledger_item_data in _ledger:
            ledger_item = LedgerLine.from_dict(ledger_item_data)

            ledger.append(ledger_item)

        map_ = MapDocument.from_dict(d.pop("map"))

        rollbacks = []
        _rollbacks = d.pop("rollbacks")
        for rollbacks_item_data in _rollbacks:
            rollbacks_item = RollbackExport.from_dict(rollbacks_item_data)

            rollbacks.append(rollbacks_item)

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = ExportedSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        state = CurrentExport.from_dict(d.pop("state"))

        turns = []
        _turns = d.pop("turns")
        for turns_item_data in _turns:
            turns_item = TurnExport.from_dict(turns_item_data)

            turns.append(turns_item)

        format_ = cast(Literal["marchlords.campaign"] | Unset, d.pop("format", UNSET))
        if format_ != "marchlords.campaign" and not isinstance(format_, Unset):
            raise ValueError(f"format must match const 'marchlords.campaign', got '{format_}'")

        def _parse_messages(data: object) -> list[ExportedMessage] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                messages_type_0 = []
                _messages_type_0 = data
                for messages_type_0_item_data in _messages_type_0:
                    messages_type_0_item = ExportedMessage.from_dict(messages_type_0_item_data)

                    messages_type_0.append(messages_type_0_item)

                return messages_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ExportedMessage] | None | Unset, data)

        messages = _parse_messages(d.pop("messages", UNSET))

        def _parse_rosters(data: object) -> None | RostersExport | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rosters_type_0 = RostersExport.from_dict(data)

                return rosters_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RostersExport | Unset, data)

        rosters = _parse_rosters(d.pop("rosters", UNSET))

        version = cast(Literal[1] | Unset, d.pop("version", UNSET))
        if version != 1 and not isinstance(version, Unset):
            raise ValueError(f"version must match const 1, got '{version}'")

        campaign_export = cls(
            campaign=campaign,
            house_rule_changes=house_rule_changes,
            house_rules=house_rules,
            ledger=ledger,
            map_=map_,
            rollbacks=rollbacks,
            seats=seats,
            state=state,
            turns=turns,
            format_=format_,
            messages=messages,
            rosters=rosters,
            version=version,
        )

        return campaign_export
