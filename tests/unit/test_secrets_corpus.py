"""A corpus of realistic secrets in natural sentences (every one must be gone after screening) and of
ordinary sentences that look a little like secrets (every one must come back unchanged).

The fake secrets are built at import time from a seeded generator and string concatenation, so the
repository holds no literal that looks like a live key (and no push-protection scanner trips on it).
They have each issuer's real shape: prefix, length, alphabet and, for cards and IBANs, checksum.

Decisions the benign corpus documents: git SHAs, UUIDs, hex digests, short base64 words and long
CamelCase/snake_case identifiers are kept; a random-looking token of 32+ characters with mixed case
and digits outside a URL is treated as a key (`high_entropy_token`) and is not in the benign corpus.
"""

from __future__ import annotations

import json
import random
import string
from dataclasses import dataclass, field

import pytest

from engram.domain.pii import detect, screen, screen_metadata
from engram.settings import PiiSettings

DEFAULT = PiiSettings().model_dump(mode="json")

_rng = random.Random(20240917)
ALNUM = string.ascii_letters + string.digits
UPPER_DIGITS = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "_-"


def fake(n: int, alphabet: str = ALNUM) -> str:
    """n random characters, with at least one upper, lower and digit where the alphabet has them."""
    while True:
        token = "".join(_rng.choice(alphabet) for _ in range(n))
        classes = [
            c
            for c in (string.ascii_uppercase, string.ascii_lowercase, string.digits)
            if set(c) & set(alphabet)
        ]
        if n < 8 or all(set(token) & set(c) for c in classes):
            return token


def digits(n: int) -> str:
    return "".join(_rng.choice(string.digits) for _ in range(n))


def luhn_complete(prefix: str, length: int) -> str:
    body = prefix + digits(length - len(prefix) - 1)
    for check in string.digits:
        number = body + check
        total = sum(
            (d * 2 - 9 if d * 2 > 9 else d * 2) if i % 2 == len(number) % 2 else d
            for i, d in enumerate(map(int, number))
        )
        if total % 10 == 0:
            return number
    raise AssertionError("unreachable")


def iban(country: str, bban: str) -> str:
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    return f"{country}{98 - int(numeric) % 97:02d}{bban}"


def grouped(value: str, size: int = 4) -> str:
    return " ".join(value[i : i + size] for i in range(0, len(value), size))


@dataclass(frozen=True)
class Secret:
    rule: str  # the detector expected to find it
    sentence: str
    secret: str
    parts: tuple[str, ...] = field(default=())  # pieces that must each be gone too (multi-word secrets)


def S(rule: str, template: str, secret: str, *parts: str) -> Secret:
    return Secret(rule, template.format(s=secret), secret, parts)


AWS_SECRET = fake(40, B64)
STRIPE_LIVE = "sk_" + "live_" + fake(99)
PG_PASSWORD = fake(16) + "!"
PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    + "\n".join(fake(64, B64) for _ in range(4))
    + "\n-----END RSA PRIVATE KEY-----"
)
SEED = "absorb tunnel violin heavy orbit lamp cousin gentle rather sudden mirror tackle"

