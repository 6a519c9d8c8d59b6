import pytest

from engram.domain.errors import PiiRejected
from engram.domain.pii import detect, screen
from engram.settings import PiiSettings

DEFAULT = PiiSettings().model_dump(mode="json")


@pytest.mark.parametrize(
    ("text", "kind", "secret"),
    [
        ("deploy key AKIAIOSFODNN7EXAMPLE for staging", "aws_access_key", "AKIAIOSFODNN7EXAMPLE"),
        ("use header Authorization: Bearer eyJhbGciOi.abc123", "bearer_token", "eyJhbGciOi.abc123"),
        ("the OpenAI key is sk-proj-abcdefghijklmnopqrstuvwx", "api_key", "sk-proj-abcdefghijklmnopqrstuvwx"),
        (
            "github token ghp_abcdefghijklmnopqrstuvwxyz0123456789",
            "api_key",
            "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
        ),
        ("set api_key=Zx81kdjf93kdJd02 in the env", "api_key", "Zx81kdjf93kdJd02"),
        ("db password: hunter2-Secret! please", "password", "hunter2-Secret!"),
        ("wifi password=CorrectHorse42", "password", "CorrectHorse42"),
        ("card 4111 1111 1111 1111 on file", "credit_card", "4111 1111 1111 1111"),
        ("my ssn is 123-45-6789 keep it", "ssn", "123-45-6789"),
    ],
)
def test_secrets_are_redacted_by_default(text, kind, secret):
    result = screen(text, DEFAULT)
    assert secret not in result.content
    assert f"[REDACTED:{kind}]" in result.content
    assert result.redactions == [kind]


def test_private_key_block_is_redacted_whole():
    text = (
        "server key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nabc\n"
        "-----END RSA PRIVATE KEY-----\nthanks"
    )
    result = screen(text, DEFAULT)
    assert "MIIEow" not in result.content and "[REDACTED:private_key]" in result.content


def test_unterminated_private_key_cannot_be_redacted_safely():
    with pytest.raises(PiiRejected) as err:
        screen("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC", DEFAULT)
    assert err.value.detail["kinds"] == ["private_key"]


def test_numbers_that_fail_luhn_or_ssn_rules_are_kept():
    assert screen("order number 1234 5678 1234 5678 shipped", DEFAULT).redactions == []
    assert screen("part 000-12-3456 is fine", DEFAULT).redactions == []
    assert screen("we sold 1500 units in 2024", DEFAULT).redactions == []


def test_contact_details_are_kept_by_default_and_can_be_redacted():
    text = "Reach Bob at bob@example.com or +1 415-555-0100"
    kept = screen(text, DEFAULT)
    assert kept.content == text and kept.detected == ["email", "phone"]
    strict = screen(text, {**DEFAULT, "email": "redact", "phone": "redact"})
    assert strict.content == "Reach Bob at [REDACTED:email] or [REDACTED:phone]"


def test_reject_policy_rejects():
    with pytest.raises(PiiRejected):
        screen("my ssn is 123-45-6789", {**DEFAULT, "ssn": "reject"})


def test_detect_reports_spans():
    findings = detect("AKIAIOSFODNN7EXAMPLE")
    assert [(f.kind, f.start, f.end) for f in findings] == [("aws_access_key", 0, 20)]


def test_an_ordinary_word_after_bearer_is_not_a_token():
    text = "The bearer documents for the shipment arrived"
    assert screen(text, DEFAULT).content == text


def test_the_label_stays_and_only_the_value_goes():
    value = "Zx81kdjf93kdJd02Qp"
    assert screen(f"DB_PASSWORD={value}", DEFAULT).content == "DB_PASSWORD=[REDACTED:password]"
    assert screen(f"export GITHUB_TOKEN={value}", DEFAULT).content == "export GITHUB_TOKEN=[REDACTED:api_key]"
    url = f"postgres://app:{value}@db.internal:5432/app"
    assert screen(url, DEFAULT).content == "postgres://app:[REDACTED:url_credentials]@db.internal:5432/app"


def test_a_long_key_is_redacted_to_its_end():
    key = "rk_" + "live_" + "Ab3" * 33  # 99 characters after the prefix, as Stripe issues them
    assert screen(f"key {key} here", DEFAULT).content == "key [REDACTED:api_key] here"


def test_a_passphrase_is_redacted_whole():
    result = screen("passphrase: correct horse battery staple", DEFAULT)
    assert result.content == "passphrase: [REDACTED:password]"


def test_iban_needs_a_valid_checksum():
    assert screen("IBAN GB82 WEST 1234 5698 7654 32 please", DEFAULT).redactions == ["iban"]
    assert screen("IBAN GB83 WEST 1234 5698 7654 32 please", DEFAULT).redactions == []


def test_nine_digits_are_an_ssn_only_when_the_text_says_so():
    assert screen("my SSN is 219099999", DEFAULT).content == "my SSN is [REDACTED:ssn]"
    assert screen("invoice 219099999 is paid", DEFAULT).redactions == []


def test_keep_is_the_same_as_allow():
    text = "wifi password=CorrectHorse42"
    assert screen(text, {**DEFAULT, "password": "keep"}).content == text
