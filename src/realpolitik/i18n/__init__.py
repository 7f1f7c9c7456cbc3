"""German and English: messages that stay language-neutral until someone reads them.

Whatever a player reads is a :class:`Text` — its English source (the catalogs' key, with
``{name}`` fields) and its values — or a plain string that needs no words (a number, a
name someone typed). Game states, logs and views keep ``Text`` values; :func:`render`
puts them into a language when a view is built for a reader, so a record replays and a
spectator watches in either language.

The catalogs are gettext ``.po`` files in ``realpolitik/locale/<lang>/LC_MESSAGES/``, read
by Babel at run time (no build step); ``pybabel extract`` finds every message written as
``t("…")`` (or ``phrase("…", …)``, a maker of one message for the rules' frequent log lines)
in the Python and the browser's JavaScript (``babel.cfg``). A message about a number has an
English singular and plural, ``tn("{n} card", "{n} cards", "n", n=2)`` (``phrase_n`` its maker),
and the catalogs' plural entries (``msgid_plural``, ``msgstr[0]``, ``msgstr[1]``) give each
language's forms. A German translation asks for a place's grammatical form as ``{land:in}``
(``locale/de/places.toml``). The browser gets the same catalog and place forms as JSON
(``/i18n/<lang>.json``).
"""

from .catalogs import DEFAULT, LANGUAGES, catalog, from_env, negotiate, places
from .messages import Counted, Listed, Named, Sentence, Text, Written, listed, phrase, phrase_n, render, sentence, t, tn

__all__ = ["DEFAULT", "LANGUAGES", "Counted", "Listed", "Named", "Sentence", "Text", "Written", "catalog", "from_env",
           "listed", "negotiate", "phrase", "phrase_n", "places", "render", "sentence", "t", "tn"]
