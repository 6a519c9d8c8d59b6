"""Print the generated OpenAPI document (`make openapi` writes it to openapi.json).

The document comes from the routes' declarations alone: the resolver is built over no services (a
route would fail if it ran; none does), so printing it opens no database and builds no container.
"""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

from engram.api.app import build_resolver
from engram.api.contract import document as openapi_document


class _NoServices:
    """Stands in for the services while the document is built; any use is a bug, said plainly."""

    def __getattr__(self, name: str) -> NoReturn:
        raise RuntimeError(f"the OpenAPI document is built without services; a route asked for {name!r}")


def document() -> dict[str, Any]:
    return openapi_document(build_resolver(_NoServices()))


def main() -> int:
    json.dump(document(), sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
