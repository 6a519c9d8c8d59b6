"""The table of PII and secret detectors: one named entry per kind (the `ENGRAM_PII__<KIND>` names).

Patterns follow the issuers' token layouts (cross-checked against detect-secrets and gitleaks) but
bound the *whole* secret, so it can be redacted, not just flagged.
"""
# Conventions: a rule redacts its named group `v` (or `q`, a quoted value) when the pattern has one,
# else the whole match. `check` may veto a match (return None) or narrow its span. `hints` are
# lowercase substrings of which one must occur in the text for the rule to run at all: a cheap
# prefilter that keeps the write path fast, since most memories contain none of them.

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

Span = tuple[int, int]

# policy kinds
API_KEY, AWS_ACCESS_KEY, AWS_SECRET_KEY = "api_key", "aws_access_key", "aws_secret_key"
BEARER_TOKEN, PRIVATE_KEY, PASSWORD = "bearer_token", "private_key", "password"
URL_CREDENTIALS, WEBHOOK_URL = "url_credentials", "webhook_url"
CREDIT_CARD, IBAN, SSN, EMAIL, PHONE = "credit_card", "iban", "ssn", "email", "phone"

# Contact details: reported, and by default kept; never merged into a secret's span.
CONTACT_KINDS = frozenset({EMAIL, PHONE})


@dataclass(frozen=True, slots=True)
class Rule:
    name: str  # what was found, e.g. "stripe_key" (tests and docs; never shown to the caller)
    kind: str  # the policy kind, shown as [REDACTED:<kind>]
    pattern: re.Pattern[str]
    check: Callable[[re.Match[str]], Span | None] | None = None
    hints: tuple[str, ...] = ()
    # Cheap gates, so that most rules never run on an ordinary memory:
    needs: tuple[str, ...] = ()  # and one of these substrings too
    min_digits: int = 0  # the text has at least this many digits
    # Where to look: a rule whose matches never contain whitespace runs only over the words (runs of
    # non-space) that can hold one, not over the whole text.
    min_word: int = 0  # only words at least this long (an issuer's token has a minimum length)
    in_word: str = ""  # only words that contain this (lowercase) substring: "@", "://"
    bounded: bool = False  # the character before the match is not a letter, digit or '_'


def value_span(match: re.Match[str]) -> Span:
    for name in ("v", "q", "q2"):
        if name in match.re.groupindex and match.start(name) >= 0:
            return match.span(name)
    return match.span(0)


# ---------------------------------------------------------------------------------------- checks


def _luhn_ok(digits: str) -> bool:
    total, parity = 0, len(digits) % 2
    for i, ch in enumerate(digits):
        d = int(ch)
        if i % 2 == parity:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def _card(match: re.Match[str]) -> Span | None:
    digits = re.sub(r"\D", "", match.group(0))
    return match.span() if 13 <= len(digits) <= 19 and _luhn_ok(digits) else None


def _ssn(match: re.Match[str]) -> Span | None:
    area, group, serial = match.group("a"), match.group("g"), match.group("s")
    valid = area not in ("000", "666") and not area.startswith("9") and group != "00" and serial != "0000"
    return value_span(match) if valid else None


def _iban_ok(compact: str) -> bool:
    """ISO 13616 mod-97: move the first four characters to the end, letters to numbers (A=10 …)."""
    if not 15 <= len(compact) <= 34:
        return False
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(ch, 36)) for ch in rearranged)) % 97 == 1


def _iban(match: re.Match[str]) -> Span | None:
    """The regex takes every following group of up to four; drop trailing groups (a word that merely
    follows the IBAN) until the checksum holds."""
    text, start = match.group(0), match.start()
    cut = len(text)
    while cut > 0:
        candidate = text[:cut]
        if _iban_ok(candidate.replace(" ", "").upper()):
            return start, start + cut
        cut = candidate.rfind(" ")
    return None


_PLAIN_WORD = re.compile(r"[A-Za-z][a-z]*")


def _bearer(match: re.Match[str]) -> Span | None:
    """`bearer documents`, `Bearer Bonds`: an ordinary word is not a token."""
    return None if _PLAIN_WORD.fullmatch(match.group("v")) else value_span(match)


