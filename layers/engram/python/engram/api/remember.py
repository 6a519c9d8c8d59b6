"""Moved to engram.api.memories; this name stays for imports written before the move."""

from engram.api.memories import remember_command, remember_response, remember_status

__all__ = ["remember_command", "remember_response", "remember_status"]
