"""The English of the help messages: each message once, under its context
(``docs/translating.md``). Kept by hand;
the other languages are in ``referee/locale/<lang>/LC_MESSAGES/referee.po``."""

from referee.render.catalogue import m, n

m("problem.usage.no_such_option", "No such option: {option}")
m(
    "problem.usage.no_such_option|suggested=true",
    "No such option: {option} (Possible options: {possibilities_keys})",
)
n(
    "problem.usage.option_needs_value",
    "Option {option!r} requires an argument.",
    "Option {option!r} requires {n} arguments.",
    "n",
)
m("problem.usage.option_takes_no_value", "Option {option!r} does not take a value.")
m("problem.usage.missing_argument", "Missing argument {name!r}.")
m("problem.usage.missing_option", "Missing option {option!r}.")
m("problem.usage.bad_value", "Invalid value for {option!r}")
m(
    "problem.usage.bad_value|expected=int",
    "Invalid value for {option!r}: {value!r} is not a valid int.",
)
m(
    "problem.usage.bad_value|expected=float",
    "Invalid value for {option!r}: {value!r} is not a valid float.",
)
m("problem.usage.no_such_command", "No such command {name!r}.")
m(
    "problem.usage.no_such_command|suggested=true",
    "No such command {name!r}. Did you mean {possibilities_repr}?",
)
m("problem.usage.missing_command", "Missing command.")
n(
    "problem.usage.extra_arguments",
    "Got unexpected extra argument(s) ({args})",
    "Got unexpected extra argument(s) ({args})",
    "n",
)
