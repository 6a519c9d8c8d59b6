"""Print the generated OpenAPI document (`make openapi` writes it to openapi.json)."""

from __future__ import annotations

import json
import sys
import tempfile
from typing import Any


def document() -> dict[str, Any]:
    from engram.api.app import build_resolver, openapi_document
    from engram.runtime.container import local
    from engram.settings import Settings

    with tempfile.TemporaryDirectory() as tmp:
        return openapi_document(build_resolver(local(Settings(data_dir=tmp))))


def main() -> int:
    json.dump(document(), sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