SECRETS: list[Secret] = [
    # cloud
    S(
        "aws_access_key_id",
        "The deploy user's access key is {s} in us-east-1.",
        "AKIA" + fake(16, UPPER_DIGITS),
    ),
    S("aws_access_key_id", "Temporary creds from STS start with {s} today.", "ASIA" + fake(16, UPPER_DIGITS)),
    S("aws_secret_access_key", "Paste {s} into the CI variables for the backup job.", AWS_SECRET),
    S("aws_secret_access_key_labelled", "aws_secret_access_key = {s}", fake(40, B64)),
    S(
        "azure_connection_key",
        "Storage: DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={s};"
        "EndpointSuffix=core.windows.net",
        fake(86, B64) + "==",
    ),
    S(
        "azure_connection_key",
        "Service bus uses Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey={s}",
        fake(43, B64) + "=",
    ),
    S("google_api_key", "Maps calls use the key {s} from the console.", "AI" + "za" + fake(35, URLSAFE)),
    S(
        "google_oauth_client_secret",
        "The OAuth client secret for the web app is {s}",
        "GOCSPX" + "-" + fake(28, URLSAFE),
    ),
    S(
        "google_oauth_access_token",
        "Debugging with access token {s} from gcloud.",
        "ya29" + "." + fake(120, URLSAFE),
    ),
    S("digitalocean_token", "Terraform reads {s} for DigitalOcean.", "dop" + "_v1_" + fake(64, HEX)),
    S("databricks_token", "The notebook job authenticates with {s}.", "dapi" + fake(32, HEX)),
    S("vault_token", "Vault root token after unseal: {s}", "hvs" + "." + fake(90, URLSAFE)),
    S("doppler_token", "The Doppler service token {s} is scoped to prd.", "dp" + ".st." + fake(43)),
    # AI providers
    S(
        "openai_key",
        "Our OpenAI project key is {s}, billed to research.",
        "sk-" + "proj-" + fake(156, URLSAFE),
    ),
    S("openai_key", "The old OpenAI key {s} was revoked in May.", "sk-" + fake(48)),
    S(
        "anthropic_key",
        "Claude calls use {s} from the team account.",
        "sk-" + "ant-api03-" + fake(93, URLSAFE),
    ),
    S("huggingface_token", "Download the gated model with {s} please.", "hf" + "_" + fake(34)),
    S("groq_key", "Groq inference key: {s}", "gsk" + "_" + fake(52)),
    S("replicate_token", "Replicate runs use {s} in the worker.", "r8" + "_" + fake(37)),
    S("xai_key", "The Grok key {s} lives in the vault now.", "xai" + "-" + fake(80)),
    # code hosting and packages
    S("github_token", "My GitHub token {s} has repo scope.", "ghp" + "_" + fake(36)),
    S("github_token", "The OAuth app returned {s} after login.", "gho" + "_" + fake(36)),
    S(
        "github_fine_grained_pat",
        "Fine-grained PAT for the bot: {s}",
        "github" + "_pat_" + fake(22) + "_" + fake(59),
    ),
    S("gitlab_token", "GitLab personal access token is {s} for CI.", "glpat" + "-" + fake(20, URLSAFE)),
    S("gitlab_token", "Register the runner with {s} on the new host.", "glrt" + "-" + fake(20, URLSAFE)),
    S("npm_token", "Publish with the automation token {s} from npmjs.", "npm" + "_" + fake(36)),
    S(
        "npm_token",
        "The .npmrc line is //registry.npmjs.org/:_authToken={s}",
        "npm" + "_" + fake(36),
    ),
    S(
        "pypi_token",
        "Upload to PyPI with {s} as the password.",
        "pypi" + "-AgEIcHlwaS5vcmc" + fake(70, URLSAFE),
    ),
    S("atlassian_token", "Jira API token for the sync script: {s}", "ATATT3" + fake(180, URLSAFE)),
    S(
        "postman_key",
        "Postman collection runner key {s} belongs to QA.",
        "PMAK" + "-" + fake(24, HEX) + "-" + fake(34, HEX),
    ),
    S("linear_key", "Linear webhook sync uses {s}.", "lin" + "_api_" + fake(40)),
    S("notion_token", "Notion integration token {s} can read the wiki.", "ntn" + "_" + digits(11) + fake(35)),
    # payments and commerce
    S("stripe_key", "Stripe live secret key is {s} so be careful.", STRIPE_LIVE),
    S("stripe_key", "Stripe restricted key {s} goes in the billing service.", "rk" + "_live_" + fake(99)),
    S("stripe_key", "In staging we use {s} for Stripe.", "sk" + "_test_" + fake(24)),
    S("stripe_webhook_secret", "The webhook signing secret is {s} now.", "whsec" + "_" + fake(32)),
    S("square_token", "Square access token: {s}", "sq0atp" + "-" + fake(22, URLSAFE)),
    S("shopify_token", "Shopify admin token {s} for the storefront sync.", "shpat" + "_" + fake(32, HEX)),
    # messaging
    S(
        "slack_token",
        "The Slack bot token is {s} for #alerts.",
        "xoxb" + "-" + digits(12) + "-" + digits(13) + "-" + fake(24),
    ),
    S(
        "slack_token",
        "My user token {s} can post as me.",
        "xoxp" + "-" + digits(12) + "-" + digits(12) + "-" + fake(32, HEX),
    ),
    S(
        "slack_app_token",
        "Socket mode needs {s}.",
        "xapp" + "-1-A0" + fake(9, UPPER_DIGITS) + "-" + digits(13) + "-" + fake(64, HEX),
    ),
    S(
        "slack_webhook",
        "Alerts post to {s} from Grafana.",
        "https://hooks.slack.com/services/"
        + "T0"
        + fake(8, UPPER_DIGITS)
        + "/B0"
        + fake(8, UPPER_DIGITS)
        + "/"
        + fake(24),
    ),
    S(
        "discord_webhook",
        "The Discord webhook is {s} for deploy notices.",
        "https://discord.com/api/webhooks/" + digits(18) + "/" + fake(68, URLSAFE),
    ),
    S(
        "teams_webhook",
        "Teams channel hook: {s}",
        "https://acme.webhook.office.com/webhookb2/"
        + fake(8, HEX)
        + "-"
        + fake(4, HEX)
        + "@"
        + fake(8, HEX)
        + "/IncomingWebhook/"
        + fake(32, HEX)
        + "/"
        + fake(8, HEX),
    ),
    S(
        "telegram_bot_token",
        "The Telegram bot token is {s} for the ops bot.",
        digits(10) + ":AA" + fake(33, URLSAFE),
    ),
    S(
        "discord_bot_token",
        "Discord bot login uses {s}.",
        "M" + fake(25, URLSAFE) + "." + fake(6, URLSAFE) + "." + fake(38, URLSAFE),
    ),
    S("twilio_api_key", "Twilio API key SID {s} signs our SMS calls.", "SK" + fake(32, HEX)),
    S(
        "sendgrid_key",
        "SendGrid mail goes out with {s} from the API.",
        "SG" + "." + fake(22, URLSAFE) + "." + fake(43, URLSAFE),
    ),
    S("mailchimp_key", "Mailchimp list sync: {s}", fake(32, HEX) + "-us21"),
    S("newrelic_key", "New Relic user key {s} queries NRQL.", "NRAK" + "-" + fake(27, UPPER_DIGITS)),
    # tokens in general
    S(
        "jwt",
        "A session JWT from prod: {s}",
        "eyJ" + fake(30, URLSAFE) + ".eyJ" + fake(60, URLSAFE) + "." + fake(43, URLSAFE),
    ),
    S("engram_key", "Our engram API key is {s} for the agent.", "engram" + "_" + fake(32, URLSAFE)),
    S("bearer_token", "Call it with Authorization: Bearer {s} in the header.", fake(40, URLSAFE)),
    S("basic_auth_header", "The proxy wants Authorization: Basic {s} on every call.", fake(28, B64) + "=="),
    S("labelled_api_key", "Set api_key={s} in the env file.", fake(32)),
    S("labelled_api_key", "Export MY_SERVICE_API_KEY={s} before running.", fake(40, HEX)),
    S("labelled_api_key", 'In config.json: "client_secret": "{s}"', fake(40, URLSAFE)),
    S("labelled_api_key", "GITHUB_TOKEN={s} is set in Actions.", fake(24)),
    S("api_key_phrase", "The weather API key is {s} and it never expires.", fake(32, HEX)),
    S("high_entropy_token", "The Acme license for the build farm: {s}", fake(48)),
    S("high_entropy_token", "Use {s} to unlock the staging dashboard.", fake(36, URLSAFE)),
    # connection strings and URLs with credentials
    S("url_userinfo", "The app database is postgres://app:{s}@db.internal:5432/app", PG_PASSWORD),
    S("url_userinfo", "Reporting reads mysql://report:{s}@10.0.3.7:3306/warehouse daily.", fake(18)),
    S(
        "url_userinfo",
        "Atlas: mongodb+srv://svc:{s}@cluster0.ab1cd.mongodb.net/prod?retryWrites=true",
        fake(20),
    ),
    S("url_userinfo", "Celery broker is redis://:{s}@cache.internal:6379/0 in prod.", fake(24)),
    S("url_userinfo", "Fetch the artifacts from https://deploy:{s}@files.example.com/builds", fake(14)),
    S("url_userinfo", "RabbitMQ lives at amqp://guest:{s}@mq:5672/ for dev.", "p@ss" + fake(10)),
    # passwords
    S("password_labelled", "db password: {s} please", "hunter2-" + fake(8)),
    S("password_labelled", "DB_PASSWORD={s}", fake(20)),
    S("password_labelled", "Run it with PGPASSWORD={s} psql -h db.", fake(16)),
    S("password_labelled", "Server=tcp:sql.acme.net;User ID=sa;Password={s};Encrypt=true", fake(18)),
    S("password_labelled", "jdbc:postgresql://db:5432/app?user=app&password={s}", fake(18)),
    S("password_phrase", "My laptop password is {s} for now.", "Tr0ub4dor&" + digits(2)),
    S("password_phrase", "The wifi password was changed to {s} yesterday.", "Blue" + fake(6) + "42"),
    S("password_phrase", "the router password is {s}", "swordfish" + digits(3)),
    S(
        "passphrase",
        "passphrase: {s}",
        "correct horse battery staple",
        "correct",
        "horse",
        "battery",
        "staple",
    ),
    S("passphrase", "My wallet seed phrase: {s}. Never share it.", SEED, *SEED.split()),
    S("password_labelled", 'password: "{s}" for the vault', "glow worm amber " + digits(4), "amber"),
    # key material
    S("pem_private_key", "server key:\n{s}\nthanks", PEM),
    S("age_secret_key", "The age identity is {s} for sops.", "AGE-SECRET-KEY-1" + fake(58, UPPER_DIGITS)),
    # financial and national identifiers
    S("credit_card", "Charge the Visa {s} for the renewal.", grouped(luhn_complete("4", 16))),
    S("credit_card", "Corporate Amex {s} expires next year.", luhn_complete("37", 15)),
    S("credit_card", "The Mastercard is {s} exp 09/27.", "-".join(grouped(luhn_complete("51", 16)).split())),
    S("iban", "Pay the supplier to IBAN {s} by Friday.", grouped(iban("DE", digits(18)))),
    S("iban", "Our UK account is {s} at Barclays.", iban("GB", "WEST" + digits(14))),
    S(
        "iban",
        "Rent goes to {s} each month.",
        grouped(iban("FR", digits(10) + fake(11, UPPER_DIGITS) + digits(2))),
    ),
    S("ssn", "My SSN is {s} if the bank asks.", "219-09-9999"),
    S("ssn_in_context", "Her SSN 219099998 is on the W-2.", "219099998"),
    S("ssn_in_context", "social security number: {s}", "078 05 1121"),
]


