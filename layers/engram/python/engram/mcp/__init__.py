"""`engram mcp`: engram's memory as MCP tools (the `mcp` extra)."""
