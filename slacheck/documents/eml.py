"""E-mail messages (.eml, the standard library's email package) read as a mail reader shows them.

The page holds the From, To, Cc, Date and Subject headers, then the body: the plain-text part,
else the HTML part turned into lines (:mod:`slacheck.documents.html`), its ``<blockquote>``
lines after ``> ``, so that an earlier message quoted in a reply reads as quoted, not as the
offer.  Places: ``header Subject``, ``body line 12``.  Attachments that slacheck reads (PDF, Word,
Excel, HTML, text) are read as documents of their own, named ``mail.eml#offer.xlsx``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from slacheck.documents.blocks import as_text
from slacheck.documents.html import html_blocks
from slacheck.documents.model import Budget, Document, DocumentError
from slacheck.documents.passages import assemble
from slacheck.documents.text import LINE_BREAK, text_page

if TYPE_CHECKING:
    from email.message import EmailMessage

ATTACHED = "#"
"""Between a mail's path and an attachment's name: ``mail.eml#offer.xlsx``."""
HEADERS = ("From", "To", "Cc", "Date", "Subject")
"""Headers kept at the top of the page (the others say nothing about an offer)."""


def eml_document(data: bytes, path: str, sha: str, budget: Budget | None) -> Document:
    """Read an .eml message; DocumentError when it has neither headers nor a text body."""
    message = _message(data)
    texts, places = [], []
    for name in HEADERS:
        value = message.get(name)
        if value:
            texts.append(f"{name}: {' '.join(str(value).split())}")
            places.append(f"header {name}")
    body = _body(message, budget)
    if not body and not texts:
        raise DocumentError("not an e-mail message (no headers, no text body)")
    if texts and body:
        texts.append("")
        places.append("")
    texts.extend(body)
    places.extend(f"body line {k}" for k in range(1, len(body) + 1))
    lines, passages = assemble([text_page(texts, places)], pdf=False)
    return Document(path, "eml", 1, sha, None, lines, passages, ())


def attachments(data: bytes, suffixes: tuple[str, ...]) -> list[tuple[str, bytes]]:
    """(file name, bytes) of each attachment whose name ends in one of ``suffixes``."""
    found = []
    for part in _message(data).iter_attachments():
        name = Path(part.get_filename() or "").name
        payload = part.get_payload(decode=True)
        if name.lower().endswith(suffixes) and isinstance(payload, bytes) and payload:
            found.append((name, payload))
    return found


def attached(data: bytes, name: str) -> bytes:
    """The bytes of the attachment called ``name``; DocumentError when the mail has none."""
    for found, payload in attachments(data, (name.lower(),)):
        if found == name:
            return payload
    raise DocumentError(f"the e-mail has no attachment {name}")


def _message(data: bytes) -> EmailMessage:
    import email.policy  # the email package only when an e-mail is read
    from email.message import EmailMessage

    message = email.message_from_bytes(data, policy=email.policy.default)
    assert isinstance(message, EmailMessage)  # (the default policy's message class)
    return message


def _body(message: EmailMessage, budget: Budget | None) -> list[str]:
    """The lines of the plain-text body, else of the HTML body."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return []
    try:
        content = part.get_content()
    except (LookupError, UnicodeError, ValueError):
        raise DocumentError("cannot decode the e-mail body (unknown or wrong charset)") from None
    if not isinstance(content, str):
        return []
    if part.get_content_subtype() == "html":
        return as_text(html_blocks(content, budget))
    texts = LINE_BREAK.split(content)
    while texts and not texts[-1].strip():
        texts.pop()
    return texts
