"""Orders (and reveals) that come by email: a message saved by a mail client
(``.eml``, RFC 5322, plain or MIME multipart, quoted-printable or base64, ``format=
flowed``) is read with the standard library's ``email`` package, and the orders are
taken from its text body (docs/pbem.md §Orders by email):

- the text/plain part (the HTML part, turned into text, only if there is none);
- quoted reply lines (``> ...``) and the "On ... wrote:" line above them, everything
  from the signature separator (``-- ``) or a forwarded/original message header down,
  are dropped;
- the document starts at its first top-level key (``format:``, ``turn:``...): a
  greeting above it is ignored, and so is a closing line ("Cheers, Alice") after it;
- a ``.yaml`` attachment is used when the body holds no orders.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from referee.core.model import Problem
from referee.errors import InvalidInput
from referee.io.yamlio import MAX_BYTES, Document, decode, load_text, read_bytes

if TYPE_CHECKING:  # imported when a message is read: not for every orders file (12 ms)
    from email.message import EmailMessage

_HEADER = re.compile(r"^([A-Za-z][A-Za-z0-9-]*):")
_MAIL_HEADERS = frozenset({
    "from", "to", "cc", "subject", "date", "message-id", "mime-version", "received",
    "return-path", "delivered-to", "reply-to", "in-reply-to", "references", "user-agent",
    "content-type", "content-transfer-encoding", "dkim-signature", "arc-seal",
    "arc-message-signature", "arc-authentication-results", "authentication-results",
    "thread-topic", "thread-index", "importance", "sender", "envelope-to"})


class _Lazy:
    """A pattern compiled when first used: these are for mail bodies only, and every
    orders file passes through this module (1.2 ms of start-up otherwise)."""

    __slots__ = ("_args", "_rx")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._args = (pattern, flags)
        self._rx: re.Pattern[str] | None = None

    def _get(self) -> re.Pattern[str]:
        if self._rx is None:
            self._rx = re.compile(*self._args)
        return self._rx

    def match(self, text: str) -> re.Match[str] | None:
        return self._get().match(text)

    def search(self, text: str) -> re.Match[str] | None:
        return self._get().search(text)


_KEYS = _Lazy(r"^(format|turn|player|phase|orders|reveal|dice|game|by|index|after)"
              r"\s*:")
_YAML_LINE = _Lazy(r"^(\s|#|-(\s|$)|[A-Za-z_][A-Za-z0-9_-]*\s*:(\s|$)|\.\.\.$|$)")
_ATTRIBUTION = _Lazy(r"(wrote|écrit|schrieb|escribió|scritto)\s*:\s*$", re.I)
_ORIGINAL = _Lazy(r"^\s*(-{2,}\s*(original message|message d'origine|forwarded "
                  r"message|message transféré)\s*-{2,}|_{20,})\s*$", re.I)
_REPLY_HEADER = _Lazy(r"^\s*\**(from|de|von)\s*\**\s*:", re.I)
_REPLY_NEXT = _Lazy(r"^\s*\**(sent|date|envoyé|gesendet|to|à)\s*\**\s*:", re.I)


def looks_like_mail(raw: bytes, name: str) -> bool:
    if name.lower().endswith(".eml"):
        return True
    first = raw.lstrip(b"\xef\xbb\xbf").split(b"\n", 1)[0].decode("utf-8", "replace")
    if first.startswith("From "):  # mbox
        return True
    match = _HEADER.match(first)
    if match is None:
        return False
    header = match.group(1).lower()
    return header in _MAIL_HEADERS or header.startswith("x-")


def load_document(path: str) -> Document:
    """A YAML file, or the orders inside a saved email message."""
    name = "<stdin>" if path == "-" else path
    raw = read_bytes(path)
    if len(raw) > MAX_BYTES:
        raise InvalidInput(Problem("", f"file is larger than {MAX_BYTES // (1024 * 1024)} MiB",
                                   file=name, code="file.too_large",
                                   data={"mib": MAX_BYTES // (1024 * 1024)}))
    if looks_like_mail(raw, name):
        return load_text(orders_from_mail(raw, name), f"{name} (mail body)")
    return load_text(decode(raw, name), name)


def orders_from_mail(raw: bytes, name: str) -> str:
    import email
    import email.policy
    from email.message import EmailMessage

    try:
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        body = _body_text(msg)
        text = orders_text(body) if body is not None else ""
        if not _KEYS.search(text.split("\n", 1)[0] if text else ""):
            text = _attachment_text(msg) or text
    except (LookupError, ValueError, TypeError, AttributeError, UnicodeError) as exc:
        raise InvalidInput(Problem("", f"cannot read this mail message: {exc}",
                                   "save the message as .eml, or paste the orders into a "
                                   "YAML file", file=name, code="mail.unreadable",
                                   data={"what": str(exc)})) from None
    if not text.strip():
        raise InvalidInput(Problem("", "no orders found in this mail message (its text "
                                   "body has no line starting with format: or turn:)",
                                   "paste the orders file into the mail body, or attach it",
                                   file=name, code="mail.no_orders"))
    return text


def _body_text(msg: EmailMessage) -> str | None:
    part = msg.get_body(preferencelist=("plain",))
    if part is not None:
        text = str(part.get_content())
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        if str(part.get_param("format", "")).lower() == "flowed":
            text = unflow(text, str(part.get_param("delsp", "")).lower() == "yes")
        return text
    part = msg.get_body(preferencelist=("html",))
    if part is not None:
        return html_to_text(str(part.get_content()))
    return None


def _attachment_text(msg: EmailMessage) -> str | None:
    from email.message import EmailMessage

    for part in msg.iter_attachments():
        filename = (part.get_filename() or "").lower()
        if not isinstance(part, EmailMessage) or \
                not filename.endswith((".yaml", ".yml", ".txt")):
            continue
        content: Any = part.get_content()
        text = content.decode("utf-8") if isinstance(content, bytes) else str(content)
        if "referee-" in text:
            return text.replace("\r\n", "\n")
    return None


def unflow(text: str, delsp: bool) -> str:
    """Undo RFC 3676 ``format=flowed``: unstuff the leading space, join soft breaks
    (a line ending in a space), keeping the signature separator ``-- ``."""
    out: list[str] = []
    buffer: str | None = None
    for line in text.split("\n"):
        if line.startswith(" "):
            line = line[1:]
        soft = line.endswith(" ") and line != "-- "
        if soft and delsp:
            line = line[:-1]
        buffer = line if buffer is None else buffer + line
        if not soft:
            out.append(buffer)
            buffer = None
    if buffer is not None:
        out.append(buffer)
    return "\n".join(out)


def _text_parser() -> Any:
    """An HTML parser keeping the text (html.parser imported only for an HTML mail)."""
    from html.parser import HTMLParser

    class Text(HTMLParser):
        BREAKS = frozenset({"br", "p", "div", "tr", "li", "pre", "h1", "h2", "h3", "blockquote"})

        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.parts: list[str] = []
            self.skip = 0
            self.quote = 0

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag in ("style", "script", "head"):
                self.skip += 1
            if tag == "blockquote":
                self.quote += 1
            if tag in self.BREAKS:
                self.parts.append("\n")

        def handle_endtag(self, tag: str) -> None:
            if tag in ("style", "script", "head"):
                self.skip = max(0, self.skip - 1)
            if tag == "blockquote":
                self.quote = max(0, self.quote - 1)
            if tag in self.BREAKS:
                self.parts.append("\n")

        def handle_data(self, data: str) -> None:
            if not self.skip and not self.quote:
                self.parts.append(data)

    return Text()


def html_to_text(html: str) -> str:
    parser = _text_parser()
    parser.feed(html)
    parser.close()
    return re.sub(r"\n{3,}", "\n\n", "".join(parser.parts))


def orders_text(body: str) -> str:
    """The YAML document inside a mail body (see the module doc)."""
    lines = body.replace("\xa0", " ").replace("\t", "    ").split("\n")
    kept: list[str] = []
    for i, line in enumerate(lines):
        if line.rstrip() == "--" or _ORIGINAL.match(line):
            break
        if _REPLY_HEADER.match(line) and any(_REPLY_NEXT.match(x) for x in lines[i + 1:i + 4]):
            break
        if line.lstrip().startswith(">"):
            continue
        if _ATTRIBUTION.search(line):
            following = next((x for x in lines[i + 1:] if x.strip()), "")
            if following.lstrip().startswith(">"):
                continue
        kept.append(line.rstrip())
    start = next((i for i, line in enumerate(kept) if _KEYS.match(line)), None)
    if start is None:
        return ""
    document: list[str] = []
    for line in kept[start:]:
        if not _YAML_LINE.match(line):
            break
        document.append(line)
    return "\n".join(document).rstrip() + "\n"
