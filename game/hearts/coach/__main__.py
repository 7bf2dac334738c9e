"""``python -m hearts.coach``: see ``command``."""

import sys

from .command import main

sys.exit(main())
