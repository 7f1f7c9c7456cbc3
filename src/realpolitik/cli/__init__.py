"""The ``realpolitik`` command."""
