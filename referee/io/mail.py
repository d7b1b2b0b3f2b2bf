"""Orders (and reveals, choices) that come by email: a message saved by a mail client
(``.eml``, RFC 5322, plain or MIME multipart, quoted-printable or base64, ``format=
flowed``) is read within bounds by :func:`read_mail`, and the orders are taken from its
text body (docs/pbem.md §Orders by email):

- the one text/plain part outside attachments and enclosed messages that holds orders
  (parts without, such as a list server's footer, are ignored; two are refused as
  ambiguous); else the one HTML part that does, turned into text; else the one
  ``.yaml``/``.yml``/``.txt`` attachment holding a referee file;
- quoted reply lines (``> ...``) and the "On ... wrote:" line above them, everything
  from the signature separator (``-- ``) or a forwarded/original message header down,
  are dropped;
- the document starts at its first top-level key (``format:``, ``turn:``...): a
  greeting above it is ignored, and so is a closing line ("Cheers, Alice") after it.

For any incoming mail (issue 26; docs/hostile.md §Mail messages)::

    mail = read_mail(raw_bytes, "inbox/msg.eml")   # InvalidInput (exit 3) past a bound
    mail.header("Subject")                          # RFC 2047 decoded, or None
    mail.fields                                     # ((name, unfolded value), ...) at the top
    for part in mail.parts:                         # the leaf parts, in order
        part.number, part.content_type, part.attachment, part.enclosed, part.filename
        part.text()       # text/*: decoded, \n line ends, format=flowed undone
        part.content()    # str for text/*, bytes otherwise
        part.message()    # the part alone as an email.message.EmailMessage

``text()``, ``content()`` and ``message()`` use the standard library on that part's
own bytes only; they may raise ``LookupError`` (an unknown charset), ``ValueError`` or
``UnicodeError`` on a broken part. The public functions of this module stay:
``load_document``, ``orders_from_mail``, ``looks_like_mail``, ``orders_text``,
``unflow``, ``html_to_text``, ``read_mail``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from referee.core.model import Problem
from referee.errors import InvalidInput
from referee.io.yamlio import MAX_BYTES, Document, decode, load_text, read_bytes

if TYPE_CHECKING:  # imported when a message is read: not for every orders file (12 ms)
    from email.message import EmailMessage

_HEADER = re.compile(r"^([A-Za-z][A-Za-z0-9-]*):")
_MAIL_HEADERS = frozenset(
    {
        "from",
        "to",
        "cc",
        "subject",
        "date",
        "message-id",
        "mime-version",
        "received",
        "return-path",
        "delivered-to",
        "reply-to",
        "in-reply-to",
        "references",
        "user-agent",
        "content-type",
        "content-transfer-encoding",
        "dkim-signature",
        "arc-seal",
        "arc-message-signature",
        "arc-authentication-results",
        "authentication-results",
        "thread-topic",
        "thread-index",
        "importance",
        "sender",
        "envelope-to",
    }
)


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


class _LazyBytes:
    """A pattern over a message's raw bytes, compiled when a message is first read."""

    __slots__ = ("_args", "_rx")

    def __init__(self, pattern: bytes, flags: int = 0) -> None:
        self._args = (pattern, flags)
        self._rx: re.Pattern[bytes] | None = None

    def get(self) -> re.Pattern[bytes]:
        if self._rx is None:
            self._rx = re.compile(*self._args)
        return self._rx


