"""The English of referee/render/messages.py: each message once, under its context
(``docs/translating.md``). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m

m("army.status", "{subject}: losses {losses} of army cohesion {cohesion}")
m("army.status+broken=true", " — BROKEN")
m("army.broken", "Army break: {broken_list} routs; the game ends")
m("army.draw", "Both armies break at once ({broken_list}): the game is a draw")
