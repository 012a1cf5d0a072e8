"""``python -m unodice``: the same as the ``unodice`` command."""

import sys

from unodice.cli.commands import main

sys.exit(main())
