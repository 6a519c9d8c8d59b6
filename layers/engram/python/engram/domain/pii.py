"""PII and secret detection with a policy per kind: redact, reject or allow (keep).

Redaction replaces the span with `[REDACTED:<kind>]` before content is hashed or stored, so a raw
secret exists only in the request. Metadata values are screened too, and a value under a secret-named
key (`api_key`, `password`, …) is redacted whole. Nothing here logs content. Rules: `pii_rules`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise
from typing import Any

from engram.domain.errors import PiiRejected
from engram.domain.pii_rules import API_KEY, CONTACT_KINDS, PASSWORD, UNSAFE, rules, value_span

# policy values, kept as plain strings so the domain does not depend on settings
REDACT, REJECT, ALLOW = "redact", "reject", "allow"
_KEEP = frozenset({ALLOW, "keep"})


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int
    rule: str = ""  # which detector, e.g. "stripe_key"


def _place(found: list[Finding], new: Finding) -> None:
    """Add a finding. Overlaps go to the earlier rule; but where two secrets overlap and the later one
    reaches further, the spans are merged, so that no part of either survives redaction."""
    overlapping = [f for f in found if f.start < new.end and new.start < f.end]
    if not overlapping:
        found.append(new)
        return
    if any(f.start <= new.start and new.end <= f.end for f in overlapping):
        return
    if new.kind in CONTACT_KINDS or any(f.kind in CONTACT_KINDS for f in overlapping):
        return
    first = overlapping[0]
    for f in overlapping:
        found.remove(f)
    start = min(new.start, *(f.start for f in overlapping))
    end = max(new.end, *(f.end for f in overlapping))
    found.append(Finding(first.kind, start, end, first.rule))


_DIGIT = re.compile(r"\d")
_SPACE = re.compile(r"\s")
_WORD_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


@cache
def _gates() -> tuple[re.Pattern[str], frozenset[str], frozenset[str]]:
    """What `detect` looks for before it runs any rule, from the table (built with it, on first use):
    the words long enough to hold the shortest token, and every rule's hints and needs."""
    shortest_token = min(rule.min_word for rule in rules() if rule.min_word)
    hints = frozenset(hint for rule in rules() for hint in rule.hints)
    needs = frozenset(need for rule in rules() for need in rule.needs)
    return re.compile(rf"\S{{{shortest_token},}}"), hints, needs


def _words_containing(content: str, lowered: str, needle: str) -> list[tuple[int, int]]:
    """The (start, end) of each whitespace-free run of `content` that contains `needle`."""
    spans, at = [], lowered.find(needle)
    while at != -1:
        start = max(content.rfind(" ", 0, at), content.rfind("\n", 0, at), content.rfind("\t", 0, at)) + 1
        space = _SPACE.search(content, at)
        end = space.start() if space else len(content)
        spans.append((start, end))
        at = lowered.find(needle, end)
    return spans


def detect(content: str) -> list[Finding]:
    """Every finding, earliest first, overlapping spans resolved in favour of the first rule."""
    lowered = content.lower()
    if len(lowered) != len(content):  # a few non-ASCII letters change length when lowercased
        lowered = "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in content)
    long_word, all_hints, all_needs = _gates()
    long_words = [m.span() for m in long_word.finditer(content)]
    longest_word = max((end - start for start, end in long_words), default=0)
    digits = len(_DIGIT.findall(content))
    hints = {hint for hint in all_hints if hint in lowered}
    needs = {need for need in all_needs if need in content}
    found: list[Finding] = []
    for rule in rules():
        if rule.min_word > longest_word or rule.min_digits > digits:
            continue
        if (rule.hints and hints.isdisjoint(rule.hints)) or (rule.needs and needs.isdisjoint(rule.needs)):
            continue
        if rule.in_word:
            if rule.in_word not in lowered:
                continue
            scopes = _words_containing(content, lowered, rule.in_word)
        elif rule.min_word:
            scopes = [(start, end) for start, end in long_words if end - start >= rule.min_word]
        else:
            scopes = [(0, len(content))]
        for scope_start, scope_end in scopes:
            for match in rule.pattern.finditer(content, scope_start, scope_end):
                start, end = match.span()
                if rule.bounded and start and content[start - 1] in _WORD_CHARS:
                    continue
                if any(f.start <= start and end <= f.end for f in found):
                    continue  # already covered (checks only ever narrow a span): skip the check
                span = rule.check(match) if rule.check else value_span(match)
                if span is None or span[0] >= span[1]:
                    continue
                _place(found, Finding(rule.kind, span[0], span[1], rule.name))
    return sorted(found, key=lambda f: f.start)


