"""The domain ring: pure Python models and rules. Imports nothing from use cases or adapters."""
