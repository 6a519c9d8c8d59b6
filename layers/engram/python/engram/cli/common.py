"""What the commands share: the `--data-dir` option, the settings and container it names, and the
tenant a local command acts for when it is given none."""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from engram.runtime.container import from_settings
from engram.settings import Settings

if TYPE_CHECKING:
    from engram.runtime.container import Container

DEFAULT_TENANT = "local"  # the tenant `engram serve --dev-key` mints its key for


def add_data_dir(p: argparse.ArgumentParser) -> None:
    p.add_argument("--data-dir", help="local data directory (default: $ENGRAM_DATA_DIR or ./.engram)")


def settings_of(args: argparse.Namespace) -> Settings:
    """The settings of `--data-dir`, else of $ENGRAM_DATA_DIR or ./.engram."""
    return Settings(data_dir=args.data_dir) if getattr(args, "data_dir", None) else Settings()


def container_of(args: argparse.Namespace) -> Container:
    return from_settings(settings_of(args))


def export_data_dir(args: argparse.Namespace) -> None:
    """Put `--data-dir` in ENGRAM_DATA_DIR too, for what builds its settings from the environment: a
    Lambda handler (`engram invoke`), a process the command starts."""
    if getattr(args, "data_dir", None):
        os.environ["ENGRAM_DATA_DIR"] = str(args.data_dir)
