"""A tiny game on the kernel ("High Card"), used to test the kernel, the harness
and the CLI independently of the real engines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from common.cards import Card, CardDef
from common.game import Action, Decision, Game, Setup
from common.zones import Visibility, Zone, Zones


@dataclass(frozen=True, slots=True)
class ToyDef(CardDef):
    value: int = 0


POOL = {f"c{v}": ToyDef(id=f"c{v}", name=f"Card {v}", value=v) for v in range(1, 7)}


class ToyGame(Game):
    game_id = "toy"
    title = "High Card"

    zones: Zones
    active: int
    score: list[int]

    @classmethod
    def new(cls, setup: Setup) -> ToyGame:
        g = cls(setup)
        g.zones = Zones()
        g.active = 0
        g.score = [0, 0]
        for p in (0, 1):
            g.zones.add_zone(Zone(f"deck:{p}", p, Visibility.HIDDEN))
            g.zones.add_zone(Zone(f"discard:{p}", p, Visibility.PUBLIC))
            g.zones.add_zone(Zone(f"hand:{p}", p, Visibility.OWNER, capacity=3, overflow=f"discard:{p}"))
            for d in POOL.values():
                g.zones.create(d, p, f"deck:{p}")
            g.rng.shuffle(g.zones[f"deck:{p}"].cards)
        g.zones.add_zone(Zone("table", None, Visibility.PUBLIC))
        for p in (0, 1):
            for _ in range(2):
                g._draw(p)
        return g

    def _draw(self, p: int) -> None:
        deck = self.zones[f"deck:{p}"]
        if deck.cards:
            uid = deck.cards[-1]
            where = self.zones.move(uid, f"hand:{p}")
            self.log.emit(
                "draw", f"P{p + 1} draws" + (" (hand full: discarded)" if where.startswith("discard") else "")
            )

    def is_over(self) -> bool:
        return all(not self.zones[f"{z}:{p}"].cards for p in (0, 1) for z in ("deck", "hand"))

    def winner(self) -> int | None:
        if not self.is_over() or self.score[0] == self.score[1]:
            return None
        return 0 if self.score[0] > self.score[1] else 1

    def decision(self) -> Decision | None:
        if self.is_over():
            return None
        return Decision(self.active, "turn", "play a card or draw")

    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        p = self.active
        acts = [Action("play", (uid,)) for uid in self.zones[f"hand:{p}"].cards]
        if self.zones[f"deck:{p}"].cards:
            acts.append(Action("draw"))
        if not acts:
            acts.append(Action("pass"))
        return acts

    def _apply(self, action: Action) -> None:
        p = self.active
        if action.kind == "play":
            card = self.zones.card(int(action.args[0]))
            self.zones.move(card.uid, "table")
            self.score[p] += card.stat("value")
            self.log.emit("play", f"P{p + 1} plays {card.name}")
        elif action.kind == "draw":
            self._draw(p)
        self.active = 1 - p

    def view(self, player: int | None) -> dict[str, Any]:
        def cv(c: Card) -> dict[str, Any]:
            return {"uid": c.uid, "id": c.defn.id, "value": c.stat("value")}

        return {
            "active": self.active,
            "score": list(self.score),
            "zones": {n: self.zones.view(n, player, cv) for n in self.zones.zones},
        }

    def clone(self) -> ToyGame:
        new = ToyGame.__new__(ToyGame)
        self._clone_base(new)
        new.zones = self.zones.clone()
        new.active = self.active
        new.score = list(self.score)
        return new

    def canonical(self) -> Any:
        return {"z": self.zones.canonical(), "a": self.active, "s": self.score}
