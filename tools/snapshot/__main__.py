"""``python -m snapshot``: see ``snapshot.cli``."""

import sys

from .cli import main

sys.exit(main())
