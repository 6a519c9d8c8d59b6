"""Categories: the taxonomy's topics a text touches, strongest first."""

from __future__ import annotations

import re
from datetime import datetime

from engram.domain.enrichment import MAX_CATEGORIES
from engram.domain.models import MemoryType
from engram.providers.enrichers.rules.entities import EMAIL, HANDLE, TECH_CANONICAL, TECH_CASED
from engram.providers.enrichers.rules.patterns import rx

_TAXONOMY: dict[str, str] = {
    "food": r"food|eat|eats|eating|meal|lunch|dinner|breakfast|brunch|cook|cooking|recipe|restaurant|vegan|"
    r"vegetarian|gluten|dairy|lactose|peanut|nut|cilantro|coffee|tea|pizza|sushi|diet|snack|wine|beer|"
    r"halal|kosher|spicy|cuisine|dessert|chocolate|drink|drinks|espresso|latte",
    "health": r"allergy|allergies|allergic|anaphylaxis|epipen|doctor|dentist|medication|medicine|pill|"
    r"health|sick|illness|diabetes|diabetic|asthma|blood|hospital|therapy|therapist|surgery|injury|pain|"
    r"migraine|pregnant|pregnancy|anxiety|depression|sleep|insomnia|vaccine|symptom|prescription|"
    r"intolerant|intolerance|workout|gym",
    "work": r"work|works|working|job|office|meeting|manager|boss|colleague|coworker|team|project|client|"
    r"customer|deadline|sprint|standup|on-call|oncall|employer|career|promotion|interview|company|"
    r"startup|release|roadmap|stakeholder|okr|quarterly",
    "travel": r"travel|traveling|travelling|trip|flight|fly|flying|airport|hotel|vacation|holiday|passport|"
    r"visa|train station|by train|airline|booking|itinerary|abroad|layover|aisle seat|window seat|airbnb|"
    r"luggage",
    "family": r"family|wife|husband|partner|spouse|son|daughter|kid|kids|child|children|mom|mum|mother|dad|"
    r"father|brother|sister|sibling|parent|parents|grandma|grandmother|grandpa|grandfather|uncle|aunt|"
    r"cousin|baby|niece|nephew|wedding|anniversary|birthday",
    "finance": r"money|budget|salary|bank|invoice|payment|pay|price|cost|expense|tax|taxes|loan|mortgage|"
    r"invest|investment|stock|stocks|crypto|credit card|savings|rent|insurance|billing|dollars?|euros?|"
    r"usd|eur|gbp|401k|pension|refund",
    "tech": r"code|coding|software|programming|database|api|server|deploy|deployment|bug|backend|frontend|"
    r"laptop|computer|app|cloud|repo|repository|framework|library|cli|ide|devops|infrastructure|"
    r"microservice|endpoint|schema|migration",
    "schedule": r"schedule|calendar|appointment|meeting|tomorrow|today|tonight|weekend|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|morning|afternoon|evening|deadline|reminder|remind|"
    r"on-call|agenda|\d{1,2}(?::\d{2})? ?(?:am|pm)|o'clock",
    "preferences": r"prefer|prefers|preferred|preference|favorite|favourite|likes|loves|hates|dislikes|"
    r"rather",
    "hobbies": r"hobby|hobbies|hiking|hike|jogging|marathon|cycling|bike|guitar|piano|music|painting|"
    r"reading|books|novel|games|gaming|chess|photography|gardening|yoga|climbing|swimming|fishing|knitting|movies|"
    r"films|soccer|football|basketball|tennis|golf|skiing|surfing|podcast|concert",
    "location": r"lives? in|living in|based in|moved to|located in|address|timezone|time zone|hometown|"
    r"neighbou?rhood|apartment|relocat\w*|city|country",
    "education": r"school|university|college|degree|course|class|study|studying|student|exam|thesis|phd|"
    r"master's|bachelor|teacher|professor|learn|learning|lesson|tutor|homework|graduated|certification",
    "contact": r"phone|phone number|email|e-mail|contact|reach me|call me|whatsapp|telegram|"
    r"linkedin|twitter",
    "pets": r"dog|dogs|cat|cats|pet|pets|puppy|kitten|vet",
    "shopping": r"buy|bought|purchase|shop|shopping|groceries|amazon|delivery|checkout",
    "security": r"password|passwords|2fa|mfa|security|credential|credentials|token|vpn|encryption|"
    r"ssh key|api key|secret",
}
_CATEGORY_PATTERNS = {name: rx(rf"\b(?:{words})(?:s|es)?\b") for name, words in _TAXONOMY.items()}
_PHONE = re.compile(
    r"(?<![\w-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{3,4}[\s.-]\d{3,4}(?:[\s.-]\d{2,4})?(?![\w-])"
)


def categorize(
    text: str, memory_type: MemoryType, entities: list[str], valid_until: datetime | None
) -> list[str]:
    scores = {name: len(set(p.findall(text))) for name, p in _CATEGORY_PATTERNS.items()}
    if memory_type is MemoryType.preference:
        scores["preferences"] += 1
    if valid_until is not None or memory_type is MemoryType.task:
        scores["schedule"] += 1
    if any(entity in TECH_CANONICAL.values() or entity in TECH_CASED for entity in entities):
        scores["tech"] += 2
    if EMAIL.search(text) or _PHONE.search(text) or HANDLE.search(text):
        scores["contact"] += 1
    order = list(_TAXONOMY)
    ranked = sorted(
        (name for name, score in scores.items() if score), key=lambda n: (-scores[n], order.index(n))
    )
    return ranked[:MAX_CATEGORIES]
