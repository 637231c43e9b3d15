"""Card definitions (immutable, loaded from TOML and validated) and card instances.

An engine declares its definition type as a frozen dataclass subclassing
`CardDef`; `load_cards` checks every entry of a TOML file against that
dataclass's fields and types and raises `DataError` naming file, card and field.

Card *instances* (`Card`) are the mutable things that move between zones. They
keep a reference to their definition, never a copy of its numbers: derived
stats are recomputed from the base values plus `modifiers`.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import tomllib
import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Self, get_args, get_origin

from .errors import DataError


@dataclass(frozen=True, slots=True)
class CardDef:
    """The fields every card of every game has. Engines subclass with their own."""

    id: str
    name: str
    text: str = ""
    keywords: tuple[str, ...] = ()


def keyword_name(keyword: str) -> str:
    """'Protect 2' -> 'Protect', 'Immune: enemy spells' -> 'Immune', 'Valor 3' -> 'Valor'."""
    name = _KEYWORD_NAMES.get(keyword)
    if name is None:
        base = keyword.split(":", 1)[0].strip()
        name = re.sub(r"\s+-?\d+$", "", base).strip()
        if len(_KEYWORD_NAMES) < 10_000:  # card keywords are few: remember them
            _KEYWORD_NAMES[keyword] = name
    return name


_KEYWORD_NAMES: dict[str, str] = {}


def keyword_value(keyword: str) -> str | None:
    """The parameter of a keyword ('Protect 2' -> '2', 'Immune: enemy spells' -> 'enemy spells')."""
    if ":" in keyword:
        return keyword.split(":", 1)[1].strip()
    m = re.search(r"\s(-?\d+)$", keyword)
    return m.group(1) if m else None


def _type_name(tp: Any) -> str:
    origin = get_origin(tp)
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in get_args(tp))
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_type_name(a) for a in get_args(tp))
    if origin is tuple:
        return f"list of {_type_name(get_args(tp)[0])}"
    if origin is dict:
        k, v = get_args(tp)
        return f"table of {_type_name(k)} -> {_type_name(v)}"
    if tp is type(None):
        return "nothing"
    return getattr(tp, "__name__", str(tp))


def _convert(value: Any, tp: Any) -> tuple[bool, Any]:
    """Check `value` (from TOML) against the annotation `tp`; return (ok, converted)."""
    origin = get_origin(tp)
    if tp is Any:
        return True, value
    if origin is Literal:
        return (value in get_args(tp)), value
    if origin in (typing.Union, types.UnionType):
        for alt in get_args(tp):
            ok, conv = _convert(value, alt)
            if ok:
                return True, conv
        return False, value
    if tp is type(None):
        return value is None, value
    if origin is tuple:
        if not isinstance(value, list):
            return False, value
        (item_tp, *_rest) = get_args(tp)
        out = []
        for v in value:
            ok, conv = _convert(v, item_tp)
            if not ok:
                return False, value
            out.append(conv)
        return True, tuple(out)
    if origin is dict:
        if not isinstance(value, dict):
            return False, value
        k_tp, v_tp = get_args(tp)
        out_d = {}
        for k, v in value.items():
            ok_k, ck = _convert(k, k_tp)
            ok_v, cv = _convert(v, v_tp)
            if not (ok_k and ok_v):
                return False, value
            out_d[ck] = cv
        return True, types.MappingProxyType(out_d)
    if tp is bool:
        return isinstance(value, bool), value
    if tp is int:
        return (isinstance(value, int) and not isinstance(value, bool)), value
    if tp is float:
        return (isinstance(value, (int, float)) and not isinstance(value, bool)), float(value) if isinstance(
            value, (int, float)
        ) else value
    if tp is str:
        return isinstance(value, str), value
    return isinstance(value, tp), value


KeywordCheck = Callable[[str], str | None]


def keyword_checker(
    known: Iterable[str], numbered: Iterable[str] = (), *, min_value: int | None = None, example: int = 2
) -> KeywordCheck:
    """A `keywords=` check for `load_cards`: the keyword must be one of `known`;
    those in `numbered` take a whole number ('Valor 2'), at least `min_value`
    when given; the others take none."""
    names = tuple(known)
    with_number = frozenset(numbered)

    def check(kw: str) -> str | None:
        name = keyword_name(kw)
        if name not in names:
            return f"unknown keyword {kw!r} (known: {', '.join(names)})"
        value = keyword_value(kw)
        if name in with_number:
            if (
                value is None
                or not re.fullmatch(r"-?\d+", value)
                or (min_value is not None and int(value) < min_value)
            ):
                bound = f" X ≥ {min_value}" if min_value is not None else ""
                return f"keyword {name} needs a number{bound}, e.g. '{name} {example}'"
        elif value is not None or kw.strip() != name:
            return f"keyword {name} takes no number"
        return None

    return check


@functools.cache
def _schema(def_cls: type[CardDef]) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    """A definition class's field types and fields, worked out once per class
    (`get_type_hints` costs about as much as building the card itself). Fields with
    `init=False` are worked out by the definition itself, never read from a file."""
    return typing.get_type_hints(def_cls), {f.name: f for f in dataclasses.fields(def_cls) if f.init}


def build_def(
    def_cls: type[CardDef],
    raw: dict[str, Any],
    *,
    file: str,
    keywords: Iterable[str] | KeywordCheck | None = None,
    validate: Callable[[CardDef], None] | None = None,
) -> CardDef:
    """Validate one raw TOML table against `def_cls` and build the definition."""
    card_id = raw.get("id") if isinstance(raw.get("id"), str) else None
    # (mypy checks a class against `Hashable` with its instances' `__hash__`: a class is hashable)
    hints, fields = _schema(def_cls)  # type: ignore[arg-type]
    for key in raw:
        if key not in fields:
            close = [f for f in fields if f.startswith(key[:3])]
            hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
            raise DataError(file, f"unknown key{hint}", card=card_id, field=key)
    kwargs: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in raw:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise DataError(file, "missing required field", card=card_id, field=name)
            continue
        ok, conv = _convert(raw[name], hints[name])
        if not ok:
            raise DataError(
                file,
                f"expected {_type_name(hints[name])}, got {type(raw[name]).__name__} {raw[name]!r}",
                card=card_id,
                field=name,
            )
        kwargs[name] = conv
    if keywords is not None:
        for kw in kwargs.get("keywords", ()):
            if callable(keywords):
                err = keywords(kw)
            else:
                allowed = set(keywords)
                err = (
                    None
                    if keyword_name(kw) in allowed
                    else (f"unknown keyword {kw!r} (known: {', '.join(sorted(allowed))})")
                )
            if err:
                raise DataError(file, err, card=card_id, field="keywords")
    try:
        card = def_cls(**kwargs)
    except (TypeError, ValueError) as exc:  # a __post_init__ check of the engine
        raise DataError(file, str(exc), card=card_id) from None
    if validate is not None:
        try:
            validate(card)
        except DataError:
            raise
        except ValueError as exc:
            raise DataError(file, str(exc), card=card_id) from None
    return card


_DUPLICATE = re.compile(
    r"^Cannot (?:overwrite a value|declare .*? twice|mutate immutable namespace).*"
    r"\(at (?:line (\d+)|end of document)"
)


def parse_toml(text: str, file: str) -> dict[str, Any]:
    """`text` as TOML, or a `DataError` naming `file` and the line; a key given twice (a card listed
    twice in a deck, a field twice in a card) is said so, with the key, not in the parser's words."""
    try:
        return tomllib.loads(text)
    except ValueError as exc:  # TOMLDecodeError, or an integer too long to convert
        message = str(exc)
        twice = _DUPLICATE.match(message)
        if twice:
            lines = text.splitlines()
            # (tomllib says "at end of document" of a last line without its newline)
            line_no = int(twice.group(1)) if twice.group(1) else len(lines)
            line = lines[line_no - 1] if 0 < line_no <= len(lines) else ""
            key = line.split("=", 1)[0].strip().strip("[]").strip() if line else ""
            if key:
                message = f"'{key}' given twice (line {line_no}): give each key once"
            else:
                message = f"a key given twice (line {line_no}): give each key once"
        raise DataError(file, f"not valid TOML: {message}") from None


