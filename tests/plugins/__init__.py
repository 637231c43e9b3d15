"""Opt-in pytest plugins that make this machine behave like a loaded one, to find the UI tests
that pass only because it is not (docs/testing.md). None is loaded unless asked for with `-p`:

    PYTHONPATH=$PWD SLOWREFRESH=0.3 pytest -n 2 -p tests.plugins.slowrefresh tests/tui
"""
