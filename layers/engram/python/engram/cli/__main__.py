"""`python -m engram.cli`: the `engram` command."""

import sys

from engram.cli import main

sys.exit(main())
