"""Waivers (slacheck-waivers.toml) and baselines, both keyed by rule + content fingerprint.

A waiver file holds ``[[waiver]]`` tables: ``rule``, ``fingerprint`` and
``reason`` are required, ``owner`` and ``expires`` (an ISO date) optional.
Any other key, and a rule no loaded pack defines, is refused.
A live waiver moves its finding from ``findings`` to ``waived``. Waivers are
themselves reported as info findings on the first report that uses the file:

- ``WVR001`` an expired waiver (it no longer waives anything);
- ``WVR002`` a waiver that matched no finding (remove it).

A baseline is a JSON file of ``{"rule", "fingerprint"}`` pairs; findings in
it are dropped so only new ones fail.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any, Iterable

from slacheck.config import TRUST_ALL, Discovery, did_you_mean
from slacheck.files import read_small_text, write_atomic
from slacheck.model import Evidence, Finding
from slacheck.report.fingerprint import fingerprint
from slacheck.report.messages import section
from slacheck.report.model import Report, WaivedFinding, summarise
from slacheck.rules.pack import rule_hint

WAIVER_FILE = "slacheck-waivers.toml"
WAIVER_RULES = ("WVR001", "WVR002")
"""The rules waivers themselves raise (expired, unused)."""
_KEYS = ("rule", "fingerprint", "reason", "owner", "expires")
BASELINE_SCHEMA = "slacheck/baseline@1"


class WaiverError(Exception):
    """A waiver or baseline file that cannot be used."""


@dataclass(frozen=True)
class Waiver:
    """One ``[[waiver]]`` entry and where it is written."""

    rule: str
    fingerprint: str
    reason: str
    owner: str | None
    expires: date | None
    source: str
    line: int

    def expired(self, today: date) -> bool:
        """Whether the waiver's expiry date is before ``today``."""
        return self.expires is not None and self.expires < today


def today() -> date:
    """Today's date (tests replace this)."""
    return date.today()


def waiver_candidates(document: str | Path) -> list[Path]:
    """Every slacheck-waivers.toml in the document's folder or above it, nearest first."""
    return [folder / WAIVER_FILE for folder in Path(document).resolve().parents if (folder / WAIVER_FILE).is_file()]


def find_waiver_file(document: str | Path, rule: Discovery = TRUST_ALL) -> Path | None:
    """The nearest slacheck-waivers.toml in the document's folder or above it that ``rule`` trusts."""
    return waiver_files(document, rule)[0]


def waiver_files(document: str | Path, rule: Discovery) -> tuple[Path | None, list[Path]]:
    """The waiver file that applies to a document (find_waiver_file) and those nearer to it that ``rule`` passes
    over as it does not trust them (none under --isolated, which looks for nothing): one look at the folders."""
    if rule.isolated:
        return None, []
    passed: list[Path] = []
    for found in waiver_candidates(document):
        if rule.trusts(found):
            return found, passed
        passed.append(found)
    return None, passed


def _checked_entry(entry: Any, label: str) -> date | None:
    """Validate one ``[[waiver]]`` table (keys, required strings); its expiry date, if it has one."""
    if not isinstance(entry, dict):
        raise WaiverError(f"{label}: must be a table")
    for key in entry:
        if key not in _KEYS:
            raise WaiverError(f"{label}: unknown key '{key}'{did_you_mean(key, _KEYS)} (known: {', '.join(_KEYS)})")
    missing = [key for key in ("rule", "fingerprint", "reason") if not str(entry.get(key, "")).strip()]
    if missing:
        raise WaiverError(f"{label}: missing {', '.join(missing)}")
    wrong = [key for key in ("rule", "fingerprint", "reason", "owner")
             if key in entry and not isinstance(entry[key], str)]
    if wrong:
        raise WaiverError(f"{label}: {', '.join(wrong)}: expected a string")
    return _expiry(entry.get("expires"), label)


def _expiry(expires: Any, label: str) -> date | None:
    """A waiver's ``expires`` as a date (a TOML date or an ISO date string)."""
    if isinstance(expires, datetime):
        raise WaiverError(f"{label}: expires must be an ISO date (YYYY-MM-DD), not a date and time")
    if isinstance(expires, str):
        try:
            expires = date.fromisoformat(expires)
        except ValueError:
            raise WaiverError(f"{label}: expires must be an ISO date (YYYY-MM-DD)") from None
    if expires is not None and not isinstance(expires, date):
        raise WaiverError(f"{label}: expires must be an ISO date (YYYY-MM-DD)")
    return expires