# Words that follow "password is" in ordinary talk about passwords, not as the password itself.
_NOT_A_PASSWORD = frozenset(  # a list of words reads best as text
    """a an the not no too very so now still also only never always already just being been set
    required mandatory optional incorrect wrong invalid valid expired weak strong correct missing
    empty blank stored saved kept hashed salted encrypted changed reset rotated managed shared used
    needed long short secure insecure same different unknown known visible hidden sent ok fine good
    bad rejected accepted locked disabled enabled that this it because for of to from in on at by
    with generated random case-sensitive sensitive different reused updated ignored unchanged
    protected hard easy simple complex new old default temporary""".split()  # noqa: SIM905
)
_LENGTH_UNIT = re.compile(r"\s*(?:characters?|chars?|digits?|letters?|long|or more|\+)", re.I)


def _password_phrase(match: re.Match[str]) -> Span | None:
    """`password is X`: X is a password unless it is an ordinary word or a length."""
    value = match.group("v")
    if value is not None:
        if value.lower() in _NOT_A_PASSWORD:
            return None
        if value.isdigit() and _LENGTH_UNIT.match(match.string, match.end()):
            return None
    return value_span(match)


def _not_a_path(match: re.Match[str]) -> Span | None:
    """`pwd: /srv/app` is a working directory, not a password."""
    value = match.group("v")
    if (
        value is not None
        and value[:1] in "/~"
        and re.search(r"pwd\W*$", match.group(0)[: match.start("v") - match.start()], re.I)
    ):
        return None
    return value_span(match)


def _mixed(token: str) -> bool:
    return (
        any(c.isupper() for c in token)
        and any(c.islower() for c in token)
        and any(c.isdigit() for c in token)
    )


def _aws_secret(match: re.Match[str]) -> Span | None:
    """40 characters of base64 with upper, lower and (digit, / or +): a git SHA is lowercase hex."""
    token = match.group(0)
    ok = (
        any(c.isupper() for c in token)
        and any(c.islower() for c in token)
        and any(c.isdigit() or c in "/+" for c in token)
    )
    return match.span() if ok else None


_WORDISH = re.compile(r"[A-Z]?[a-z]{3,}|[A-Z]{4,}")


def _entropy(token: str) -> float:
    counts: dict[str, int] = {}
    for ch in token:
        counts[ch] = counts.get(ch, 0) + 1
    return -sum(n / len(token) * math.log2(n / len(token)) for n in counts.values())


def _made_of_words(token: str) -> bool:
    """`ThisIsAVeryLongIdentifierName2024`, `Some_Long_Identifier_v2`: at least half of it in runs of
    letters, and a vowel share like English (≥ 30 % of letters; random base62 has about 19 %).
    About 1 % of random 32-character tokens look like this and are missed; 0.5 % at 40."""
    letters = [c for c in token if c.isalpha()]
    vowels = sum(c in "aeiouAEIOU" for c in letters) / max(len(letters), 1)
    return sum(len(w) for w in _WORDISH.findall(token)) >= 0.5 * len(token) and vowels >= 0.3


def _high_entropy(match: re.Match[str]) -> Span | None:
    """A long random-looking token: mixed case and digits, high entropy, not made of words. Tokens
    inside a URL are left alone (document ids in links)."""
    token = match.group(0)
    if not _mixed(token) or _entropy(token) < 3.5 or _made_of_words(token):
        return None
    line_start = max(match.string.rfind(c, 0, match.start()) for c in " \t\n") + 1
    if "://" in match.string[line_start : match.start()]:
        return None
    return match.span()


# ---------------------------------------------------------------------------------------- table

# A token ends where its alphabet ends (the start is checked in Python, `bounded`: a leading
# lookbehind would stop the regex engine from scanning for the literal prefix, 3x slower).
_E = r"(?![A-Za-z0-9_-])"
# A value after a label: quoted (anything up to the quote), or one unquoted token whose last
# character is not sentence punctuation.
_VALUE = r"(?:\"(?P<q>[^\"\n]+)\"|'(?P<q2>[^'\n]+)'|(?P<v>[^\s\"'`;]*[^\s\"'`;.,:!?)\]}]))"