def read_data_file(path: str | Path) -> str:
    """The text of a data file (cards, deck, scenario), or a `DataError` naming it: not found, not
    UTF-8 (with the byte), not readable. One place for every loader, so they all say it alike."""
    file = str(path)
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(file, "file not found") from None
    except UnicodeDecodeError as exc:
        raise DataError(file, f"not a text file (UTF-8): {exc.reason} at byte {exc.start}") from None
    except OSError as exc:
        raise DataError(file, f"cannot read the file: {exc.strerror or exc}") from None


def load_toml_file(path: str | Path) -> dict[str, Any]:
    """A data file read (`read_data_file`) and parsed (`parse_toml`): every failure a `DataError`
    naming the file."""
    return parse_toml(read_data_file(path), str(path))


def load_cards(
    path: str | Path,
    def_cls: type[CardDef],
    *,
    table: str = "card",
    keywords: Iterable[str] | KeywordCheck | None = None,
    validate: Callable[[CardDef], None] | None = None,
    into: dict[str, CardDef] | None = None,
) -> dict[str, CardDef]:
    """Load every `[[card]]` table of a TOML file into definitions keyed by id."""
    file = str(path)
    data = load_toml_file(path)
    unknown = [k for k in data if k != table]
    if unknown:
        raise DataError(file, f"unknown top-level key(s) {unknown}; cards go in [[{table}]] tables")
    entries = data.get(table, [])
    if not isinstance(entries, list):
        raise DataError(file, f"'{table}' must be an array of tables ([[{table}]])")
    out = into if into is not None else {}
    for i, raw in enumerate(entries):
        if not isinstance(raw, dict):
            raise DataError(file, f"entry {i + 1} is not a table")
        if not isinstance(raw.get("id"), str) or not raw.get("id"):
            raise DataError(file, f"entry {i + 1} has no string 'id'", field="id")
        card = build_def(def_cls, raw, file=file, keywords=keywords, validate=validate)
        if card.id in out:
            raise DataError(file, "duplicate card id", card=card.id, field="id")
        out[card.id] = card
    return out