@dataclass(frozen=True)
class Screened:
    content: str
    redactions: list[str]  # kinds replaced, sorted, unique
    detected: list[str]  # kinds found and kept (policy allow)


def _policy(policy: Mapping[str, str], kind: str) -> str:
    value = policy.get(kind, REDACT)
    return ALLOW if value in _KEEP else value


def screen(content: str, policy: Mapping[str, str], *, where: str = "content") -> Screened:
    """Apply the policy per kind. Raises PiiRejected for a kind set to reject, or for a secret whose
    span cannot be redacted safely (an unterminated private key block)."""
    findings = detect(content)
    kinds = {f.kind for f in findings}
    rejected = sorted(k for k in kinds if _policy(policy, k) == REJECT)
    if rejected:
        raise PiiRejected(f"{where} contains {', '.join(rejected)}", kinds=rejected)
    if _policy(policy, "private_key") != ALLOW and UNSAFE.search(content):
        raise PiiRejected(
            f"{where} contains a private key block that cannot be redacted safely", kinds=["private_key"]
        )
    out, last, redacted, kept = [], 0, set(), set()
    for f in findings:
        if _policy(policy, f.kind) == ALLOW:
            kept.add(f.kind)
            continue
        out.append(content[last : f.start])
        out.append(f"[REDACTED:{f.kind}]")
        last = f.end
        redacted.add(f.kind)
    out.append(content[last:])
    return Screened("".join(out), sorted(redacted), sorted(kept))


# ---------------------------------------------------------------------------------------- metadata

_PASSWORD_WORDS = frozenset({"password", "passwd", "passphrase", "passcode", "pwd", "pin"})
_SECRET_WORDS = frozenset(
    {"secret", "token", "apikey", "credential", "credentials", "authorization", "cookie", "privatekey"}
)
_SECRET_PAIRS = frozenset(
    {
        ("api", "key"),
        ("access", "key"),
        ("private", "key"),
        ("signing", "key"),
        ("secret", "key"),
        ("master", "key"),
        ("encryption", "key"),
        ("client", "secret"),
        ("session", "token"),
    }
)
# A key that ends in one of these names a property of a secret, not the secret: token_count,
# password_hint, secret_name, api_key_id.
_ABOUT_A_SECRET = frozenset(  # a list of words reads best as text
    """count type kind name names id ids length len limit expiry expires expiration ttl hint policy url
    uri path file env var field header format source provider method scope scopes rotated created
    updated at version label ref arn""".split()  # noqa: SIM905
)
_KEY_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


@lru_cache(maxsize=1024)  # pure: the same key name always gives the same answer
def secret_key_kind(key: str) -> str | None:
    """The policy kind a metadata key's name implies for its value, or None for an ordinary key."""
    words = [w.lower() for w in _KEY_WORDS.findall(key)]
    if not words or words[-1] in _ABOUT_A_SECRET:
        return None
    if any(w in _PASSWORD_WORDS for w in words):
        return PASSWORD
    if any(w in _SECRET_WORDS for w in words) or any(p in _SECRET_PAIRS for p in pairwise(words)):
        return API_KEY
    return None


@dataclass(frozen=True)
class ScreenedMetadata:
    metadata: dict[str, Any]
    redactions: list[str]
    detected: list[str]


def screen_metadata(metadata: Mapping[str, Any], policy: Mapping[str, str]) -> ScreenedMetadata:
    """Screen every string value, at any depth, as content is screened; a value under a key whose
    name says secret is redacted whole (as that kind). Other values (numbers, booleans) pass."""
    redacted: set[str] = set()
    kept: set[str] = set()

    def string(value: str, secret_kind: str | None) -> str:
        if secret_kind and value.strip():
            decision = _policy(policy, secret_kind)
            if decision == REJECT:
                raise PiiRejected(f"metadata contains {secret_kind}", kinds=[secret_kind])
            if decision != ALLOW:
                redacted.add(secret_kind)
                return f"[REDACTED:{secret_kind}]"
        screened = screen(value, policy, where="metadata")
        redacted.update(screened.redactions)
        kept.update(screened.detected)
        return screened.content

    def walk(value: Any, secret_kind: str | None) -> Any:
        if isinstance(value, str):
            return string(value, secret_kind)
        if isinstance(value, Mapping):
            return {k: walk(v, secret_key_kind(str(k)) or secret_kind) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [walk(v, secret_kind) for v in value]
        return value

    clean = {k: walk(v, secret_key_kind(str(k))) for k, v in metadata.items()}
    return ScreenedMetadata(clean, sorted(redacted), sorted(kept))
