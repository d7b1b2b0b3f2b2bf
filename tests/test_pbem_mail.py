"""Orders that come by email (docs/pbem.md §Orders by email): messages as mail clients
save them (.eml) adjudicate like the YAML file they carry."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
import yaml

from clikit import referee, small_state, write
from referee.io.mail import looks_like_mail, orders_text, unflow

RED_COMBAT = ["R1 mêlée B1"]

THUNDERBIRD = """\
From: Red General <red@example.org>
To: Blue General <blue@example.org>
Subject: Re: test-game, your move
Date: Sat, 2 Aug 2025 10:00:00 +0200
Message-ID: <4a1b2c3d-1111-2222-3333-444455556666@example.org>
In-Reply-To: <0f0e0d0c@example.org>
User-Agent: Mozilla Thunderbird
Content-Language: en-GB
MIME-Version: 1.0
Content-Type: text/plain; charset=UTF-8; format=flowed
Content-Transfer-Encoding: 8bit

On 01/08/2025 21:13, Blue General wrote:
> Your move. My last orders were:
> format: referee-orders/1
> orders: []

Blue,

format: referee-orders/1
turn: 1
player: red
phase: combat
# the legion charges the heavy infantry in front of it, with everything it\x20
has left
orders:
   - R1 mêlée B1

Good luck,
Red
--\x20
Red General, Cannae
"""

GMAIL = """\
MIME-Version: 1.0
Date: Sat, 2 Aug 2025 10:00:00 +0200
Message-ID: <CAF=abc123@mail.gmail.com>
Subject: Re: test-game, your move
From: Red General <red@gmail.com>
To: Blue General <blue@example.org>
Content-Type: multipart/alternative; boundary="000000000000a1b2c3d4e5f6"

--000000000000a1b2c3d4e5f6
Content-Type: text/plain; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

Here you are.

format: referee-orders/1
turn: 1
player: red
phase: combat
orders:
  - R1 m=C3=AAl=C3=A9e B1   # a comment long enough for the encoder to wrap it=
 with a soft line break
Cheers

On Fri, 1 Aug 2025 at 21:13, Blue General <blue@example.org> wrote:

> Your move.
> format: referee-orders/1
>

--000000000000a1b2c3d4e5f6
Content-Type: text/html; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

<div dir=3D"ltr">Here you are.<br><br>format: referee-orders/1<br>turn: 1<b=
r>player: red<br>phase: combat<br>orders:<br>=C2=A0 - R1 m=C3=AAl=C3=A9e B1=
</div>

--000000000000a1b2c3d4e5f6--
"""

OUTLOOK = """\
From: Red General <red@outlook.com>
To: Blue General <blue@example.org>
Subject: RE: test-game, your move
Thread-Topic: test-game, your move
Thread-Index: AQHb1234567890abcdef==
Date: Sat, 2 Aug 2025 08:00:00 +0000
Message-ID: <AM0PR01MB1234@AM0PR01MB1234.eurprd01.prod.outlook.com>
Content-Language: fr-FR
Content-Type: multipart/alternative;
\tboundary="_000_AM0PR01MB1234_"
MIME-Version: 1.0

--_000_AM0PR01MB1234_
Content-Type: text/plain; charset="Windows-1252"
Content-Transfer-Encoding: quoted-printable

format: referee-orders/1
turn: 1
player: red
phase: combat
orders:
=A0 - R1 m=EAl=E9e B1

Cordialement,
Red

________________________________
From: Blue General <blue@example.org>
Sent: Friday, August 1, 2025 9:13 PM
To: Red General <red@outlook.com>
Subject: test-game, your move

format: referee-orders/1
orders: []

--_000_AM0PR01MB1234_
Content-Type: text/html; charset="Windows-1252"
Content-Transfer-Encoding: quoted-printable

<html><body><p>format: referee-orders/1</p></body></html>

--_000_AM0PR01MB1234_--
""".replace("\n", "\r\n")

HTML_ONLY = """\
From: Red General <red@example.org>
To: Blue General <blue@example.org>
Subject: orders
MIME-Version: 1.0
Content-Type: text/html; charset=UTF-8
Content-Transfer-Encoding: 8bit

<html><head><style>div {margin: 0}</style></head><body>
<div>Blue,</div><div><br></div>
<div>format: referee-orders/1</div><div>turn: 1</div><div>player: red</div>
<div>phase: combat</div><div>orders:</div><div>&nbsp; - R1 m&ecirc;l&eacute;e B1</div>
<blockquote><div>format: referee-orders/1</div></blockquote>
</body></html>
"""


def attached() -> str:
    yaml_text = (
        "format: referee-orders/1\nturn: 1\nplayer: red\nphase: combat\norders:\n  - R1 mêlée B1\n"
    )
    encoded = base64.encodebytes(yaml_text.encode()).decode()
    return f"""\