def fragments(case: Secret, *, parts: bool = True) -> list[str]:
    """The secret, its named parts (words of a passphrase: only meaningful next to its own
    sentence), and every 12-character window of it: a partial redaction (the first 24 characters of
    a 99-character key) leaves a window behind."""
    secret = case.secret
    windows = [secret[i : i + 12] for i in range(0, max(len(secret) - 11, 1))] if len(secret) >= 16 else []
    return [secret, *(case.parts if parts else ()), *(w for w in windows if w.strip() and "\n" not in w)]


def test_the_corpus_is_large_and_varied():
    assert len(SECRETS) >= 60
    assert len({case.rule for case in SECRETS}) >= 30


@pytest.mark.parametrize("case", SECRETS, ids=[f"{i:02d}-{c.rule}" for i, c in enumerate(SECRETS)])
def test_every_secret_is_redacted_from_content(case: Secret):
    result = screen(case.sentence, DEFAULT)
    leaked = [piece for piece in fragments(case) if piece in result.content]
    assert not leaked, result.content
    assert "[REDACTED:" in result.content and result.redactions
    assert case.rule in {f.rule for f in detect(case.sentence)}


METADATA_CASES = [case for i, case in enumerate(SECRETS) if i % 3 == 0]


def test_secrets_in_metadata_values_are_redacted_at_any_depth():
    # Given the same secrets as ordinary metadata values, nested in objects and lists
    metadata = {
        "source": "chat",
        "notes": [case.sentence for case in METADATA_CASES],
        "deploy": {"steps": [{"run": case.sentence} for case in METADATA_CASES[:5]]},
    }
    # When screened
    result = screen_metadata(metadata, DEFAULT)
    # Then no secret survives anywhere, and the rest of the structure is intact
    dumped = json.dumps(result.metadata)
    for case in METADATA_CASES:
        leaked = [piece for piece in fragments(case) if piece in dumped]
        assert not leaked, case.rule
    assert result.metadata["source"] == "chat" and len(result.metadata["notes"]) == len(METADATA_CASES)
    assert result.redactions


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("api_key", "api_key"),
        ("apiKey", "api_key"),
        ("password", "password"),
        ("DB_PASSWORD", "password"),
        ("token", "api_key"),
        ("accessToken", "api_key"),
        ("client_secret", "api_key"),
        ("secret", "api_key"),
        ("private-key", "api_key"),
        ("credentials", "api_key"),
        ("passphrase", "password"),
    ],
)
def test_a_key_that_names_a_secret_redacts_its_value_whole(key, kind):
    result = screen_metadata({key: "plain words here", "topic": "billing"}, DEFAULT)
    assert result.metadata == {key: f"[REDACTED:{kind}]", "topic": "billing"}
    assert result.redactions == [kind]


