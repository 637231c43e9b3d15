"""The parsed CSS of every Triarch app in this process, shared.

Textual parses the CSS of an app (its .tcss and the `DEFAULT_CSS` of every kind of widget it
mounts) once per app, and once more at every `reparse` (the app's first theme, a theme change):
some 4 % of a UI test's CPU, and of every table the real app opens again after the menu's own
start. The rules parsed are the same whenever the CSS text, where it was read from, its
priority and scope and the theme's variables (substituted while parsing) are: those make the
key, and a parse with any other is done afresh. Rules with errors are never kept (Textual
reports them at each parse). The rule sets are read, never changed, once parsed (Textual's own
`_parse_cache` already hands the same ones out to each parse of one app).
"""

from __future__ import annotations

from typing import ClassVar

from textual.cache import LRUCache
from textual.css.model import RuleSet
from textual.css.stylesheet import CSSLocation, Stylesheet


class SharedStylesheet(Stylesheet):
    """A Textual `Stylesheet` whose parsed rules are looked up in one cache for the process,
    keyed by the exact CSS text, its location, default-or-not, tie breaker, scope and the
    variables it is parsed with."""

    PARSED: ClassVar[LRUCache[tuple[object, ...], list[RuleSet]]] = LRUCache(512)

    def __init__(self, *, variables: dict[str, str] | None = None) -> None:
        super().__init__(variables=variables)
        self._variables_key: tuple[tuple[str, str], ...] | None = None

    @classmethod
    def of(cls, stylesheet: Stylesheet) -> SharedStylesheet:
        """The same stylesheet (its variables and sources; nothing parsed yet), shared."""
        shared = cls(variables=stylesheet._variables)
        shared.source = stylesheet.source.copy()
        shared._require_parse = stylesheet._require_parse
        return shared

    def set_variables(self, variables: dict[str, str]) -> None:
        super().set_variables(variables)
        self._variables_key = None

    def _parse_rules(
        self,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        if self._variables_key is None:
            self._variables_key = tuple(sorted(self._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, self._variables_key)
        rules = self.PARSED.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            if not any(rule.errors for rule in rules):
                self.PARSED[key] = rules
        return rules

    def reparse(self) -> None:
        """Textual's `reparse` (all sources parsed again with the variables now, into a fresh
        stylesheet, so that an error leaves this one as it was), through the shared cache."""
        stylesheet = SharedStylesheet(variables=self._variables)
        for read_from, (css, is_defaults, tie_breaker, scope) in self.source.items():
            stylesheet.add_source(
                css, read_from=read_from, is_default_css=is_defaults, tie_breaker=tie_breaker, scope=scope
            )
        try:
            stylesheet.parse()
        except Exception:
            self._invalid_css.update(stylesheet._invalid_css)
            raise
        self._rules = stylesheet.rules
        self._rules_map = None
        self.source = stylesheet.source
        self._require_parse = False