_KEYS = _Lazy(
    r"^(format|turn|player|phase|orders|reveal|dice|game|by|index|after)"
    r"\s*:"
)
_YAML_LINE = _Lazy(r"^(\s|#|-(\s|$)|[A-Za-z_][A-Za-z0-9_-]*\s*:(\s|$)|\.\.\.$|$)")
_ATTRIBUTION = _Lazy(r"(wrote|écrit|schrieb|escribió|scritto)\s*:\s*$", re.I)
_ORIGINAL = _Lazy(
    r"^\s*(-{2,}\s*(original message|message d'origine|forwarded "
    r"message|message transféré)\s*-{2,}|_{20,})\s*$",
    re.I,
)
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
        raise InvalidInput(
            Problem(
                "",
                file=name,
                code="file.too_large",
                data={"mib": MAX_BYTES // (1024 * 1024)},
            )
        )
    if looks_like_mail(raw, name):
        return load_text(orders_from_mail(raw, name), f"{name} (mail body)")
    return load_text(decode(raw, name), name)


# ------------------------------------------------------------- the bounded reader
# Bounds of a mail message, checked on its raw bytes before the standard library's
# ``email`` package parses any of it (docs/hostile.md §Mail messages): that package
# recurses on nested MIME parts and nested comments (RecursionError), is quadratic in
# RFC 2231 continuations and holds every part of a message in memory (issue 26).
MAX_MAIL_DEPTH = 16  # multipart and message/* parts nested in one another
MAX_MAIL_PARTS = 500  # MIME entities in one message (containers and leaves)
MAX_HEADER_FIELDS = 500  # header fields of one entity
MAX_MAIL_FIELDS = 5000  # header fields of the whole message
MAX_HEADER_BYTES = 256 * 1024  # the header block of one entity
MAX_FIELD_BYTES = 16 * 1024  # one structured field (Content-Type, From...)
MAX_PARAMETERS = 30  # parameters (``;``) of one Content-* field, continuations included
MAX_MAIL_PARAMETERS = 2000  # parameters of the Content-* fields of the whole message
MAX_COMMENTS = 20  # comments ``(...)`` in one structured field
MAX_COMMENT_DEPTH = 5  # comments nested in one another
MAX_TEXT_BYTES = 8 * 1024 * 1024  # text read for orders: the body's text parts, attachments
MAX_HTML_BYTES = 1024 * 1024  # HTML read for orders (when no text part holds any)

# The fields the reader (or a caller, through the standard library) parses as
# structured: each is bounded in size, parameters and comments.
_STRUCTURED = frozenset(
    {
        "content-type",
        "content-disposition",
        "content-transfer-encoding",
        "content-id",
        "content-description",
        "content-language",
        "mime-version",
        "from",
        "to",
        "cc",
        "bcc",
        "sender",
        "reply-to",
        "message-id",
        "in-reply-to",
        "references",
        "date",
        "resent-from",
        "resent-to",
        "resent-cc",
        "resent-bcc",
        "resent-sender",
        "resent-date",
        "resent-message-id",
    }
)
# A header block: the lines the standard library's parser takes as header lines
# (``email.feedparser.headerRE``), each up to its newline.
_HEADER_BLOCK = _LazyBytes(rb"(?:(?:From |[\x21-\x39\x3b-\x7e]*:|[\t ])[^\n]*(?:\n|\Z))*")
_FIELD_START = _LazyBytes(rb"^[^\t ]", re.M)


class MailPart:
    """One leaf part of a message read by :func:`read_mail`: its place (``number``,
    IMAP style: ``1``, ``2.1``...), its content type, whether it is an attachment
    (``Content-Disposition: attachment``) or inside an enclosed message (a forwarded
    or bounced ``message/rfc822``), its file name; its content is decoded on demand by
    the standard library, from this part's bytes alone (``raw``: its Content-* fields,
    bounded, a blank line and its body; nothing nested)."""

    __slots__ = ("attachment", "content_type", "enclosed", "filename", "number", "raw")

    def __init__(
        self,
        number: str,
        content_type: str,
        attachment: bool,
        enclosed: bool,
        filename: str | None,
        raw: bytes,
    ) -> None:
        self.number = number
        self.content_type = content_type
        self.attachment = attachment
        self.enclosed = enclosed
        self.filename = filename
        self.raw = raw  # its Content-* fields, a blank line, its body; lines end in \n

    def __repr__(self) -> str:
        return (
            f"MailPart({self.number!r}, {self.content_type!r}, attachment="
            f"{self.attachment}, enclosed={self.enclosed}, filename={self.filename!r})"
        )

    def message(self) -> EmailMessage:
        """This part alone as the standard library's message (policy ``default``)."""
        import email
        import email.policy
        from email.message import EmailMessage

        msg = email.message_from_bytes(self.raw, policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        return msg

    def content(self) -> str | bytes:
        """The decoded content: text for ``text/*`` (charset and transfer encoding
        applied), bytes otherwise."""
        value: Any = self.message().get_content()
        return value if isinstance(value, str | bytes) else str(value)

    def text(self) -> str:
        """The content as text with ``\n`` line ends (``format=flowed`` undone); bytes
        are read as UTF-8."""
        msg = self.message()
        value: Any = msg.get_content()
        text = value.decode("utf-8") if isinstance(value, bytes) else str(value)
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        if str(msg.get_param("format", "")).lower() == "flowed":
            text = unflow(text, str(msg.get_param("delsp", "")).lower() == "yes")
        return text


class Mail:
    """A mail message read by :func:`read_mail`: its top-level header fields (unfolded,
    as written: ``header()`` decodes RFC 2047 words) and its leaf parts in order."""

    __slots__ = ("fields", "parts")

    def __init__(self, fields: tuple[tuple[str, str], ...], parts: tuple[MailPart, ...]):
        self.fields = fields
        self.parts = parts

    def header(self, name: str) -> str | None:
        """The first field ``name`` (any case), RFC 2047 words decoded."""
        from email.header import decode_header, make_header

        for key, value in self.fields:
            if key.lower() == name.lower():
                try:
                    return str(make_header(decode_header(value)))
                except (LookupError, ValueError, UnicodeError):
                    return value
        return None


class _Walk:
    __slots__ = ("count", "fields", "name", "parameters", "parts", "raw")

    def __init__(self, raw: bytes, name: str) -> None:
        self.raw = raw
        self.name = name
        self.count = 0
        self.fields = 0
        self.parameters = 0
        self.parts: list[MailPart] = []


def read_mail(raw: bytes, name: str = "<mail>") -> Mail:
    """A mail message (RFC 5322, MIME) read within bounds, for any incoming mail: its
    size (``MAX_BYTES``), the nesting of its parts (``MAX_MAIL_DEPTH``), their number
    (``MAX_MAIL_PARTS``), the size of its header blocks and fields, the parameters and
    comments of its structured fields are checked on the raw bytes before the standard
    library parses anything; the library then reads each header block and each leaf
    part on its own. Raises ``InvalidInput`` (exit 3) naming ``name`` and the part."""
    if len(raw) > MAX_BYTES:
        raise InvalidInput(
            Problem(
                "",
                file=name,
                code="file.too_large",
                data={"mib": MAX_BYTES // (1024 * 1024), "hint_code": "mail_too_large"},
            )
        )
    raw = raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    walk = _Walk(raw, name)
    try:
        fields = _entity(walk, 0, len(raw), "", 0, False, None)
    except (LookupError, ValueError, TypeError, AttributeError, IndexError, UnicodeError) as exc:
        raise _unreadable(name, exc) from None
    return Mail(fields, tuple(walk.parts))


def _unreadable(name: str, exc: Exception) -> InvalidInput:
    return InvalidInput(
        Problem(
            "",
            file=name,
            code="mail.unreadable",
            data={"what": str(exc)},
        )
    )


def _bound(walk: _Walk, number: str, code: str, **data: Any) -> InvalidInput:
    """A bound of :func:`read_mail` passed, in part ``number`` (the path inside the
    message, said in the message: ``part 1.2: ...``)."""
    part = number or "1"
    return InvalidInput(
        Problem(
            "",
            file=walk.name,
            code=code,
            data={"part": part, **data},
        )
    )


def _entity(
    walk: _Walk, start: int, end: int, number: str, depth: int, enclosed: bool, default: str | None
) -> tuple[tuple[str, str], ...]:
    """Read the entity ``raw[start:end]`` (its parts added to ``walk.parts``); return
    its header fields."""
    from email.parser import BytesHeaderParser
    from email.policy import default as policy

    raw = walk.raw
    walk.count += 1
    if walk.count > MAX_MAIL_PARTS:
        raise _bound(
            walk,
            number,
            "mail.too_many_parts",
            limit=MAX_MAIL_PARTS,
        )
    if depth > MAX_MAIL_DEPTH:
        raise _bound(
            walk,
            number,
            "mail.too_deep",
            limit=MAX_MAIL_DEPTH,
        )
    stop = min(end, start + MAX_HEADER_BYTES + 1)  # (never more is scanned)
    match = _HEADER_BLOCK.get().match(raw, start, stop)
    head_end = match.end() if match else start
    if head_end - start > MAX_HEADER_BYTES or (head_end == stop < end):
        raise _bound(
            walk,
            number,
            "mail.headers_too_large",
            limit=MAX_HEADER_BYTES // 1024,
        )
    fields, content = _fields(walk, number, raw[start:head_end])
    body = head_end
    if raw.startswith(b"\n", body) and body < end:
        body += 1  # the blank line between the header block and the body
    # the standard library reads the Content-* fields alone (checked by _fields)
    headers = BytesHeaderParser(policy=policy).parsebytes(content)
    if default is not None:
        headers.set_default_type(default)
    ctype = headers.get_content_type()
    maintype = ctype.split("/", 1)[0]
    boundary = headers.get_boundary() if maintype == "multipart" else None
    if boundary is not None:
        sub = "message/rfc822" if ctype == "multipart/digest" else None
        for i, (p_start, p_end) in enumerate(_parts(raw, body, end, boundary), 1):
            _entity(
                walk,
                p_start,
                p_end,
                f"{number}.{i}" if number else str(i),
                depth + 1,
                enclosed,
                sub,
            )
            if walk.count > MAX_MAIL_PARTS:  # (raised by the part itself)
                break
    elif maintype == "message" and ctype != "message/delivery-status":
        _entity(walk, body, end, number or "1", depth + 1, True, None)
    else:
        filename = headers.get_filename()
        walk.parts.append(
            MailPart(
                number or "1",
                ctype,
                headers.is_attachment(),
                enclosed,
                str(filename) if filename is not None else None,
                content + b"\n" + raw[body:end],
            )
        )
    return fields


def _fields(walk: _Walk, number: str, block: bytes) -> tuple[tuple[tuple[str, str], ...], bytes]:
    """The header fields of a block (unfolded), each structured one within its bounds,
    and the block's Content-* fields as written."""
    starts = [m.start() for m in _FIELD_START.get().finditer(block)]
    walk.fields += len(starts)
    if len(starts) > MAX_HEADER_FIELDS or walk.fields > MAX_MAIL_FIELDS:
        limit = MAX_HEADER_FIELDS if len(starts) > MAX_HEADER_FIELDS else MAX_MAIL_FIELDS
        raise _bound(walk, number, "mail.too_many_fields", limit=limit)
    out: list[tuple[str, str]] = []
    content: list[bytes] = []
    for i, at in enumerate(starts):
        line = block[at : starts[i + 1] if i + 1 < len(starts) else len(block)]
        key, colon, value = line.partition(b":")
        if not colon:
            continue  # the envelope line (``From ...``)
        field = key.decode("ascii", "replace").strip()
        lower = field.lower()
        if lower in _STRUCTURED:
            _check_field(walk, number, field, value)
            if lower.startswith("content-"):
                content.append(line if line.endswith(b"\n") else line + b"\n")
        text = value.decode("utf-8", "replace")
        out.append((field, re.sub(r"\n[ \t]", " ", text).strip()))
    return tuple(out), b"".join(content)


def _check_field(walk: _Walk, number: str, field: str, value: bytes) -> None:
    if len(value) > MAX_FIELD_BYTES:
        raise _bound(
            walk,
            number,
            "mail.field_too_long",
            header=field,
            limit=MAX_FIELD_BYTES // 1024,
        )
    if field.lower().startswith("content-"):
        parameters = value.count(b";")
        walk.parameters += parameters
        if parameters >= MAX_PARAMETERS or walk.parameters > MAX_MAIL_PARAMETERS:
            limit = MAX_PARAMETERS if parameters >= MAX_PARAMETERS else MAX_MAIL_PARAMETERS
            raise _bound(
                walk,
                number,
                "mail.too_many_parameters",
                header=field,
                limit=limit,
            )
    opened = value.count(b"(")
    if not opened:
        return
    if opened > MAX_COMMENTS:
        raise _bound(
            walk,
            number,
            "mail.too_many_comments",
            header=field,
            limit=MAX_COMMENTS,
        )
    depth = deepest = 0
    escaped = False
    for byte in value:  # (at most MAX_FIELD_BYTES, 100 parentheses)
        if escaped:
            escaped = False
        elif byte == 0x5C:  # backslash
            escaped = True
        elif byte == 0x28:
            depth += 1
            deepest = max(deepest, depth)
        elif byte == 0x29 and depth:
            depth -= 1
    if deepest > MAX_COMMENT_DEPTH:
        raise _bound(
            walk,
            number,
            "mail.comments_too_deep",
            header=field,
            limit=MAX_COMMENT_DEPTH,
        )


def _parts(raw: bytes, start: int, end: int, boundary: str) -> Iterator[tuple[int, int]]:
    """The parts of a multipart body ``raw[start:end]``, as the standard library's
    parser splits it: between lines ``--boundary`` (the newline before one belongs to
    it), up to ``--boundary--``; the preamble and the epilogue are not parts. Found by
    searching the delimiter itself (a regular expression over every line starting with
    ``--`` took 15 s over 16 levels of 32 MiB)."""
    delim = b"--" + boundary.encode("utf-8", "surrogateescape")
    previous: int | None = None
    at = start if raw.startswith(delim, start, end) else _delimiter(raw, delim, start, end)
    while at is not None:
        tail = _BOUNDARY_TAIL.get().match(raw, at + len(delim), end)
        if tail is None:  # ``--boundaryX``: not this boundary
            at = _delimiter(raw, delim, at + 1, end)
            continue
        if previous is not None:
            yield previous, max(previous, at - 1)
        if tail.group(1):
            return
        previous = min(tail.end() + 1, end)
        at = _delimiter(raw, delim, tail.end(), end)
    if previous is not None and previous < end:
        yield previous, end


_BOUNDARY_TAIL = _LazyBytes(rb"(--)?[ \t]*(?=\n|\Z)")


def _delimiter(raw: bytes, delim: bytes, start: int, end: int) -> int | None:
    """Where the next line starting with ``delim`` starts (after ``start``), or None."""
    found = raw.find(b"\n" + delim, max(start - 1, 0), end)
    return None if found < 0 else found + 1


# ------------------------------------------------------------------ the orders
def orders_from_mail(raw: bytes, name: str) -> str:
    """The orders (or reveal) file inside a mail message: the one ``text/plain`` part
    outside attachments and enclosed messages that holds one (a part without, such as
    a list server's footer, is ignored; two are refused as ambiguous); else the one
    HTML part that does; else the one ``.yaml``/``.yml``/``.txt`` attachment holding a
    referee file."""
    mail = read_mail(raw, name)
    try:
        body = [p for p in mail.parts if not p.attachment and not p.enclosed]
        plain = _within(
            name, [p for p in body if p.content_type == "text/plain"], MAX_TEXT_BYTES, "text"
        )
        text = _one(name, [(p, orders_text(p.text())) for p in plain])
        if text is None:
            html = _within(
                name, [p for p in body if p.content_type == "text/html"], MAX_HTML_BYTES, "html"
            )
            text = _one(name, [(p, orders_text(html_to_text(str(p.content())))) for p in html])
        if text is None:
            files = _within(
                name,
                [
                    p
                    for p in mail.parts
                    if p.attachment
                    and not p.enclosed
                    and (p.filename or "").lower().endswith((".yaml", ".yml", ".txt"))
                ],
                MAX_TEXT_BYTES,
                "attached",
            )
            text = _one(name, [(p, _attached(p)) for p in files])
    except (LookupError, ValueError, TypeError, AttributeError, IndexError, UnicodeError) as exc:
        raise _unreadable(name, exc) from None
    if text is None or not text.strip():
        raise InvalidInput(
            Problem(
                "",
                file=name,
                code="mail.no_orders",
            )
        )
    return text


def _within(name: str, parts: list[MailPart], limit: int, kind: str) -> list[MailPart]:
    """``parts``, if they are not too large to read for orders (``kind`` says which)."""
    if sum(len(p.raw) for p in parts) > limit:
        raise InvalidInput(
            Problem(
                "",
                file=name,
                code="mail.text_too_large",
                data={"kind": kind, "limit": limit // 1024},
            )
        )
    return parts


def _attached(part: MailPart) -> str:
    content = part.content()
    text = content.decode("utf-8") if isinstance(content, bytes) else str(content)
    return text.replace("\r\n", "\n") if "referee-" in text else ""


def _one(name: str, found: list[tuple[MailPart, str]]) -> str | None:
    """The text of the one part holding orders; ``None`` if none does; two or more are
    refused (which would be the orders?)."""
    holding = [(p, t) for p, t in found if t.strip()]
    if len(holding) > 1:
        numbers = ", ".join(p.number for p, _ in holding)
        raise InvalidInput(
            Problem(
                "",
                file=name,
                code="mail.ambiguous",
                data={"count": len(holding), "parts": numbers},
            )
        )
    return holding[0][1] if holding else None


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
    after: list[str] | None = None
    for i, line in enumerate(lines):
        if line.rstrip() == "--" or _ORIGINAL.match(line):
            break
        if _REPLY_HEADER.match(line) and any(_REPLY_NEXT.match(x) for x in lines[i + 1 : i + 4]):
            break
        if line.lstrip().startswith(">"):
            continue
        if _ATTRIBUTION.search(line):
            # the next line that is not blank (one pass for the whole body: a body of a
            # million "wrote:" lines stays linear)
            if after is None:
                after = _next_written(lines)
            if after[i + 1].lstrip().startswith(">"):
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


def _next_written(lines: list[str]) -> list[str]:
    """For each index, the first line from there on that is not blank ("" if none)."""
    out = [""] * (len(lines) + 1)
    for j in range(len(lines) - 1, -1, -1):
        out[j] = lines[j] if lines[j].strip() else out[j + 1]
    return out
