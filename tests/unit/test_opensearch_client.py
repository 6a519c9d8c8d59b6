"""The OpenSearch client factory and the score conversion: pure, no network."""

from __future__ import annotations

import math

import pytest
from botocore.credentials import Credentials

from engram.adapters.opensearch.index import Mode, build_client, engine_score_to_cosine

CREDENTIALS = Credentials("AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")


@pytest.mark.parametrize(
    ("endpoint", "mode"),
    [
        ("https://abc123.eu-west-1.aoss.amazonaws.com", "aoss"),
        ("search-engram-abc.eu-west-1.es.amazonaws.com", "es"),  # a bare host means https
    ],
)
def test_aws_endpoints_are_signed_for_the_service_the_mode_names(endpoint: str, mode: Mode) -> None:
    client = build_client(endpoint, mode=mode, region="eu-west-1", credentials=CREDENTIALS)

    connection = client.transport.get_connection()
    assert connection.host.startswith("https://") and connection.host.endswith(":443")
    assert connection.http_auth.service == mode
    headers = connection.http_auth("POST", f"{connection.host}/engram/_search", b"{}")
    assert f"/eu-west-1/{mode}/aws4_request" in headers["Authorization"]
    assert "X-Amz-Content-SHA256" in headers  # serverless refuses unsigned payloads


def test_a_plain_http_url_is_not_signed() -> None:
    client = build_client("http://127.0.0.1:9200", mode="es")

    connection = client.transport.get_connection()
    assert connection.host == "http://127.0.0.1:9200"
    assert connection.http_auth is None


def test_signing_without_a_region_is_a_configuration_error(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("AWS_REGION", "AWS_DEFAULT_REGION"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AWS_CONFIG_FILE", "/nonexistent/aws-config")

    with pytest.raises(ValueError, match="region"):
        build_client("https://abc.aoss.amazonaws.com", mode="aoss", credentials=CREDENTIALS)


@pytest.mark.parametrize("cosine", [-1.0, -0.7, -0.01, 0.0, 0.3, 0.98, 1.0])
def test_engine_scores_convert_back_to_cosine(cosine: float) -> None:
    l2_score = 1.0 / (1.0 + (2.0 - 2.0 * cosine))  # score = 1 / (1 + d²), d² = 2 − 2·cos
    ip_score = 1.0 + cosine if cosine >= 0 else 1.0 / (1.0 - cosine)

    assert engine_score_to_cosine(l2_score, "l2") == pytest.approx(cosine, abs=1e-12)
    assert engine_score_to_cosine(ip_score, "innerproduct") == pytest.approx(cosine, abs=1e-12)


def test_converted_scores_stay_within_cosine_bounds() -> None:
    assert engine_score_to_cosine(1.0000001, "l2") == 1.0
    assert engine_score_to_cosine(0.0, "l2") == -1.0
    assert -1.0 <= engine_score_to_cosine(1 / 3.0000001, "l2") <= 1.0
    assert math.isclose(engine_score_to_cosine(2.0, "innerproduct"), 1.0)