@pytest.mark.parametrize(
    "key", ["token_count", "max_tokens", "password_hint", "secret_name", "api_key_id", "author", "keyboard"]
)
def test_a_key_about_a_secret_is_not_a_secret(key):
    assert screen_metadata({key: "plain words here"}, DEFAULT).metadata == {key: "plain words here"}


def test_metadata_follows_the_policies():
    ssn = {"note": "SSN 219-09-9999", "count": 3, "ok": True, "nothing": None}
    with pytest.raises(Exception) as err:
        screen_metadata(ssn, {**DEFAULT, "ssn": "reject"})
    assert err.value.detail["kinds"] == ["ssn"]
    kept = screen_metadata({"password": "hunter2", "who": "bob@example.com"}, {**DEFAULT, "password": "keep"})
    assert kept.metadata == {"password": "hunter2", "who": "bob@example.com"} and kept.detected == ["email"]


BENIGN = [
    # words that name secrets, in ordinary talk
    "The bearer documents for the shipment arrived on Tuesday.",
    "Bearer bonds were common in the 1920s.",
    "She gave him a token of appreciation after the launch.",
    "The password reset flow is broken on Safari.",
    "The password is required to be at least 12 characters.",
    "Password is 12 characters minimum per the new policy.",
    "Our password policy: minimum 14 characters, rotated yearly.",
    "The password is stored in 1Password, not in the repo.",
    "His PIN code is different from mine.",
    "Rotate the GitHub token every 90 days.",
    "Set the API key in the .env file, never in code.",
    "The secret sauce is patience and good coffee.",
    "The passphrase must be at least five words long.",
    "Keep the password manager open during the demo.",
    "I think the access token expired again this morning.",
    "Token limits: the model accepts 128000 tokens per request.",
    "api_key: see the team vault",
    "The AKIA prefix marks long-term AWS access key ids.",
    "Stripe keys start with sk_live in production and sk_test in staging.",
    "pwd: /srv/app/releases/current",
    "The Authorization header carries a bearer token; never log it.",
    "Our SSN field is optional in the signup form.",
    "We need a secrets manager before the audit.",
    # versions, dates, times, money, counts
    "Upgrade Django from 4.2.11 to 5.0.3 next sprint.",
    "Python 3.11.9 and Node 20.11.1 are the supported runtimes.",
    "Version v2.14.0-rc.1 fixed the memory leak.",
    "The meeting moved to 2025-03-14 at 10:30.",
    "The contract ends on 31/12/2026 at 23:59:59 UTC.",
    "The laptop costs $1,299.99 plus tax.",
    "Lunch was €45 for four people.",
    "We sold 1500 units in 2024 and 1,234,567 in total.",
    "The population of the city is 331449281 according to the census.",
    "Invoice 123456789 was paid on time.",
    "The AWS account id is 123456789012 in us-east-1.",
    "The card ending in 4242 was declined.",
    "Order number 1234 5678 1234 5678 shipped.",
    # identifiers
    "Order #4417-2290-1183 shipped yesterday.",
    "Ticket 555-0100-22 is still open.",
    "Request 3f2b6c1e-8a4d-4e2b-9c1f-7d5e2a9b0c11 failed with a timeout.",
    "Reverted commit 9fceb02d0ae598e95dc970b74767f19372d61af8 on main.",
    "The build cache key is e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855.",
    "Part 000-12-3456 is in stock.",
    "Room 101, floor 3, building B.",
    "The class ThisIsAVeryLongIdentifierNameForTesting2024 needs a rename.",
    "The env var ENGRAM_PII__EMAIL_REDACTION_POLICY_OVERRIDE is unused.",
    "The config value aGVsbG8gd29ybGQ= decodes to hello world.",
    "Use the base64 string SGVsbG8sIFdvcmxkIQ== in the fixture.",
    "Use AES-256-GCM with a 96-bit nonce.",
    "The server listens on 10.0.0.12 port 8080.",
    "The IBAN field rejects DE00 1234 5678 9012 3456 78 because the checksum fails.",
    # 'sk' words and near-prefixes
    "Ask the skier about the sk-8 skateboard park.",
    "The task-sk queue is drained every night.",
    "The hf_transfer package speeds up model downloads.",
    "Set npm_config_cache to a local folder on CI.",
    "The ghp_ prefix means a classic GitHub token.",
    "xoxb tokens belong to Slack bots.",
    # URLs without credentials
    "The spec is at https://github.com/acme/engram/pull/1234 for review.",
    "See https://docs.google.com/document/d/1aBcD3fGhIjKlMnOpQrStUvWxYz0123456789abcd/edit for the plan.",
    "Postgres runs at postgres://db.internal:5432/app with IAM auth.",
    "Our Mastodon is https://mastodon.social/@acme and npm scope https://registry.npmjs.org/@acme/ui.",
    # contact details (kept by default)
    "Reach Bob at bob@example.com or +1 415-555-0100.",
    "The office number is (555) 010-0199.",
    # ordinary memories
    "Alice prefers dark roast coffee in the morning.",
    "The team decided to move the standup to 9:15.",
    "Deploys are frozen from December 20 to January 3.",
    "Bob is allergic to peanuts and shellfish.",
    "The staging cluster runs on three m5.large nodes.",
]


def test_the_benign_corpus_is_large():
    assert len(BENIGN) >= 60


@pytest.mark.parametrize("sentence", BENIGN)
def test_ordinary_sentences_come_back_unchanged(sentence: str):
    result = screen(sentence, DEFAULT)
    assert result.content == sentence
    assert result.redactions == []


def test_ordinary_metadata_comes_back_unchanged():
    metadata = {"notes": BENIGN, "source": {"channel": "slack", "thread": "1712345678.123456"}, "n": 3}
    assert screen_metadata(metadata, DEFAULT).metadata == metadata