From: Red General <red@icloud.com>
To: Blue General <blue@example.org>
Subject: orders
Mime-Version: 1.0 (Mac OS X Mail 16.0)
Content-Type: multipart/mixed; boundary="Apple-Mail=_1234"

--Apple-Mail=_1234
Content-Transfer-Encoding: 7bit
Content-Type: text/plain; charset=us-ascii

See the attached orders.

--Apple-Mail=_1234
Content-Disposition: attachment; filename=red-combat.yaml
Content-Type: application/x-yaml; name="red-combat.yaml"
Content-Transfer-Encoding: base64

{encoded}
--Apple-Mail=_1234--
"""


def _at_combat(tmp_path: Path) -> Path:
    """The small game, started, after red's activation and movement."""
    state = write(tmp_path / "s0.yaml", small_state())
    for i, (phase, orders) in enumerate(
        (("activation", ["activate RG: R1 R2"]), ("movement", ["R1 0304", "R2 0404"]))
    ):
        o = write(
            tmp_path / f"o{i}.yaml",
            {
                "format": "referee-orders/1",
                "turn": 1,
                "player": "red",
                "phase": phase,
                "orders": orders,
            },
        )
        out = tmp_path / f"s{i + 1}.yaml"
        run = referee(
            "adjudicate", str(state), str(o), "-o", str(out), *(("--new-game",) if i == 0 else ())
        )
        assert run.code == 0, run.err
        state = out
    return state


@pytest.mark.parametrize(
    "name,message",
    [
        ("thunderbird", THUNDERBIRD),
        ("gmail", GMAIL),
        ("outlook", OUTLOOK),
        ("html-only", HTML_ONLY),
        ("attachment", attached()),
    ],
)
def test_an_orders_email_saved_from_a_mail_client_adjudicates(
    tmp_path: Path, name: str, message: str
) -> None:
    state = _at_combat(tmp_path)
    mail = tmp_path / f"{name}.eml"
    encoding = "utf-8" if name != "outlook" else "ascii"
    mail.write_bytes(message.encode(encoding))
    out = tmp_path / "after.yaml"
    run = referee("adjudicate", str(state), str(mail), "-o", str(out), "--json")
    assert run.code == 0, run.err
    report = json.loads(run.out)
    assert report["applied"]["phase"] == "combat" and report["rolls"]
    entry = yaml.safe_load(out.read_text(encoding="utf-8"))["history"][-1]
    assert entry["orders"] == RED_COMBAT
    # the same orders from a YAML file give the same game
    same = write(
        tmp_path / "same.yaml",
        {
            "format": "referee-orders/1",
            "turn": 1,
            "player": "red",
            "phase": "combat",
            "orders": RED_COMBAT,
        },
    )
    out2 = tmp_path / "after2.yaml"
    assert referee("adjudicate", str(state), str(same), "-o", str(out2)).code == 0
    assert out.read_bytes() == out2.read_bytes()


def test_a_mail_without_orders_says_so(tmp_path: Path) -> None:
    state = _at_combat(tmp_path)
    mail = tmp_path / "chat.eml"
    mail.write_text("From: a@example.org\nSubject: hi\n\nHow are you?\n-- \nA\n")
    run = referee("adjudicate", str(state), str(mail))
    assert run.code == 3 and "no orders found in this mail message" in run.err
    # a YAML error inside the body is located in the body
    bad = tmp_path / "bad.eml"
    bad.write_text("From: a@example.org\nSubject: o\n\nformat: referee-orders/1\nturn: [1\n")
    run = referee("adjudicate", str(state), str(bad))
    assert run.code == 3 and "bad.eml (mail body)" in run.err


def test_what_is_a_mail_and_what_is_kept() -> None:
    assert looks_like_mail(b"From: a@b\nTo: c@d\n\nbody", "x.txt")
    assert looks_like_mail(b"Return-Path: <a@b>\n", "x")
    assert looks_like_mail(b"anything", "message.EML")
    assert not looks_like_mail(b"format: referee-orders/1\n", "orders.yaml")
    assert not looks_like_mail(b"# comment\nturn: 1\n", "orders.yaml")
    assert (
        unflow("a long \nline\n  - stuffed\n-- \nsig", delsp=False)
        == "a long line\n - stuffed\n-- \nsig"
    )
    assert unflow("soft \nbreak", delsp=True) == "softbreak"
    body = "Hi,\n\nturn: 1\norders:\n  - R1 0304\n\nThanks!\nBob\n"
    assert orders_text(body) == "turn: 1\norders:\n  - R1 0304\n"
    assert orders_text("no orders here\n") == ""
