"""Under mutmut (scripts/mutation) Hypothesis runs repeatably: derandomized, with no example
database carried from one mutant to the next and no deadline (a slow, loaded machine must not
count as a kill)."""

import os

from hypothesis import settings

if "MUTANT_UNDER_TEST" in os.environ:
    settings.register_profile("mutation", derandomize=True, database=None, deadline=None)
    settings.load_profile("mutation")