def load_waivers(path: str | Path, known_rules: Iterable[str] | None = None) -> list[Waiver]:
    """Read and validate a waiver file (``known_rules``: the IDs a waiver may name; None: any)."""
    try:
        text = read_small_text(path)
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise WaiverError(f"{path}: cannot read waivers ({error})") from None
    except RecursionError:
        raise WaiverError(f"{path}: cannot read waivers (nested too deeply)") from None
    for key in data:
        if key != "waiver":
            raise WaiverError(f"{path}: unknown key '{key}'{did_you_mean(key, ['waiver'])}; "
                              "a waiver file holds [[waiver]] tables")
    lines = text.splitlines()
    known = None if known_rules is None else sorted(set(known_rules))
    entries = data.get("waiver", [])
    if not isinstance(entries, list):
        raise WaiverError(f"{path}: waiver: expected [[waiver]] tables")
    waivers = []
    for number, entry in enumerate(entries, start=1):
        label = f"{path}: waiver {number}"
        expires = _checked_entry(entry, label)
        rule = str(entry["rule"]).strip().upper()
        if known is not None and rule not in known:
            raise WaiverError(f"{label}: unknown rule '{entry['rule']}'{rule_hint(rule, known)}")
        fp = str(entry["fingerprint"])
        line = next((i for i, row in enumerate(lines, start=1) if fp in row), 1)
        waivers.append(Waiver(rule=rule, fingerprint=fp, reason=str(entry["reason"]),
                              owner=entry.get("owner"), expires=expires, source=str(path), line=line))
    return waivers


def apply_waivers(reports: list[Report], waivers: list[Waiver], on: date) -> list[Report]:
    """The reports with waived findings moved aside and the waivers' own findings added."""
    live = {(w.rule, w.fingerprint): w for w in waivers if not w.expired(on)}
    used: set[Waiver] = set()
    result = []
    for report in reports:
        kept, waived = [], list(report.waived)
        for finding in report.findings:
            fp = fingerprint(finding)
            waiver = live.get((finding.rule, fp))
            if waiver is None:
                kept.append(finding)
                continue
            used.add(waiver)
            waived.append(WaivedFinding(**{**finding.model_dump(), "fingerprint": fp}, reason=waiver.reason,
                                        owner=waiver.owner, expires=waiver.expires))
        result.append(report.model_copy(update={"findings": kept, "waived": waived}))
    notes = [_note(w, "expired", report_language(result)) for w in waivers if w.expired(on)]
    notes += [_note(w, "unused", report_language(result)) for w in waivers if not w.expired(on) and w not in used]
    if result and notes:
        result[0] = result[0].model_copy(update={"findings": [*result[0].findings, *notes]})
    return [r.model_copy(update={"summary": summarise(r.findings)}) for r in result]


def report_language(reports: list[Report]) -> str:
    """The language of the first report (en when there is none)."""
    return reports[0].language if reports else "en"


_NOTES = {"expired": (WAIVER_RULES[0], "expired-waiver"), "unused": (WAIVER_RULES[1], "unused-waiver")}
"""The WVR rule and name of each kind of note; their texts are in the message catalogue (``waiver.<kind>``)."""


def _note(waiver: Waiver, kind: str, language: str) -> Finding:
    rule, name = _NOTES[kind]
    texts = section(language, f"waiver.{kind}")
    title, fix = texts["title"], texts["fix"]
    message = texts["message"].format(rule=waiver.rule, fp=waiver.fingerprint, expires=waiver.expires)
    evidence = Evidence(path=waiver.source, page=1, line=waiver.line, column=1,
                        text=f"{waiver.rule} {waiver.fingerprint}")
    return Finding(rule=rule, name=name, family="WVR", severity="info", title=title, message=message, fix=fix,
                   evidence=[evidence])


def write_baseline(path: str | Path, reports: Iterable[Report]) -> None:
    """Write the fingerprints of the reports' findings (sorted, no timestamp)."""
    keys = sorted({(f.rule, fingerprint(f)) for r in reports for f in r.findings})
    data = {"schema": BASELINE_SCHEMA, "findings": [{"rule": rule, "fingerprint": fp} for rule, fp in keys]}
    write_atomic(path, json.dumps(data, indent=2) + "\n")


def load_baseline(path: str | Path) -> set[tuple[str, str]]:
    """The (rule, fingerprint) pairs of a baseline file."""
    try:
        data = json.loads(read_small_text(path))
        return {(str(e["rule"]), str(e["fingerprint"])) for e in data["findings"]}
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
        raise WaiverError(f"{path}: not a slacheck baseline ({error.__class__.__name__})") from None


def apply_baseline(reports: list[Report], baseline: set[tuple[str, str]]) -> list[Report]:
    """The reports without the findings already in the baseline."""
    result = []
    for report in reports:
        kept = [f for f in report.findings if (f.rule, fingerprint(f)) not in baseline]
        result.append(report.model_copy(update={"findings": kept, "summary": summarise(kept)}))
    return result