def load_card_dir(directory: str | Path, def_cls: type[CardDef], **kw: Any) -> dict[str, CardDef]:
    """Load every `*.toml` in a directory (sorted by name) into one pool."""
    pool: dict[str, CardDef] = {}
    for p in sorted(Path(directory).glob("*.toml")):
        load_cards(p, def_cls, into=pool, **kw)
    return pool


@dataclass(frozen=True, slots=True)
class Modifier:
    """A change to a derived stat: `op` is 'add' or 'set'; `until` names when it ends.

    `source` is the uid of the card that made it (or -1); `tag` lets an engine
    find and remove it (e.g. 'aura', 'eot', 'spell').
    """

    stat: str
    value: int
    op: Literal["add", "set"] = "add"
    source: int = -1
    until: str = "permanent"
    tag: str = ""
    order: int = 0


class Card:
    """A card instance: unique id, definition, owner, controller, zone, modifiers.

    Engines subclass it, adding their own fields to `__slots__` and extending
    `clone()`/`canonical()`. Cloning is hand-written and shallow where it can be
    (definitions and modifiers are immutable).
    """

    __slots__ = ("controller", "defn", "modifiers", "owner", "uid", "zone")

    def __init__(self, uid: int, defn: CardDef, owner: int | None, zone: str = "") -> None:
        self.uid = uid
        self.defn = defn
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.modifiers: list[Modifier] = []

    # -- derived stats -----------------------------------------------------
    def base(self, stat: str) -> int:
        return int(getattr(self.defn, stat, 0) or 0)

    def stat(self, stat: str) -> int:
        """Base value, then modifiers in order: 'set' replaces, 'add' adds."""
        value = getattr(self.defn, stat, 0)  # `base(stat)`, inlined: a hot path
        if type(value) is not int:  # most stats are ints already: int() only for the others
            value = int(value or 0)
        for m in self.modifiers:
            if m.stat != stat:
                continue
            value = m.value if m.op == "set" else value + m.value
        return value

    def has_keyword(self, name: str) -> bool:
        return any(keyword_name(k) == name for k in self.defn.keywords)

    @property
    def name(self) -> str:
        return self.defn.name

    # -- copying / hashing -------------------------------------------------
    def _copy_into(self, new: Card) -> None:
        new.uid = self.uid
        new.defn = self.defn
        new.owner = self.owner
        new.controller = self.controller
        new.zone = self.zone
        new.modifiers = list(self.modifiers)

    def clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        self._copy_into(new)
        return new

    def canonical(self) -> list[Any]:
        return [
            self.uid,
            self.defn.id,
            self.owner,
            self.controller,
            self.zone,
            [[m.stat, m.value, m.op, m.source, m.until, m.tag, m.order] for m in self.modifiers],
        ]

    def __repr__(self) -> str:
        return f"<{self.__class__.__name__} #{self.uid} {self.defn.id} p{self.owner} @{self.zone}>"
