"""PII and secret detection with a policy per kind: redact, reject or allow.

Redaction replaces the span with `[REDACTED:<kind>]` before the content is hashed or stored, so the
raw secret exists only in the request being processed. Nothing here logs content.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engram.domain.errors import PiiRejected

# policy values, kept as plain strings so the domain does not depend on settings
REDACT, REJECT, ALLOW = "redact", "reject", "allow"


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int


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


def _card_ok(match: re.Match[str]) -> bool:
    digits = re.sub(r"\D", "", match.group(0))
    return 13 <= len(digits) <= 19 and _luhn_ok(digits)


def _ssn_ok(match: re.Match[str]) -> bool:
    area, group, serial = match.group("a"), match.group("g"), match.group("s")
    return area not in ("000", "666") and not area.startswith("9") and group != "00" and serial != "0000"


@dataclass(frozen=True)
class _Rule:
    kind: str
    pattern: re.Pattern[str]
    group: str | int = 0  # the span to redact
    check: Callable[[re.Match[str]], bool] | None = None


_RULES: tuple[_Rule, ...] = (
    _Rule(
        "private_key",
        re.compile(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----[\s\S]*?"
            r"(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|$)"
        ),
    ),
    _Rule("aws_access_key", re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b")),
    _Rule(
        "api_key",
        re.compile(
            r"\b(?:sk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}"
            r"|xox[abposr]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{35}|sk_(?:live|test)_[0-9A-Za-z]{16,}"
            r"|engram_[A-Za-z0-9_-]{20,}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})"
        ),
    ),
    _Rule(
        "api_key",
        re.compile(
            r"(?i)\b(?:api[_-]?key|secret(?:[_-]?key)?|access[_-]?token|auth[_-]?token|token|aws_secret_access_key)"
            r"\s*[:=]\s*[\"']?(?P<v>[A-Za-z0-9/+_.~-]{12,})"
        ),
        group="v",
    ),
    _Rule("bearer_token", re.compile(r"(?i)\bbearer\s+(?P<v>[A-Za-z0-9._~+/=-]{8,})"), group="v"),
    _Rule(
        "password",
        re.compile(r"(?i)\b(?:password|passwd|pwd|passphrase)\s*(?:is\s*)?[:=]\s*(?P<v>\S+)"),
        group="v",
    ),
    _Rule("credit_card", re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])"), check=_card_ok),
    _Rule("ssn", re.compile(r"\b(?P<a>\d{3})-(?P<g>\d{2})-(?P<s>\d{4})\b"), check=_ssn_ok),
    _Rule("email", re.compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b")),
    _Rule(
        "phone",
        re.compile(
            r"(?<![\w-])(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,4}\)[ .-]?|\d{2,4}[ .-])\d{3,4}[ .-]\d{3,4}(?![\w-])"
        ),
    ),
)

# An unterminated private key block cannot be bounded safely: redacting "to the end" might be wrong.
_UNSAFE = re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----(?![\s\S]*-----END)")


def detect(content: str) -> list[Finding]:
    """Every finding, earliest first, overlapping spans resolved in favour of the first rule."""
    findings: list[Finding] = []
    taken: list[tuple[int, int]] = []
    for rule in _RULES:
        for match in rule.pattern.finditer(content):
            if rule.check and not rule.check(match):
                continue
            start, end = match.span(rule.group)
            if any(start < e and s < end for s, e in taken):
                continue
            taken.append((start, end))
            findings.append(Finding(rule.kind, start, end))
    return sorted(findings, key=lambda f: f.start)


@dataclass(frozen=True)
class Screened:
    content: str
    redactions: list[str]  # kinds replaced, sorted, unique
    detected: list[str]  # kinds found and kept (policy allow)


def screen(content: str, policy: Mapping[str, str]) -> Screened:
    """Apply the policy per kind. Raises PiiRejected for a kind set to reject, or for a secret whose
    span cannot be redacted safely (an unterminated private key block)."""
    findings = detect(content)
    kinds = {f.kind for f in findings}
    rejected = sorted(k for k in kinds if policy.get(k, REDACT) == REJECT)
    if rejected:
        raise PiiRejected(f"content contains {', '.join(rejected)}", kinds=rejected)
    if _UNSAFE.search(content) and policy.get("private_key", REDACT) != ALLOW:
        raise PiiRejected(
            "content contains a private key block that cannot be redacted safely", kinds=["private_key"]
        )
    out, last, redacted, kept = [], 0, set(), set()
    for f in findings:
        if policy.get(f.kind, REDACT) == ALLOW:
            kept.add(f.kind)
            continue
        out.append(content[last : f.start])
        out.append(f"[REDACTED:{f.kind}]")
        last = f.end
        redacted.add(f.kind)
    out.append(content[last:])
    return Screened("".join(out), sorted(redacted), sorted(kept))
