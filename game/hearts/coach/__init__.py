"""The coach: which of South's decisions in a hand cost points, as Hard sees them from what South knew.

- ``judgement``: each decision judged by Hard from South's view at the time (``review``, ``judge``);
- ``coaching``: the judging done a slice at a time while the match is played (``Coaching``);
- ``words``: the line that explains each decision (``why_play``, ``why_pass``), the reason first;
- ``facts``: what South's view proves, the reasons' material;
- ``command``: ``python -m hearts.coach SAVEFILE --json``, South's decisions in the last finished hand, a
  line each (``--bench HANDS`` times the coach; ``--study HANDS``, ``study``: how far its key moments
  can be trusted, ``docs/COACH.md``).
"""

from .coaching import Coaching
from .judgement import (
    CLOSER,
    CONFIRM_COST,
    KEY_COST,
    KEY_MOMENTS,
    PLAYER,
    Decision,
    HeadStart,
    Kind,
    Look,
    Moment,
    Review,
    judge,
    look,
    look_seed,
    moment_line,
    moments,
    review,
    run,
    seed_for,
    summarise,
    weigh,
)
from .words import why_pass, why_play

__all__ = [
    "CLOSER",
    "CONFIRM_COST",
    "KEY_COST",
    "KEY_MOMENTS",
    "PLAYER",
    "Coaching",
    "Decision",
    "HeadStart",
    "Kind",
    "Look",
    "Moment",
    "Review",
    "judge",
    "look",
    "look_seed",
    "moment_line",
    "moments",
    "review",
    "run",
    "seed_for",
    "summarise",
    "weigh",
    "why_pass",
    "why_play",
]
