"""The names the server ships (default factions, their actions, built-in maps) to say in French.

A name is looked up by its English text where a view sends it, so a faction a ruleset variant
renamed (or added) keeps the name it was given, in every language; keys never change.
"""

from app.rules.texts import Text, _

_NAMES: dict[str, Text] = {
    # factions (app/rules/ruleset.DEFAULT_FACTIONS; scripts/rulebook.py's French rulebook too)
    "Empire": _("Empire"),
    "Bretonnia": _("Bretonnia"),
    "High Elves": _("High Elves"),
    "Wood Elves": _("Wood Elves"),
    "Dwarfs": _("Dwarfs"),
    "Orcs & Goblins": _("Orcs & Goblins"),
    "Warriors of Chaos": _("Warriors of Chaos"),
    "Daemons": _("Daemons"),
    "Beastmen": _("Beastmen"),
    "Vampire Counts": _("Vampire Counts"),
    "Tomb Kings": _("Tomb Kings"),
    "Chaos Dwarfs": _("Chaos Dwarfs"),
    "Dark Elves": _("Dark Elves"),
    "Lizardmen": _("Lizardmen"),
    "Skaven": _("Skaven"),
    "Ogre Kingdoms": _("Ogre Kingdoms"),
    "Grand Cathay": _("Grand Cathay"),
    # faction actions
    "Call to Arms": _("Call to Arms"),
    "Vow of Chivalry": _("Vow of Chivalry"),
    "Oath of Grudges": _("Oath of Grudges"),
    "WAAAGH!": _("WAAAGH!"),
    "Cursed Pact": _("Cursed Pact"),
    "Rat Swarm": _("Rat Swarm"),
    # built-in maps (app/rules/maps._BUILTIN_MAPS)
    "The Old World": _("The Old World"),
    "Skirmish": _("Skirmish"),
}


def name_text(name: str) -> str:
    """`name` as a text to say in the reader's language if the server ships it (as it is
    otherwise)."""
    return _NAMES.get(name, name)
