"""Whether the faction a list names is the player's (a warning, never a refusal: issue 30).

Builders name factions their own way (`empire-of-man`, "Orc & Goblin Tribes", "Dwarfen
Mountain Holds"): both names are reduced to their significant words, plurals and adjectives
folded (elves → elf, dwarfen → dwarf), and the player's faction matches when all its words
are in the list's. A list that names no faction is not warned about.
"""

import re

_FOLD = {
    "elves": "elf",
    "elven": "elf",
    "dwarves": "dwarf",
    "dwarfen": "dwarf",
    "dwarfs": "dwarf",
    "daemonic": "daemon",
    "lizardman": "lizardmen",
    "ogres": "ogre",
    "vampires": "vampire",
}
_IGNORED = {"of", "the", "and", "&"}


def _words(name: str) -> set[str]:
    words = set()
    for raw in re.split(r"[^a-z0-9]+", name.lower()):
        if not raw or raw in _IGNORED:
            continue
        word = _FOLD.get(raw, raw)
        if word not in _FOLD.values() and len(word) > 3 and word.endswith("s"):
            word = word[:-1]
        words.add(word)
    return words


def faction_matches(list_faction: str, player_faction_key: str, player_faction_name: str) -> bool:
    listed = _words(list_faction)
    if not listed:
        return True
    return any(
        (mine := _words(name)) and mine <= listed
        for name in (player_faction_name, player_faction_key)
    )
