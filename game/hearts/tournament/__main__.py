"""``python -m hearts.tournament``: see ``command``."""

import sys

from .command import main

sys.exit(main())
