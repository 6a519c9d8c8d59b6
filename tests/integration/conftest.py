"""Fixtures shared by the integration tests: `world`, one deployment on both backends."""

from tests.integration.deployments import world  # noqa: F401
