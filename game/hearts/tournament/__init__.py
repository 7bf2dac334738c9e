"""Duplicate tournaments between bots: ``python -m hearts.tournament --seats hard,normal,normal,normal``.

- ``play``: the seatings, the seeds, and each deal played under every seating;
- ``stats``: the figures and their 95% intervals, each deal one observation;
- ``command``: the command line (its help says how a tournament is played and counted).
"""

from .command import (
    MAX_DEFAULT_WORKERS,
    ProgressBar,
    default_workers,
    format_summary,
    main,
    parse_arguments,
    run,
)
from .play import (
    SEATS,
    BotMisbehaved,
    Config,
    DealResult,
    Decide,
    Entry,
    HandResult,
    bot_seed,
    deal_seed,
    derive_seed,
    label_number,
    parse_seats,
    play_deal,
    play_deals,
    play_hand,
    play_seating,
    seatings,
    start_hand,
)
from .stats import (
    Difference,
    EntrySummary,
    Estimate,
    Summary,
    count_moons,
    per_deal_points,
    summarize,
    t_quantile_975,
)

__all__ = [
    "MAX_DEFAULT_WORKERS",
    "SEATS",
    "BotMisbehaved",
    "Config",
    "DealResult",
    "Decide",
    "Difference",
    "Entry",
    "EntrySummary",
    "Estimate",
    "HandResult",
    "ProgressBar",
    "Summary",
    "bot_seed",
    "count_moons",
    "deal_seed",
    "default_workers",
    "derive_seed",
    "format_summary",
    "label_number",
    "main",
    "parse_arguments",
    "parse_seats",
    "per_deal_points",
    "play_deal",
    "play_deals",
    "play_hand",
    "play_seating",
    "run",
    "seatings",
    "start_hand",
    "summarize",
    "t_quantile_975",
]
