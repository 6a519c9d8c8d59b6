"""`python -m engram.cli`: the `engram` command."""

import sys

from engram.cli import main

if __name__ == "__main__":
    sys.exit(main())
