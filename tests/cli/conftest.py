"""The command line's tests expect English unless a test asks for another language: the
machine's own LANG must not decide."""

import pytest


@pytest.fixture(autouse=True)
def english_environment(monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
