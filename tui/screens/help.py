"""`?`: the keys, the rules reference and the keyword glossary of the game."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Markdown, Static, TabbedContent, TabPane

from tui.screens.base import BaseModal

COMMON_KEYS_TEXT = """\
- `↑` `↓` or `k` `j` — move in the list of choices
- `Enter` or a click — choose
- `1`…`9` — {number_key}
- a list of 10 choices or more — a choice past the 9th by its two digits (`1` `2`: choice 12);
  a digit that starts one waits for the next (the prompt says so): `Enter` takes its own choice;
  a dialog's numbered rows and cards alike (in a rows dialog `Enter` then stays on its row)
- `:` — type an action in notation (e.g. `{example}`); an illegal one is explained
- `Esc` — cancel the current selection
- `d` — {d_key}
- `?` or `F1` — this help (tabs: keys, rules, keywords; `←` `→` switch, `↑` `↓` `PgUp` `PgDn` scroll)
- `Ctrl+S` — save the game to a file (it is also autosaved after every action)
- `⚠ 2 not saved` in the status bar — the autosave cannot be written (a full disk): the game
  goes on, each action tries again, and leaving the game asks first
- a finished game is kept (the newest 20): `w` (**Watch again**) on the game-over dialog
  replays it, and `triarch replay` with no file opens the last one
- `Ctrl+P` — command palette: new game, save, resign, help, theme
- `m` — back to the menu (the game stays saved: **Continue** resumes it)
- `Ctrl+Q` — quit (the game stays saved)
"""
# the dialogs of the games together (a game names its own: `common_keys`)
ALL_DIALOGS = "cards side by side, blockers, damage split, amount to invest"
# what `d` does, with the kinds of dialog it opens (`{dialogs}`)
D_KEY = (
    "open the dialog of the pending decision again ({dialogs}); in a dialog: arrows, `Enter`\n"
    "  confirms, `Esc` goes back to the list"
)


# what the number keys do (a game whose number keys also do something else says it its own way)
NUMBER_KEY = "choose that numbered choice"


def common_keys(
    dialogs: str = ALL_DIALOGS,
    *,
    d_key: str = D_KEY,
    example: str = "pass",
    number_key: str = NUMBER_KEY,
) -> str:
    """The keys of every game's screen in that game's words: `dialogs` the kinds of dialog `d`
    opens (`d_key` what it does: a game with one kind of dialog says it its own way), `example`
    an action in its notation, `number_key` what `1`…`9` do."""
    return COMMON_KEYS_TEXT.format(
        d_key=d_key.format(dialogs=dialogs), example=example, number_key=number_key
    )


COMMON_KEYS = common_keys()


def split_first_section(text: str) -> tuple[str, str]:
    """`text` cut before its second heading of level 2 (`## …`): its first section, and the
    rest ("" when it has no second one)."""
    starts = [m.start() for m in re.finditer(r"^## ", text, flags=re.MULTILINE)]
    if len(starts) < 2:
        return text, ""
    return text[: starts[1]], text[starts[1] :]


def meaning_alone(keyword: str, meaning: str) -> str:
    """A keyword's meaning without the keyword said again before it (The Scars' glossary reads
    `Haste: ignores summoning sickness …`, and the Keywords tab read `Haste | Haste: ignores …`):
    `Ignores summoning sickness …`, its first letter a capital, as a sentence of its own."""
    if not meaning.startswith(f"{keyword}: "):
        return meaning
    rest = meaning[len(keyword) + 2 :]
    return rest[:1].upper() + rest[1:]


# The keys that scroll a dialog's text (its `action_scroll(how)`: `scroll_{how}` of its box).
SCROLL_BINDINGS = [
    Binding("down,j", "scroll('down')", "Scroll", show=False),
    Binding("up,k", "scroll('up')", show=False),
    Binding("pagedown,space", "scroll('page_down')", show=False),
    Binding("pageup", "scroll('page_up')", show=False),
    Binding("home", "scroll('home')", show=False),
    Binding("end", "scroll('end')", show=False),
]


class HelpScreen(BaseModal[None]):
    BINDINGS = [
        Binding("escape,question_mark,q,f1", "close", "Close", key_display="esc"),
        # The tab bar has the focus as the help opens (← → switch tabs): the text scrolls anyway.
        *SCROLL_BINDINGS,
    ]

    def __init__(self, title: str, keys_md: str, rules_md: str, glossary: dict[str, str]) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.keys_md = keys_md
        self.rules_md = rules_md
        self.glossary = glossary

    def compose(self) -> ComposeResult:
        with TabbedContent(id="help"):
            with TabPane("Keys", id="help-keys"), VerticalScroll():
                yield Static(f"{self.title_text} — press Esc to close", classes="dialog-title")
                yield Markdown(self.keys_md)
            with TabPane("Rules", id="help-rules"), VerticalScroll(id="rules-scroll"):
                # The rules reference is long: it is parsed and laid out as the help opens (the
                # Keys tab shows meanwhile), its first section first; the `Loading` line stays
                # until that section is there, so the tab is never blank.
                yield Static("Loading the rules…", id="rules-loading", classes="dim")
                yield Markdown(id="rules-md")
                yield Markdown(id="rules-rest")
            with TabPane("Keywords", id="help-keywords"), VerticalScroll():
                if self.glossary:
                    rows = "\n".join(
                        f"| **{k}** | {meaning_alone(k, v).replace('|', '/')} |"
                        for k, v in sorted(self.glossary.items())
                    )
                    yield Markdown("| keyword | meaning |\n| --- | --- |\n" + rows)
                else:
                    yield Markdown("_No keyword glossary for this game yet._")

    def on_mount(self) -> None:
        # a worker: the keys (Esc, the tabs) are taken while the rules are laid out
        self.run_worker(self.load_rules(), name="rules", exclusive=True)

    async def load_rules(self) -> None:
        """The rules in the Rules tab: the first section (a screenful), then the rest below it."""
        text = self.rules_md or "_No rules reference for this game yet._"
        first, rest = split_first_section(text)
        try:
            first_md = self.query_one("#rules-md", Markdown)
            await first_md.update(first)
            if rest and first_md.children:  # (app.tcss: no margin where the two parts join)
                first_md.children[-1].add_class("-joined")
            await self.query_one("#rules-loading", Static).remove()
            if rest:
                await self.query_one("#rules-rest", Markdown).update(rest)
        except NoMatches:  # the help was closed before the rules were laid out: nothing to do
            return

    def action_scroll(self, how: str) -> None:
        """Scroll the text of the tab shown (a key the focused text does not take itself)."""
        active = self.query_one("#help", TabbedContent).active
        for scroll in self.query(f"#{active} VerticalScroll").results(VerticalScroll):
            getattr(scroll, f"scroll_{how}")(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