def _r(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


def _min_width(pattern: str) -> int:
    try:
        return int(re._parser.parse(pattern).getwidth()[0])  # type: ignore[attr-defined]
    except Exception:  # a private module; without it the gate is just off
        return 0


def _token(name: str, pattern: str, *hints: str, min_digits: int = 0) -> Rule:
    """An issuer's token: a fixed prefix (its lowercase hints) and alphabet, no spaces, not the middle
    of a longer word."""
    return Rule(
        name,
        API_KEY,
        _r(pattern + _E),
        hints=hints,
        min_word=_min_width(pattern),
        min_digits=min_digits,
        bounded=True,
    )


@cache
def rules() -> tuple[Rule, ...]:
    """The table, in the order the rules run, built on first use: compiling its patterns takes tens of
    milliseconds, which a process that never screens text (a read of the API) need not pay at import."""
    return (
        # --- key material ------------------------------------------------------------------------
        # PEM private key block (RSA, EC, OPENSSH, ENCRYPTED, …), redacted whole.
        Rule(
            "pem_private_key",
            PRIVATE_KEY,
            _r(
                r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----[\s\S]*?"
                r"(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|$)"
            ),
            hints=("private key-----",),
        ),
        # age encryption identity.
        Rule("age_secret_key", PRIVATE_KEY, _r(r"AGE-SECRET-KEY-1[0-9A-Z]{58}"), hints=("age-secret-key-",)),
        # --- URLs that are, or carry, a credential ----------------------------------------------------
        # Slack incoming webhook / workflow trigger.
        Rule(
            "slack_webhook",
            WEBHOOK_URL,
            _r(r"https?://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/-]+", re.I),
            in_word="hooks.slack.com",
        ),
        # Discord webhook.
        Rule(
            "discord_webhook",
            WEBHOOK_URL,
            _r(r"https?://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]+", re.I),
            in_word="/api/webhooks/",
        ),
        # Microsoft Teams incoming webhook.
        Rule(
            "teams_webhook",
            WEBHOOK_URL,
            _r(r"https?://[A-Za-z0-9-]+\.webhook\.office\.com/webhookb2/[^\s\"'<>]+", re.I),
            in_word="webhook.office.com",
        ),
        # user:password@ in any URL (postgres, mysql, mongodb+srv, redis, amqp, https, …): the password
        # is redacted, the user and host kept. A password may contain '@' (unencoded); it ends at the
        # last '@' before the host.
        Rule(
            "url_userinfo",
            URL_CREDENTIALS,
            _r(r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s:/@]*:(?P<v>[^\s/]+)@(?=[^\s@/]+(?:[\s/?#]|$))"),
            in_word="://",
        ),
        # --- issuers' token formats (policy kind api_key) -----------------------------------------
        _token("anthropic_key", r"sk-ant-[a-z]+\d*-[A-Za-z0-9_-]{20,}", "sk-ant-"),
        # project/service-account/admin keys by prefix; a bare sk- only with a digit (not "sk-learn-…").
        _token("openai_key", r"sk-(?:(?:proj|svcacct|admin)-|(?=[A-Za-z0-9_-]*\d))[A-Za-z0-9_-]{20,}", "sk-"),
        _token("github_token", r"gh[pousr]_[A-Za-z0-9]{30,}", "gh"),
        _token("github_fine_grained_pat", r"github_pat_[A-Za-z0-9_]{30,}", "github_pat_"),
        _token(
            "gitlab_token",
            r"(?:glpat|gldt|glft|glsoat|glrt|glcbt|glimt|glptt|glagent|gloas)-[A-Za-z0-9_-]{20,}",
            "gl",
        ),
        _token("gitlab_runner_registration", r"GR1348941[A-Za-z0-9_-]{20,}", "gr1348941"),
        _token("slack_token", r"xox[abposre]-[A-Za-z0-9-]{10,}", "xox"),
        _token("slack_app_token", r"xapp-\d-[A-Za-z0-9-]{10,}", "xapp-"),
        _token("google_api_key", r"AIza[0-9A-Za-z_-]{35,}", "aiza"),
        _token("google_oauth_client_secret", r"GOCSPX-[A-Za-z0-9_-]{20,}", "gocspx-"),
        _token("google_oauth_access_token", r"ya29\.[0-9A-Za-z_-]{20,}", "ya29."),
        # Stripe secret (sk_) and restricted (rk_) keys; publishable pk_ keys are public by design.
        _token("stripe_key", r"[sr]k_(?:live|test)_[0-9A-Za-z]{16,}", "k_live_", "k_test_"),
        _token("stripe_webhook_secret", r"whsec_[A-Za-z0-9]{24,}", "whsec_"),
        _token("huggingface_token", r"hf_[A-Za-z0-9]{30,}", "hf_"),
        _token("sendgrid_key", r"SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}", "sg."),
        _token("npm_token", r"npm_[A-Za-z0-9]{30,}", "npm_"),
        _token("pypi_token", r"pypi-[A-Za-z0-9_-]{50,}", "pypi-"),
        # Telegram bot token: bot id, colon, 35 characters.
        _token("telegram_bot_token", r"\d{8,10}:[A-Za-z0-9_-]{35}", ":", min_digits=8),
        _token(
            "discord_bot_token", r"[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}", "."
        ),
        _token("twilio_api_key", r"SK[0-9a-f]{32}", "sk"),
        _token("mailchimp_key", r"[0-9a-f]{32}-us\d{1,2}", "-us"),
        _token("shopify_token", r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}", "shp"),
        _token("digitalocean_token", r"do[por]_v1_[a-f0-9]{64}", "_v1_"),
        _token("square_token", r"sq0(?:atp|csp)-[0-9A-Za-z_-]{22,}", "sq0"),
        _token("databricks_token", r"dapi[a-f0-9]{32}(?:-\d+)?", "dapi"),
        _token("linear_key", r"lin_(?:api|oauth)_[A-Za-z0-9]{32,}", "lin_"),
        _token("notion_token", r"(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,})", "secret_", "ntn_"),
        _token("postman_key", r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}", "pmak-"),
        _token("newrelic_key", r"NRAK-[A-Z0-9]{27}", "nrak-"),
        _token("groq_key", r"gsk_[A-Za-z0-9]{40,}", "gsk_"),
        _token("replicate_token", r"r8_[A-Za-z0-9]{30,}", "r8_"),
        _token("xai_key", r"xai-[A-Za-z0-9]{40,}", "xai-"),
        _token("vault_token", r"hv[sbr]\.[A-Za-z0-9_-]{24,}", "hvs.", "hvb.", "hvr."),
        _token("doppler_token", r"dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}", "dp."),
        _token("atlassian_token", r"ATATT3[A-Za-z0-9_=-]{50,}", "atatt3"),
        _token("engram_key", r"engram_[A-Za-z0-9_-]{20,}", "engram_"),
        # JSON Web Token: three base64url parts, the first two JSON objects ({"… → eyJ).
        _token("jwt", r"eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}", "eyj"),
        # Azure storage / service bus connection-string keys and SAS signatures.
        Rule(
            "azure_connection_key",
            API_KEY,
            _r(r"(?i)\b(?:AccountKey|SharedAccessKey|SharedAccessSignature)\s*=\s*(?P<v>[^\s;\"']{16,})"),
            hints=("accountkey", "sharedaccess"),
        ),
        # --- AWS -----------------------------------------------------------------------------------
        Rule(
            "aws_access_key_id",
            AWS_ACCESS_KEY,
            _r(r"(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[0-9A-Z]{16}\b"),
            min_word=20,
            bounded=True,
        ),
        Rule(
            "aws_secret_access_key_labelled",
            AWS_SECRET_KEY,
            _r(
                r"(?i)(?<![A-Za-z0-9])(?:aws_?)?secret_?access_?key(?:_id)?[\"']?\s*(?:[:=]|\bis\b)\s*"
                r"[\"']?(?P<v>[A-Za-z0-9/+=]{30,})"
            ),
            hints=("secret",),
        ),
        # Unlabelled: exactly 40 characters of the base64 alphabet (see _aws_secret).
        Rule(
            "aws_secret_access_key",
            AWS_SECRET_KEY,
            _r(r"(?<![A-Za-z0-9/+=_-])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=_-])"),
            check=_aws_secret,
            min_word=40,
        ),
        # --- labelled values -----------------------------------------------------------------------
        # Authorization headers.
        Rule(
            "bearer_token",
            BEARER_TOKEN,
            _r(r"(?i)\bbearer\s+(?P<v>[A-Za-z0-9._~+/=-]{8,})"),
            check=_bearer,
            hints=("bearer",),
        ),
        Rule(
            "basic_auth_header",
            BEARER_TOKEN,
            _r(r"(?i)\bauthorization:\s*basic\s+(?P<v>[A-Za-z0-9+/=]{8,})"),
            hints=("basic",),
        ),
        # api_key=…, SECRET_KEY: …, "auth_token": "…", GITHUB_TOKEN=… ('_' before the label is fine).
        Rule(
            "labelled_api_key",
            API_KEY,
            _r(
                r"(?i)(?<![A-Za-z0-9])"
                r"(?:api[_-]?key|apikey|secret(?:[_-]?key)?|client[_-]?secret|access[_-]?token|auth[_-]?token"
                r"|refresh[_-]?token|session[_-]?token|token|access[_-]?key|private[_-]?key|signing[_-]?key)"
                r"[\"']?\s*[:=]\s*[\"']?(?P<v>[A-Za-z0-9/+_.~=-]{12,})"
            ),
            hints=("key", "token", "secret"),
            needs=(":", "="),
        ),
        # "the api key is Zx81…" — only a token with a digit in it, so "the secret is patience" stays.
        Rule(
            "api_key_phrase",
            API_KEY,
            _r(
                r"(?i)\b(?:api[ _-]?key|secret(?: key)?|access token|auth token|token)\s+(?:is|was)\s+"
                r"(?P<v>(?=[A-Za-z0-9/+_.~=-]*\d)[A-Za-z0-9/+_.~=-]{12,})"
            ),
            hints=("key", "token", "secret"),
            needs=(" is ", " was "),
        ),
        # A passphrase, seed phrase or mnemonic is several words: redact to the end of the clause.
        Rule(
            "passphrase",
            PASSWORD,
            _r(
                r"(?i)\b(?:pass[ -]?phrase|seed phrase|recovery phrase|mnemonic)s?\s*(?:is\s*)?[:=]\s*"
                r"(?:\"(?P<q>[^\"\n]+)\"|(?P<v>[^\n;]*?))(?=\s*(?:[.!?](?:\s|$)|[\n;]|$))"
            ),
            hints=("phrase", "mnemonic"),
        ),
        # password: X / DB_PASSWORD=X / PGPASSWORD=X / "pwd": "X".
        Rule(
            "password_labelled",
            PASSWORD,
            _r(
                r"(?i)(?<![A-Za-z0-9])[A-Za-z0-9_]*?(?:password|passwd|passwort|pwd|passcode)[\"']?"
                r"\s*(?:is\s*)?[:=]\s*" + _VALUE
            ),
            check=_not_a_path,
            hints=("pass", "pwd"),
            needs=(":", "="),
        ),
        # "my password is hunter2", "the wifi password was changed to Tr0ub4dor".
        Rule(
            "password_phrase",
            PASSWORD,
            _r(
                r"(?i)\b(?:password|passwd|passcode|pin code)\s+"
                r"(?:(?:was |got |is |has been )?(?:set|changed|reset) to|is now|is|was|=)\s+"
                r"(?:\"(?P<q>[^\"\n]+)\"|(?P<v>[^\s\"']*[^\s\"'.,;:!?)\]}]))"
            ),
            check=_password_phrase,
            hints=("pass", "pin code"),
        ),
        # --- financial and national identifiers ---------------------------------------------------------
        # IBAN: country, check digits, then groups of up to four; validated with mod-97.
        Rule(
            "iban",
            IBAN,
            _r(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){3,8}\b"),
            check=_iban,
            min_digits=4,
        ),
        # 13–19 digits, optionally grouped by spaces or dashes, passing Luhn. (The lookbehind sits after
        # the first digit so the engine can skip to digits quickly.)
        Rule(
            "credit_card",
            CREDIT_CARD,
            _r(r"\d(?<![\d-]\d)(?:[ -]?\d){12,18}(?![\d-])"),
            check=_card,
            min_digits=13,
        ),
        Rule(
            "ssn",
            SSN,
            _r(r"\b(?P<v>(?P<a>\d{3})-(?P<g>\d{2})-(?P<s>\d{4}))\b"),
            check=_ssn,
            hints=("-",),
            min_digits=9,
        ),
        # An SSN written without dashes only where the text says it is one.
        Rule(
            "ssn_in_context",
            SSN,
            _r(
                r"(?i)\b(?:ssn|social security(?: number| no\.?| #)?)\b[^\d\n]{0,20}?"
                r"(?<!\d)(?P<v>(?P<a>\d{3})[ -]?(?P<g>\d{2})[ -]?(?P<s>\d{4}))(?!\d)"
            ),
            check=_ssn,
            hints=("ssn", "social security"),
            min_digits=9,
        ),
        # --- contact details (kept by default) ----------------------------------------------------------
        Rule("email", EMAIL, _r(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b"), in_word="@"),
        Rule(
            "phone",
            PHONE,
            _r(
                r"(?<![\w-])(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,4}\)[ .-]?|\d{2,4}[ .-])"
                r"\d{3,4}[ .-]\d{3,4}(?![\w-])"
            ),
            min_digits=7,
        ),
        # --- last resort ----------------------------------------------------------------------------------
        # Any other long random token: mixed case and digits, high entropy (unknown issuers' keys).
        Rule(
            "high_entropy_token",
            API_KEY,
            _r(r"(?<![A-Za-z0-9/+=_.-])[A-Za-z0-9/+_-]{32,}={0,2}(?![A-Za-z0-9/+=_-])"),
            check=_high_entropy,
            min_word=32,
        ),
    )


def __getattr__(name: str) -> tuple[Rule, ...]:
    """`RULES`, the table (`rules()`), for the readers that name it."""
    if name == "RULES":
        return rules()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# An unterminated private key block cannot be bounded safely: redacting "to the end" might be wrong.
UNSAFE = re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----(?![\s\S]*-----END)")
