"""The CSS parsed once for every app of the process (tui/parsed_css.py): a second app parses
nothing again, and the rules are those Textual's own stylesheet parses, theme variables
applied, for the same text, location and variables — and parsed afresh when any differs."""

from __future__ import annotations

from typing import Any

import pytest
from textual.css import stylesheet as textual_stylesheet
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet, StylesheetParseError

from tui.app import TriarchApp
from tui.parsed_css import SharedStylesheet


def counting_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The CSS texts Textual's parser is given from now on."""
    parsed: list[str] = []
    real = textual_stylesheet.parse

    def parse(scope: str, css: str, *args: Any, **kwargs: Any) -> Any:
        parsed.append(css)
        return real(scope, css, *args, **kwargs)

    monkeypatch.setattr(textual_stylesheet, "parse", parse)
    return parsed


def said(rules: list[RuleSet]) -> list[tuple[object, ...]]:
    """What each rule says: its selectors, priority and declarations (as written out: a
    layout compares by identity)."""
    return [(r.selectors, r.is_default_rules, r.tie_breaker, repr(r.styles.get_rules())) for r in rules]


def plain_rules(shared: SharedStylesheet) -> list[tuple[object, ...]]:
    """The rules Textual's own stylesheet parses from the same sources and variables."""
    plain = Stylesheet(variables=dict(shared._variables))
    plain.source = shared.source.copy()
    plain.parse()
    return said(plain.rules)


async def test_a_second_app_parses_no_css_again_and_has_the_same_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = TriarchApp(ai_pace=0)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rules = said(first.stylesheet.rules)
    parsed = counting_parses(monkeypatch)
    second = TriarchApp(ai_pace=0)
    async with second.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(second.stylesheet, SharedStylesheet)
        assert parsed == []
        assert said(second.stylesheet.rules) == rules
        assert rules == plain_rules(second.stylesheet)


async def test_a_theme_change_parses_with_the_new_themes_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = said(app.stylesheet.rules)
        theme = next(name for name in app.available_themes if name != app.theme)
        parsed = counting_parses(monkeypatch)
        app.theme = theme
        await pilot.pause()
        after = said(app.stylesheet.rules)
        assert parsed, "a new theme's variables were not parsed"
        assert after != before
        assert after == plain_rules(app.stylesheet)


def test_other_css_at_the_same_place_is_parsed_afresh() -> None:
    one = SharedStylesheet(variables={"primary": "red"})
    one.add_source("Label { color: $primary; }", read_from=("x.tcss", ""))
    other = SharedStylesheet(variables={"primary": "red"})
    other.add_source("Label { color: blue; }", read_from=("x.tcss", ""))
    again = SharedStylesheet(variables={"primary": "green"})
    again.add_source("Label { color: $primary; }", read_from=("x.tcss", ""))
    same = SharedStylesheet(variables={"primary": "red"})
    same.add_source("Label { color: $primary; }", read_from=("x.tcss", ""))
    css = [sheet.rules[0].css for sheet in (one, other, again, same)]
    assert "#FF0000" in css[0] and "#0000FF" in css[1] and "#008000" in css[2]
    assert same.rules is not one.rules and same.rules[0] is one.rules[0]  # (the same parse, shared)


def test_css_with_errors_is_reported_at_each_parse() -> None:
    for _ in range(2):
        sheet = SharedStylesheet()
        sheet.add_source("Label { colour: red; }", read_from=("bad.tcss", ""))
        with pytest.raises(StylesheetParseError):
            sheet.parse()
