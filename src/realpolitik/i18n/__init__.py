"""German and English: messages that stay language-neutral until someone reads them.

Whatever a player reads is a :class:`Text` — its English source (the catalogs' key, with
``{name}`` fields) and its values — or a plain string that needs no words (a number, a
name someone typed). Game states, logs and views keep ``Text`` values; :func:`render`
puts them into a language when a view is built for a reader, so a record replays and a
spectator watches in either language.

The catalogs are gettext ``.po`` files in ``realpolitik/locale/<lang>/LC_MESSAGES/``, read
by Babel at run time (no build step); ``pybabel extract`` finds every message written as
``t("…")`` (or ``phrase("…", …)``, a maker of one message for the rules' frequent log lines)
in the Python and the browser's JavaScript (``babel.cfg``). The browser gets the
same catalog as JSON (``/i18n/<lang>.json``).
"""

from .catalogs import DEFAULT, LANGUAGES, catalog, from_env, negotiate
from .messages import Listed, Named, Sentence, Text, Written, listed, phrase, render, sentence, t

__all__ = ["DEFAULT", "LANGUAGES", "Listed", "Named", "Sentence", "Text", "Written", "catalog", "from_env", "listed",
           "negotiate", "phrase", "render", "sentence", "t"]
