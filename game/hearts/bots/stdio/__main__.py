"""``python -m hearts.bots.stdio``: see ``answering``."""

import sys

from .answering import main

sys.exit(main())
