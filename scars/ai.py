"""The scripted opponent for The Scars (AI level "scripted").

A rule-based player that decides from what its seat can see: its own hand,
the public table (units, positions, damage, lives, energy, the resolution
zone) and the opponent's hand *count* only. It never looks at the opponent's
hand or at any deck order. Every choice is a cheap heuristic, so a decision
takes well under a millisecond.

What it does:
* life versus energy — grows energy (skipping the draw up to 3 energy cards,
  moving one life per turn) to 6 energy cards while its hero has more than 9
  lives;
* supports — places the least useful card face down whenever its unit limit
  would not cover its board and the next unit;
* recruitment — casts the most expensive useful permanent first, units in
  attack position when they hit harder than they defend, weapons on its best
  unit, removal prayers on enemy units it can kill; an energy prayer (Energy
  Surge, Second Wind) when the energy it brings pays for more of its
  permanents; draw and life prayers (Insight, Oath of Return) in set-up only
  when they do not starve the recruitment (`_starves`);
* energy kept back — holding Judgement while an enemy unit of attack 3 or more
  could attack, it keeps Judgement's cost unspent in its own turn once it has
  3 energy cards (energy cards untap only in their owner's set-up, SC-50);
* positions — turns strong defenders to attack in set-up when energy is spare,
  and pulls weak units in attack position back to defense when the enemy
  threatens (a shelterer keeps sheltering);
* shelter — a unit cast in defense position enters sheltering the own
  attack-position unit an enemy could kill (it is free and it can still block
  for the hero); in set-up it pays 1 energy (never a life) to shelter a
  threatened attacker with a unit that survives the hit;
* combat — attacks where no enemy blocker kills the attacker for free (or all
  out when the damage is lethal), an enemy unit in attack position of attack 2
  or more that the attacker kills and survives rather than the hero; blocks
  when the blocker survives or trades up, adds a second blocker that survives
  an attacker its first blocker does not kill when together they kill it,
  chump-blocks only to survive; assigns damage to finish blockers first;
* responses — cancels big enemy cards, kills attackers with prayers and tap
  abilities, turns to defense position (Whispered Dread) an attacker it cannot
  block safely when it would hit hard or lethally or kill a unit, after blocks
  pumps a blocked attacker (or all its units: Rally the Ranks, also for lethal
  damage) or burns a blocker when that wins the fight; in the enemy's combat
  pumps a blocker of its own (or all of them: Rally the Ranks) when that turns
  a fight (`_defend_trick`), and blocks where a pump prayer in hand it has the
  energy for makes the block good (`_trick_block`); otherwise passes;
* removal in the enemy's combat — destroys (Judgement) the attacker of attack 3
  or more worth most that no block of its own answers;
* saving a unit — a unit of its own about to die (to an enemy card or ability
  aimed at it, or in the combat after blocks) is saved with the cheapest card
  that does: Bandage, Shield Wall, Veil of Night (Stealth: the enemy card's
  target is no longer legal, SC-86), Recall for a unit worth 3 or more;
* Trample — after blocks, Stampede on a blocked attacker with 2 or more damage
  to spare beyond its blockers' lethal, or the enemy hero's last lives;
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from common.agents import Agent
from common.cards import keyword_name
from common.game import Action, Game

if TYPE_CHECKING:
    from .cards import ScarsCard
    from .game import ScarsGame

# The scripted player moves lives to energy until it has ENERGY_GOAL energy cards, while its hero
# has more than LIVES_FLOOR lives (`ScriptedAgent._want_energy`; A/B in docs/ai.md).
ENERGY_GOAL = 6
LIVES_FLOOR = 9

# Energy cards before the scripted player keeps energy back in its own turn for a held
# Judgement (`ScriptedAgent._reserve`): before that, its own units come first.
RESERVE_FROM = 3

HARMFUL = {"damage", "destroy", "exile", "bounce", "force_defense", "counter"}
GOOD_KEYWORDS = [
    "Trample",
    "Flying",
    "Valor",
    "Fear",
    "Honor",
    "Haste",
    "Ranged",
    "Cover",
    "Stealth",
    "Alert",
    "Bond",
]


class ScriptedAgent(Agent):
    name = "scripted"
    PREY_ATTACK = 2

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    # ------------------------------------------------------------ entry
    def choose(self, game: Game) -> Action:
        g: ScarsGame = game  # type: ignore[assignment]
        # never a move that loses at once (drawing from an empty deck, SC-05 ⚖; the last life
        # paid), unless every one does (`ScarsGame.not_losing`)
        acts = g.not_losing(g.legal_actions())
        d = g.decision()
        assert d is not None and acts
        if len(acts) == 1:
            return acts[0]
        self.me = d.player
        handler = getattr(self, f"_on_{d.kind}", None)
        choice = handler(g, acts) if handler else None
        if choice is None or choice not in acts:
            for fallback in ("done", "pass", "keep", "draw"):
                for a in acts:
                    if a.kind == fallback:
                        return a
            return acts[0]
        return choice

    # ------------------------------------------------------------ helpers
    def _threat(self, g: ScarsGame, p: int) -> int:
        """Attack the units of `p` could bring next turn."""
        return sum(g.attack_of(u) for u in g.units(p))

    def _value(self, g: ScarsGame, c: ScarsCard) -> float:
        d = c.defn
        if not g.can_cast_faction(self.me, d):
            return -1.0
        return self._worth(c) if d.type == "unit" else float(d.cost)

    @staticmethod
    def _worth(c: ScarsCard) -> float:
        """What a unit on the table is worth, whoever's it is: its cost and half its stats."""
        return c.defn.cost + 0.5 * (c.defn.attack + c.defn.defense)

    def _energy_cards(self, g: ScarsGame) -> int:
        return len(g.zones[f"energy:{self.me}"])

    def _want_energy(self, g: ScarsGame) -> bool:
        """Whether to move a life to energy (SC-17, SC-18): up to ENERGY_GOAL energy cards while
        the hero has more than LIVES_FLOOR lives (it used to stop at 3, or at the cost of the
        dearest card in hand, and then spent every turn's energy and had none in the next)."""
        return self._energy_cards(g) < ENERGY_GOAL and g.lives(self.me) > LIVES_FLOOR

    def _kills(self, g: ScarsGame, target: ScarsCard, dmg: int) -> bool:
        return target.damage + dmg > g.defense_of(target)

    def _first(self, acts: list[Action], kind: str) -> Action | None:
        for a in acts:
            if a.kind == kind:
                return a
        return None

    def _best_target(self, g: ScarsGame, spec: dict, options: list[int]) -> int | None:
        """A target for an effect: enemies for harmful effects, own units for helpful ones."""
        eff = str(spec.get("effect"))
        me = self.me
        # where the effect would change nothing (the engine knows: Whispered Dread on a unit in
        # defense position already, a heal on a unit without damage, …) it is a card spent for
        # nothing
        options = [u for u in options if not g.has_no_effect(spec, u)]
        if not options:
            return None
        if eff == "counter":
            return max(options, key=lambda u: g.card(u).defn.cost)
        if eff == "reanimate":
            return max(options, key=lambda u: g.card(u).defn.cost)
        if eff in HARMFUL:
            enemy = [
                u
                for u in options
                if g.controller_of(u) != me or (g.card(u).defn.type == "hero" and g.card(u).owner != me)
            ]
            enemy = [u for u in enemy if g.card(u).owner != me]
            if not enemy:
                return None
            x = int(spec.get("x", 1))
            units = [u for u in enemy if g.card(u).defn.type == "unit"]
            if eff == "damage":
                killable = [u for u in units if self._kills(g, g.card(u), x)]
                if killable:
                    return max(killable, key=lambda u: g.attack_of(g.card(u)) + g.card(u).defn.cost)
                heroes = [u for u in enemy if g.card(u).defn.type == "hero"]
                if heroes:
                    return heroes[0]
                return None
            if eff == "force_defense":
                # an attacker stops attacking (SC-60)
                attacking = [u for u in units if u in g.attackers]
                units = attacking or units
            if not units:
                return None
            return max(units, key=lambda u: g.attack_of(g.card(u)) + g.defense_of(g.card(u)))
        own = [u for u in options if g.card(u).defn.type == "unit" and g.controller_of(u) == me]
        if not own:
            return None
        if eff == "heal":  # (only units with damage are left)
            return max(own, key=lambda u: g.card(u).damage)
        attacking = [u for u in own if u in g.attackers or u in g.blocks]
        pool = attacking or own
        return max(pool, key=lambda u: g.attack_of(g.card(u)))

    def _shelter_pick(self, g: ScarsGame, c: ScarsCard, threatened_only: bool = False) -> int | None:
        """The own attack-position unit `c` (a defense unit) should shelter (SC-61), or None.

        Worth it when an enemy unit could attack that unit and kill it, and `c` can take that
        hit instead (the shelter choice is ours when it is attacked)."""
        me = self.me
        enemy_atk = max((g.attack_of(u) for u in g.units(1 - me)), default=0)
        if enemy_atk <= 0:
            return None
        cover = g.defense_of(c) - c.damage if c.zone.startswith("units:") else c.defn.defense
        best, best_v = None, -1.0
        for t in g.units(me):
            if t.uid == c.uid or t.position != "attack":
                continue
            exposed = enemy_atk > g.defense_of(t) - t.damage
            if not exposed and threatened_only:
                continue
            if cover < enemy_atk and threatened_only:
                continue  # it would die in its place: not worth paying for
            taken = sum(1 for u in g.units(me) if u.shelter == t.uid)
            v = self._value(g, t) + (2 if exposed else 0) - 3 * taken
            if v > best_v:
                best, best_v = t.uid, v
        return best

    def _team_gain(self, g: ScarsGame, x: int, y: int) -> bool:
        """Whether +x/+y to each of our units now (after blocks, in our own window) wins a fight
        of our attackers it would not win (one blocker, or the unit attacked), saves an attacker
        that would die, or makes the damage to the enemy hero lethal."""
        me = self.me
        hero = g.hero_uid(1 - me)
        before = after = 0
        for au, tgt in g.attackers.items():
            if not g.is_unit_in_play(au) or g.controller_of(au) != me:
                continue
            a = g.card(au)
            foes = [g.card(b) for b, x2 in g.blocks.items() if x2 == au and g.is_unit_in_play(b)]
            if not foes and au not in g.was_blocked:
                if tgt == hero:
                    before += g.attack_of(a)
                    after += g.attack_of(a) + x
                    continue
                if tgt and g.is_unit_in_play(tgt):
                    foes = [g.card(tgt)]
            if len(foes) != 1:
                continue
            b = foes[0]
            atk, left, b_left = g.attack_of(a), g.defense_of(a) - a.damage, g.defense_of(b) - b.damage
            kills_now = atk > b_left and not g._prevented(a, b, atk)
            kills_then = atk + x > b_left and not g._prevented(a, b, atk + x)
            hit = 0 if g._prevented(b, a) else g.attack_of(b)
            if (kills_then and not kills_now) or (left < hit <= left + y):
                return True
        return before < g.lives(1 - me) <= after

    def _combat_trick(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        """After blocks, in our own window (SC-15): kill a blocker or save a blocked attacker
        (a prayer on one unit, or one for all of them: Rally the Ranks), or make the damage to
        the enemy hero lethal (Rally the Ranks)."""
        me = self.me
        for a in acts:
            if a.kind == "cast" and len(a.args) == 1:
                spell = g.card(int(a.args[0]))
                spec = spell.defn.effect
                if spell.defn.type == "prayer" and spec.get("effect") == "buff_team":
                    if self._team_gain(g, int(spec.get("x", 0)), int(spec.get("y", 0))):
                        return a
            if a.kind != "cast" or len(a.args) < 2:
                continue
            spell = g.card(int(a.args[0]))
            spec = spell.defn.effect
            if spell.defn.type != "prayer":
                continue
            t = int(a.args[1])
            if t not in g.zones.cards or not g.is_unit_in_play(t):
                continue
            tc = g.card(t)
            eff = spec.get("effect")
            if eff == "damage" and g.controller_of(t) != me and t in g.blocks:
                if self._kills(g, tc, int(spec.get("x", 1))):
                    return a
            if eff == "buff" and g.controller_of(t) == me and t in g.was_blocked:
                blockers = [g.card(b) for b, x in g.blocks.items() if x == t and g.is_unit_in_play(b)]
                if len(blockers) != 1:
                    continue
                b = blockers[0]
                atk, dfn = g.attack_of(tc), g.defense_of(tc) - tc.damage
                x, y = int(spec.get("x", 0)), int(spec.get("y", 0))
                kills_now = atk > g.defense_of(b) - b.damage
                dies_now = g.attack_of(b) > dfn
                kills_then = atk + x > g.defense_of(b) - b.damage
                dies_then = g.attack_of(b) > dfn + y
                if (kills_then and not kills_now) or (dies_now and not dies_then):
                    return a
        return None

    def _block_fights(self, g: ScarsGame, x: int, y: int, only: int | None = None) -> int:
        """In the enemy's combat after blocks: how many fights of our blockers +x/+y turns (on each
        of our blockers, or on `only`): an attacker it then kills (with the other blockers'
        damage, SC-70) or a blocker that then survives the attacker's whole attack."""
        me = self.me
        turned = 0
        for au in g.attackers:
            if not g.is_unit_in_play(au) or g.controller_of(au) == me:
                continue
            a = g.card(au)
            mine = [
                b
                for b, t in g.blocks.items()
                if t == au and g.is_unit_in_play(b) and g.controller_of(b) == me
            ]
            if not mine or (only is not None and only not in mine):
                continue
            left = g.defense_of(a) - a.damage
            dealt = [0 if g.prevented_by(b, au) else g.attack_of(g.card(b)) for b in mine]
            plus = [0 if g.prevented_by(b, au) else x for b in mine]
            if only is not None:
                plus = [p if b == only else 0 for b, p in zip(mine, plus, strict=True)]
            if sum(dealt) <= left < sum(dealt) + sum(plus):
                turned += 1
                continue
            hit = g.attack_of(a)
            for b in mine:
                if only is not None and b != only:
                    continue
                bc = g.card(b)
                b_left = g.defense_of(bc) - bc.damage
                if not g.prevented_by(au, b) and b_left < hit <= b_left + y:
                    turned += 1
        return turned

    def _defend_trick(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        """In the enemy's combat after blocks, our window: a pump prayer on a blocker of ours (or on
        all of them: Rally the Ranks) when it turns a fight — the attacker then dies, or the
        blocker lives (`_block_fights`). The cheapest such card; never where the engine says it
        changes nothing."""
        best: tuple[int, Action] | None = None
        for a in acts:
            if a.kind != "cast":
                continue
            d = g.card(int(a.args[0])).defn
            eff = d.effect.get("effect")
            if d.type != "prayer" or eff not in ("buff", "buff_team") or g.changes_nothing(a):
                continue
            x, y = int(d.effect.get("x", 0)), int(d.effect.get("y", 0))
            if eff == "buff_team":
                if len(a.args) != 1 or not self._block_fights(g, x, y):
                    continue
            else:
                if len(a.args) != 2:
                    continue
                t = int(a.args[1])
                if t not in g.blocks or not g.is_unit_in_play(t) or g.controller_of(t) != self.me:
                    continue
                if not self._block_fights(g, x, y, only=t):
                    continue
            if best is None or d.cost < best[0]:
                best = (d.cost, a)
        return best[1] if best is not None else None

    def _stop_attacker(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        """In our end-of-3A window (the attackers are declared, our blocks are still to come):
        turn to defense position the attacker that would hurt most (Whispered Dread: an attacker
        turned to defense position stops attacking, SC-60; with Alert it does not, SC-85).

        An attacker is stopped when none of our blockers could block it and survive (else the
        block is the answer, and costs no card) and it would deal 3 or more to our hero, or our
        hero would be left with 3 lives or fewer by such attackers; or when it attacks a unit of
        ours worth 3 or more that it would kill, with no shelterer that survives it and without
        being killed by that unit."""
        me = self.me
        hero = g.hero_uid(me)
        stops: dict[int, Action] = {}
        for a in acts:
            if a.kind != "cast" or len(a.args) < 2:
                continue
            spell = g.card(int(a.args[0]))
            if spell.defn.type != "prayer" or spell.defn.effect.get("effect") != "force_defense":
                continue
            t = int(a.args[1])
            if t in g.attackers and not g.has_kw(g.card(t), "Alert") and not g.changes_nothing(a):
                stops.setdefault(t, a)
        if not stops:
            return None
        through = {
            x: g.attack_of(g.card(x))
            for x, tgt in g.attackers.items()
            if tgt == hero and g.is_unit_in_play(x) and not self._safe_block(g, g.card(x))
        }
        total = sum(through.values())
        best: tuple[float, int] | None = None
        for t in stops:
            x = g.card(t)
            atk = g.attack_of(x)
            tgt = g.attackers[t]
            worth = 0.0
            if t in through and (atk >= 3 or g.lives(me) - total <= 3):
                worth = atk
            elif tgt and tgt != hero and g.is_unit_in_play(tgt) and not self._safe_block(g, x):
                u = g.card(tgt)
                covered = any(atk <= g.defense_of(s) - s.damage for s in map(g.card, g._shelterers(tgt)))
                dies = atk > g.defense_of(u) - u.damage and not covered
                if dies and g.attack_of(u) <= g.defense_of(x) - x.damage and self._value(g, u) >= 3:
                    worth = self._value(g, u) / 2
            if worth > 0 and (best is None or worth > best[0]):
                best = (worth, t)
        return stops[best[1]] if best is not None else None

    def _safe_block(self, g: ScarsGame, x: ScarsCard, kill: bool = False) -> bool:
        """Whether one of our defense-position units could block the attacker `x` and survive it
        (`kill`: and kill it too)."""
        for b in g.units(self.me):
            if b.position != "defense" or not g.can_block(b, x):
                continue
            if g.attack_of(x) <= g.defense_of(b) - b.damage:
                if not kill or g.attack_of(b) > g.defense_of(x) - x.damage:
                    return True
        return False

    def _reserve(self, g: ScarsGame) -> int:
        """Energy kept unspent in our own turn (set-up and recruitment) for the opponent's: the
        cost of a held prayer that destroys an attacking unit (Judgement), while an enemy unit of
        attack 3 or more could attack, once we have RESERVE_FROM energy cards (before that our
        own units come first). 0 when there is nothing to keep it for."""
        me = self.me
        if self._energy_cards(g) < RESERVE_FROM:
            return 0
        if not any(g.attack_of(u) >= 3 for u in g.units(1 - me)):
            return 0
        costs = [
            c.defn.cost
            for c in map(g.card, g.zones[f"hand:{me}"].cards)
            if c.defn.type == "prayer"
            and c.defn.effect.get("effect") == "destroy"
            and c.defn.effect.get("target") == "attacking_unit"
            and g.can_cast_faction(me, c.defn)
        ]
        return min(costs, default=0)

    def _permanent_costs(self, g: ScarsGame) -> list[int]:
        """The costs of the permanents in our hand we could cast this turn with energy enough: of
        our hero's factions (SC-20), a unit only with room for it or a support still to place
        (SC-22), a weapon only with a unit to carry it."""
        me = self.me
        hand = [g.card(u) for u in g.zones[f"hand:{me}"].cards]
        units = g.units(me)
        room = g.unit_limit(me) > len(units) or (not g.support_played[me] and len(hand) >= 2)
        out = []
        for c in hand:
            d = c.defn
            if d.type not in ("unit", "structure", "weapon") or not g.can_cast_faction(me, d):
                continue
            if (d.type == "unit" and not room) or (d.type == "weapon" and not units):
                continue
            out.append(d.cost)
        return out

    def _starves(self, g: ScarsGame, cost: int, spare: int) -> bool:
        """Whether spending `cost` of our `spare` energy now (in set-up, on a card that is no
        permanent: Insight, Oath of Return) starves this turn's recruitment: the energy left is
        less than the cost of the most expensive permanent in hand we could cast with `spare`."""
        need = max((c for c in self._permanent_costs(g) if c <= spare), default=0)
        return spare - cost < need

    @staticmethod
    def _fill(costs: list[int], energy: int) -> int:
        """The energy spent on `costs` cast most expensive first while it lasts (as recruitment does)."""
        spent = 0
        for c in sorted(costs, reverse=True):
            if c <= energy - spent:
                spent += c
        return spent

    def _resolved(self, g: ScarsGame, action: Action) -> ScarsGame:
        """A copy of the game after `action` (a prayer cast) and what it put in the resolution
        zone resolved, both players passing: the engine tells what the card does."""
        c = g.clone()
        c.apply(action)
        for _ in range(8):
            if not c.stack or c.is_over():
                break
            c.apply(Action("pass"))
        return c

    def _boost(self, g: ScarsGame, acts: list[Action], spare: int) -> Action | None:
        """In recruitment: an energy prayer (Energy Surge, Second Wind) when the energy it brings
        lets us cast more of the permanents in hand than we can now (never when it brings none:
        Second Wind with no tapped energy card)."""
        costs = self._permanent_costs(g)
        if not costs:
            return None
        now = self._fill(costs, spare)
        for a in acts:
            if a.kind != "cast" or len(a.args) != 1:
                continue
            d = g.card(int(a.args[0])).defn
            if d.type != "prayer" or d.effect.get("effect") not in ("energy", "untap_energy"):
                continue
            gain = self._resolved(g, a).available_energy(self.me) - g.available_energy(self.me)
            if gain > 0 and self._fill(costs, spare + gain) > now:
                return a
        return None

    def _combat_risk(self, g: ScarsGame) -> dict[int, tuple[int, bool]]:
        """Our units in the combat under way (the engine's combat groups, after blocks): uid ->
        (the combat damage it may take: all of its foes' attack not prevented, whether it kills one
        of its foes)."""
        me = self.me
        out: dict[int, tuple[int, bool]] = {}
        for kind, atts, defs in g.combat_groups():
            if kind == "hero":
                continue
            for mine, foes in ((atts, defs), (defs, atts)):
                for u in mine:
                    if not g.is_unit_in_play(u) or g.controller_of(u) != me:
                        continue
                    c = g.card(u)
                    fs = [g.card(f) for f in foes if g.is_unit_in_play(f)]
                    dmg = sum(g.attack_of(f) for f in fs if not g.prevented_by(f.uid, u))
                    kills = any(
                        g.attack_of(c) > g.defense_of(f) - f.damage and not g.prevented_by(u, f.uid)
                        for f in fs
                    )
                    out[u] = (dmg, kills)
        return out

    def _stack_threat(self, g: ScarsGame) -> tuple[int, str, int] | None:
        """The enemy card or ability on top of the resolution zone when it would kill or remove a
        unit of ours: (the unit, its effect, its damage), by the engine's word on what it does
        (`has_no_effect`: Smite on a unit of attack above 2 does nothing)."""
        if not g.stack:
            return None
        ctrl, (kind, src, tgt, _mode, _n) = g.stack.top()
        if ctrl == self.me or kind not in ("card", "ability", "hero") or not g.is_unit_in_play(tgt):
            return None
        if g.controller_of(tgt) != self.me:
            return None
        d = g.card(src).defn
        if kind == "card" and d.type != "prayer":
            return None
        spec = d.effect if kind == "card" else d.ability
        eff = str(spec.get("effect"))
        if g.has_no_effect(spec, tgt):
            return None
        x = int(spec.get("x", 1))
        if eff == "damage" and self._kills(g, g.card(tgt), x):
            return tgt, eff, x
        if eff in ("destroy", "exile"):
            return tgt, eff, 0
        return None

    def _save(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        """Save a unit of ours about to die, with the cheapest card that does: from an enemy card or
        ability aimed at it (Bandage or Shield Wall against damage it then survives, Veil of Night:
        Stealth makes the target illegal (SC-86), Recall a unit worth 3+ back to hand) or, after
        blocks, from the combat (Bandage or Shield Wall when it then survives, Recall a unit worth
        3+ that kills none of its foes). Never a card the engine says would change nothing."""
        me = self.me
        threat = self._stack_threat(g)
        risk: dict[int, tuple[int, bool]] = {}
        if threat is None:
            if g.phase != "blockers" or g.stack or not g.attackers:
                return None
            for u, (dmg, kills) in self._combat_risk(g).items():
                c = g.card(u)
                if dmg > g.defense_of(c) - c.damage:
                    risk[u] = (dmg, kills)
            if not risk:
                return None
        best: tuple[tuple[float, int], Action] | None = None
        for a in acts:
            if a.kind != "cast" or len(a.args) != 2:
                continue
            d = g.card(int(a.args[0])).defn
            if d.type != "prayer" or g.changes_nothing(a):
                continue
            t = int(a.args[1])
            if threat is not None and t != threat[0]:
                continue
            if threat is None and t not in risk:
                continue
            tc = g.card(t)
            spec = d.effect
            eff = spec.get("effect")
            left = g.defense_of(tc) - tc.damage  # what it takes and survives, +1
            if threat is not None:
                dmg = threat[2] if threat[1] == "damage" else -1
                kills = False
            else:
                dmg, kills = risk[t]
            saves = False
            if eff == "heal":
                saves = dmg >= 0 and dmg <= g.defense_of(tc)
            elif eff == "buff":
                saves = dmg >= 0 and dmg <= left + int(spec.get("y", 0))
            elif eff == "grant":
                saves = threat is not None and keyword_name(str(spec.get("keyword", ""))) == "Stealth"
            elif eff == "bounce":
                worth = tc.defn.cost >= 3 and not tc.defn.id.startswith("token_")
                saves = worth and g.controller_of(t) == me and not kills
            if not saves:
                continue
            key = (-self._worth(tc), d.cost)
            if best is None or key < best[0]:
                best = (key, a)
        return best[1] if best is not None else None

    def _trample(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        """After blocks, in our own window: give Trample (Stampede) to a blocked attacker of ours
        whose attack beyond what its blockers' lethal needs (the engine's `lethal_needs`, SC-81)
        is 2 or more, or the enemy hero's last lives."""
        me = self.me
        best: tuple[int, Action] | None = None
        for a in acts:
            if a.kind != "cast" or len(a.args) != 2:
                continue
            d = g.card(int(a.args[0])).defn
            spec = d.effect
            if d.type != "prayer" or spec.get("effect") != "grant" or g.changes_nothing(a):
                continue
            if keyword_name(str(spec.get("keyword", ""))) != "Trample":
                continue
            t = int(a.args[1])
            if t not in g.was_blocked or not g.is_unit_in_play(t) or g.controller_of(t) != me:
                continue
            tc = g.card(t)
            if g.has_kw(tc, "Trample"):  # from a weapon (Iron Claws) or Learning
                continue
            needs = [g.lethal_needs(t, b) for b, x in g.blocks.items() if x == t and g.is_unit_in_play(b)]
            if not needs or any(n is None for n in needs):
                continue
            surplus = g.attack_of(tc) - sum(n for n in needs if n is not None)
            if (surplus >= 2 or surplus >= g.lives(1 - me) > 0) and (best is None or surplus > best[0]):
                best = (surplus, a)
        return best[1] if best is not None else None

    def _remove_attacker(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        """In the opponent's combat: destroy or exile (Judgement, Banish) the attacker of attack 3
        or more worth most, leaving out one a block of ours answers (a blocker that survives it and
        kills it) or that is blocked already."""
        me = self.me
        best: tuple[float, Action] | None = None
        for a in acts:
            if a.kind not in ("cast", "ability") or len(a.args) < 2:
                continue
            src = g.card(int(a.args[0]))
            if a.kind == "cast" and src.defn.type != "prayer":
                continue
            spec = src.defn.effect if a.kind == "cast" else src.defn.ability
            if spec.get("effect") not in ("destroy", "exile") or g.changes_nothing(a):
                continue
            t = int(a.args[1])
            if t not in g.attackers or not g.is_unit_in_play(t) or g.controller_of(t) == me:
                continue
            tc = g.card(t)
            if g.attack_of(tc) < 3 or t in g.was_blocked or self._safe_block(g, tc, kill=True):
                continue
            v = self._worth(tc) + g.attack_of(tc)
            if best is None or v > best[0]:
                best = (v, a)
        return best[1] if best is not None else None

    # ------------------------------------------------------------ decisions
    def _on_mulligan(self, g: ScarsGame, acts: list[Action]) -> Action:
        hand = [g.card(u) for u in g.zones[f"hand:{self.me}"].cards]
        cheap = sum(
            1
            for c in hand
            if c.defn.type == "unit" and c.defn.cost <= 3 and g.can_cast_faction(self.me, c.defn)
        )
        if cheap >= 2 or len(hand) <= 5:
            return Action("keep")
        return Action("mulligan")

    def _on_draw(self, g: ScarsGame, acts: list[Action]) -> Action:
        if Action("skip") in acts and self._want_energy(g) and self._energy_cards(g) < 3:
            return Action("skip")
        return Action("draw")

    def _on_setup(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        me = self.me
        enemy_threat = self._threat(g, 1 - me)
        spare = g.available_energy(me) - self._reserve(g)
        for a in acts:
            if a.kind == "pos" and a.args[1] == "defense":
                c = g.card(int(a.args[0]))
                # (a unit in defense position already is offered this to stop sheltering: it
                # would leave the unit it shelters alone just when the enemy threatens it)
                if c.position != "attack":
                    continue
                if g.attack_of(c) <= 1 and enemy_threat >= 3 and c.defn.ability.get("kind") != "tap":
                    return a
        if spare >= 2:
            for a in acts:
                if a.kind == "shelter" and a.args[2] == "e":
                    c = g.card(int(a.args[0]))
                    if c.shelter == 0 and self._shelter_pick(g, c, threatened_only=True) == a.args[1]:
                        return a
        if spare >= 3:
            for a in acts:
                if a.kind == "pos" and a.args[1] == "attack" and a.args[2] == "e":
                    c = g.card(int(a.args[0]))
                    if g.attack_of(c) >= 3 and not c.defn.ability:
                        return a
        return self._recruit_instants(g, acts, spare)

    def _on_recruit(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        me = self.me
        hand = [g.card(u) for u in g.zones[f"hand:{me}"].cards]
        units = g.units(me)
        # supports keep the board legal (SC-23)
        sup = [a for a in acts if a.kind == "support"]
        if sup and len(hand) >= 2 and g.unit_limit(me) < len(units) + 2:
            worst = min(sup, key=lambda a: self._value(g, g.card(int(a.args[0]))))
            return worst
        if self._first(acts, "life") and self._want_energy(g):
            return Action("life")
        spare = g.available_energy(me) - self._reserve(g)
        boost = self._boost(g, acts, spare)
        if boost is not None:
            return boost
        # permanents, most expensive first (leaving the energy kept for the opponent's turn)
        casts = [
            a
            for a in acts
            if a.kind == "cast"
            and g.card(int(a.args[0])).defn.type != "prayer"
            and g.card(int(a.args[0])).defn.cost <= spare
        ]
        room = g.unit_limit(me) - len(units)
        best: Action | None = None
        best_v = -1.0
        for a in casts:
            c = g.card(int(a.args[0]))
            d = c.defn
            if d.type == "unit":
                if room <= 0 and not sup:
                    continue
                want = (
                    "attack"
                    if (d.attack >= d.defense or g.has_kw(c, "Haste")) and not d.ability
                    else "defense"
                )
                if g.has_kw(c, "Alert"):
                    want = "defense"
                if want == "defense":
                    shelter = self._shelter_pick(g, c)
                    if shelter is not None:
                        want = "shelter"  # SC-61: free on entry, and it still blocks for the hero
                        if a.args[1:] != ("shelter", shelter):
                            continue
                if a.args[1] != want:
                    continue
                v = self._value(g, c) + 1
            elif d.type == "weapon":
                tgt = g.card(int(a.args[1]))
                if tgt.uid != max((u.uid for u in units), key=lambda u: g.attack_of(g.card(u)), default=0):
                    continue
                v = self._value(g, c)
            else:
                v = self._value(g, c) + 0.5
            if v > best_v:
                best, best_v = a, v
        if best is not None:
            return best
        r = self._recruit_instants(g, acts, spare)
        if r is not None:
            return r
        # leftover energy: hero ability, then equips for unattached weapons
        hero_acts = [a for a in acts if a.kind == "hero"]
        if hero_acts and int(g.card(g.hero_uid(me)).defn.ability.get("cost", 0)) <= spare:
            spec = g.card(g.hero_uid(me)).defn.ability
            if not spec.get("target"):
                if spec.get("effect") != "token" or room > 0:
                    return hero_acts[0]
            else:
                t = self._best_target(g, spec, [int(a.args[0]) for a in hero_acts])
                if t is not None and (spec.get("effect") != "damage" or g.card(t).defn.type == "unit"):
                    return Action("hero", (t,))
        for a in acts:
            if (
                a.kind == "equip"
                and not g.card(int(a.args[0])).attached
                and g.card(int(a.args[0])).defn.equip <= spare
            ):
                return a
        return None

    def _recruit_instants(self, g: ScarsGame, acts: list[Action], spare: int) -> Action | None:
        """Removal prayers and damaging abilities aimed at things they kill, draw and life prayers
        (in set-up only when they do not starve the recruitment, `_starves`), tokens, … — prayers
        within `spare` (our energy less what we keep for the opponent's turn, `_reserve`)."""
        me = self.me
        for a in acts:
            if a.kind == "cast":
                c = g.card(int(a.args[0]))
                d = c.defn
                if d.type != "prayer" or d.cost > spare:
                    continue
                eff = str(d.effect.get("effect"))
                if eff in ("damage", "destroy", "exile") and len(a.args) > 1:
                    t = self._best_target(
                        g,
                        d.effect,
                        [int(x.args[1]) for x in acts if x.kind == "cast" and x.args[0] == a.args[0]],
                    )
                    if t is not None and g.card(t).defn.type == "unit":
                        return Action("cast", (c.uid, t))
                    if t is not None and g.lives(1 - me) <= int(d.effect.get("x", 1)):
                        return Action("cast", (c.uid, t))
                if eff in ("draw", "restore") and (eff != "restore" or g.lives(me) < 12):
                    if g.phase != "setup" or not self._starves(g, d.cost, spare):
                        return a
                if eff == "token" and g.unit_limit(me) > len(g.units(me)) + 1:
                    return a
                if eff == "discard_random" and g.zones[f"hand:{1 - me}"].cards:
                    return a
                if eff == "reanimate":
                    return a
        for a in acts:
            if a.kind == "ability":
                c = g.card(int(a.args[0]))
                spec = c.defn.ability
                ab_eff = spec.get("effect")
                if len(a.args) > 1:
                    options = [int(x.args[1]) for x in acts if x.kind == "ability" and x.args[0] == a.args[0]]
                    t = self._best_target(g, spec, options)
                    if t is not None and (
                        ab_eff != "damage" or g.card(t).defn.type == "unit" or g.phase == "recruit2"
                    ):
                        return Action("ability", (c.uid, t))
                elif ab_eff == "token" and g.phase == "recruit2" and g.unit_limit(me) > len(g.units(me)):
                    return a
        return None

    def _on_attack(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        opp = 1 - self.me
        hero = g.hero_uid(opp)
        blockers = [u for u in g.units(opp) if u.position == "defense" and u.uid not in g.blocks]
        candidates = sorted(
            {int(a.args[0]) for a in acts if a.kind == "attack"}, key=lambda u: -g.attack_of(g.card(u))
        )
        if not candidates:
            return None
        # all-out when the hero cannot survive
        total = sum(g.attack_of(g.card(u)) for u in candidates) + sum(
            g.attack_of(g.card(a)) for a in g.attackers
        )
        all_in = total >= g.lives(opp) + sum(g.attack_of(b) for b in blockers) or g.lives(opp) <= 3
        for uid in candidates:
            a = g.card(uid)
            if Action("attack", (uid, hero)) not in acts:
                continue
            able = [b for b in blockers if g.can_block(b, a)]
            atk = g.attack_of(a)
            if atk <= 0:
                continue
            # a blocker that kills it without dying makes the attack a loss
            bad = any(
                g.attack_of(b) > g.defense_of(a) - a.damage and atk <= g.defense_of(b) - b.damage
                for b in able
            )
            if all_in or not able or not bad:
                # an enemy unit in attack position we can kill safely is a better target
                if not all_in:
                    prey = self._prey(g, a, acts, able)
                    if prey is not None:
                        return Action("attack", (uid, prey))
                return Action("attack", (uid, hero))
        return None

    def _prey(self, g: ScarsGame, a: ScarsCard, acts: list[Action], able: list[ScarsCard]) -> int | None:
        """The enemy unit in attack position our attacker `a` should attack instead of the hero
        (SC-53, SC-63: the two deal their damage to each other): one it kills and survives, with
        attack PREY_ATTACK or more (it would hit us next turn), not covered by a shelterer; the
        one worth most. (With no enemy blocker able to block `a` and attack 3+: always.)"""
        least = self.PREY_ATTACK if able else min(self.PREY_ATTACK, 3)
        atk, left = g.attack_of(a), g.defense_of(a) - a.damage
        best: tuple[float, int] | None = None
        for t in g.units(1 - self.me):
            if t.position != "attack" or Action("attack", (a.uid, t.uid)) not in acts:
                continue
            if g.attack_of(t) < least or atk <= g.defense_of(t) - t.damage or g.attack_of(t) > left:
                continue
            if able and g._shelterers(t.uid):
                continue
            v = self._worth(t) + g.attack_of(t)
            if best is None or v > best[0]:
                best = (v, t.uid)
        return best[1] if best is not None else None

    def _on_learn(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        for kw in GOOD_KEYWORDS:
            for a in acts:
                if a.kind == "learn" and keyword_name(str(a.args[1]).replace("_", " ")) == kw:
                    return a
        return None

    def _on_block(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        me = self.me
        attackers = [g.card(a) for a in g.attackers if g.is_unit_in_play(a)]
        hero = g.hero_uid(me)
        unblocked_hero_dmg = sum(
            g.attack_of(a) for a in attackers if g.attackers.get(a.uid) == hero and a.uid not in g.was_blocked
        )
        danger = unblocked_hero_dmg >= g.lives(me) or g.lives(me) - unblocked_hero_dmg <= 3
        for a in sorted(attackers, key=lambda c: -g.attack_of(c)):
            if a.uid in g.was_blocked:
                continue
            options = [g.card(int(x.args[0])) for x in acts if x.kind == "block" and x.args[1] == a.uid]
            if not options:
                continue
            atk = g.attack_of(a)
            survive = [b for b in options if atk <= g.defense_of(b) - b.damage]
            kill = [b for b in options if g.attack_of(b) > g.defense_of(a) - a.damage]
            both = [b for b in survive if b in kill]
            pick = None
            if both:
                pick = min(both, key=lambda b: g.attack_of(b))
            elif survive and g.attackers.get(a.uid) == hero:
                pick = min(survive, key=lambda b: g.attack_of(b))
            elif kill and g.attackers.get(a.uid) == hero:
                cheap = [b for b in kill if b.defn.cost <= a.defn.cost]
                pick = min(cheap, key=lambda b: b.defn.cost) if cheap else None
            if pick is None and danger and g.attackers.get(a.uid) == hero:
                pick = min(options, key=lambda b: b.defn.cost + g.attack_of(b))
            if pick is not None:
                return Action("block", (pick.uid, a.uid))
        gang = self._gang_block(g, acts)
        if gang is None:
            return self._trick_block(g, acts)
        return gang

    def _trick_block(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        """A block that a pump prayer in hand, paid with the energy we have now, makes good: the
        blocker then survives the attacker (one at our hero) or survives and kills it (Shield
        Wall +0/+3, Frenzy +2/+0, Rally the Ranks +1/+1; cast after blocks by `_save` and
        `_defend_trick`). Only one such block, and none while a block of ours already loses its
        blocker without a card. The attacker of most attack first, the cheapest blocker."""
        me = self.me
        energy = g.available_energy(me)
        tricks = [
            (int(d.effect.get("x", 0)), int(d.effect.get("y", 0)))
            for d in (g.card(u).defn for u in g.zones[f"hand:{me}"].cards)
            if d.type == "prayer"
            and d.effect.get("effect") in ("buff", "buff_team")
            and d.cost <= energy
            and g.can_cast_faction(me, d)
        ]
        if not tricks:
            return None
        for bu, tu in g.blocks.items():
            if g.is_unit_in_play(bu) and g.is_unit_in_play(tu) and g.controller_of(bu) == me:
                bc = g.card(bu)
                if g.attack_of(g.card(tu)) > g.defense_of(bc) - bc.damage:
                    return None
        hero = g.hero_uid(me)
        best: tuple[tuple[int, float], Action] | None = None
        for x in acts:
            if x.kind != "block":
                continue
            b, au = g.card(int(x.args[0])), int(x.args[1])
            if au in g.was_blocked or not g.is_unit_in_play(au) or g.prevented_by(b.uid, au):
                continue
            a = g.card(au)
            atk, b_left, a_left = g.attack_of(a), g.defense_of(b) - b.damage, g.defense_of(a) - a.damage
            for tx, ty in tricks:
                lives = atk <= b_left + ty or g.prevented_by(au, b.uid)
                kills = g.attack_of(b) + tx > a_left
                if lives and (kills or g.attackers.get(au) == hero):
                    key = (-atk, self._worth(b))
                    if best is None or key < best[0]:
                        best = (key, x)
                    break
        return best[1] if best is not None else None

    def _gang_block(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        """A second blocker on an attacker already blocked that its blockers do not kill yet: one
        that survives the attacker's whole attack and, with the others, kills it (SC-70: the
        blockers' damage adds up). The attacker worth most first."""
        best: tuple[float, Action] | None = None
        for x in acts:
            if x.kind != "block":
                continue
            b, au = g.card(int(x.args[0])), int(x.args[1])
            if au not in g.was_blocked or not g.is_unit_in_play(au):
                continue
            a = g.card(au)
            left = g.defense_of(a) - a.damage
            have = sum(
                g.attack_of(g.card(o))
                for o, t in g.blocks.items()
                if t == au and g.is_unit_in_play(o) and not g.prevented_by(o, au)
            )
            if have > left or g.attack_of(a) > g.defense_of(b) - b.damage or g.prevented_by(b.uid, au):
                continue
            if have + g.attack_of(b) <= left:
                continue
            v = self._worth(a) - 0.1 * g.attack_of(b)
            if best is None or v > best[0]:
                best = (v, x)
        return best[1] if best is not None else None

    def _on_shelter(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        t = int(acts[0].args[0])
        unit = g.card(t)
        incoming = sum(
            g.attack_of(g.card(a)) for a, x in g.attackers.items() if x == t and a not in g.was_blocked
        )
        shel = [g.card(u) for u in g._shelterers(t)]
        if any(incoming <= g.defense_of(s) - s.damage for s in shel):
            return Action("choose", (t, "shelter"))
        if incoming <= g.defense_of(unit) - unit.damage:
            return Action("choose", (t, "unit"))
        return Action("choose", (t, "both"))

    def _on_damage(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        opts = [int(a.args[1]) for a in acts]
        src = int(acts[0].args[0])
        units = [u for u in opts if g.card(u).defn.type == "unit"]
        heroes = [u for u in opts if g.card(u).defn.type == "hero"]
        if heroes and all(g._lethal_need(u) == 0 for u in units):
            return Action("assign", (src, heroes[0]))
        need = [u for u in units if g._lethal_need(u) > 0]
        if need:
            remaining = g.attack_of(g.card(src)) - g._assigned(src)
            reachable = [u for u in need if g._lethal_need(u) <= remaining]
            pool = reachable or need
            return Action("assign", (src, min(pool, key=lambda u: g._lethal_need(u))))
        return Action("assign", (src, units[0])) if units else None

    def _on_cleanup(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        if acts[0].kind == "discard":
            return min(acts, key=lambda a: self._value(g, g.card(int(a.args[0]))))
        if acts[0].kind == "sacrifice":
            return min(
                acts, key=lambda a: g.attack_of(g.card(int(a.args[0]))) + g.defense_of(g.card(int(a.args[0])))
            )
        return None

    def _on_target(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        d = g.decision()
        assert d is not None
        src = int(d.context["source"])
        t = self._best_target(g, g.card(src).defn.trigger, [int(a.args[0]) for a in acts])
        return Action("target", (t,)) if t is not None else None

    def _on_respond(self, g: ScarsGame, acts: list[Action]) -> Action | None:
        me = self.me
        # cancel a big enemy card
        if g.stack:
            ctrl, top = g.stack.top()
            if ctrl != me and top[0] == "card":
                c = g.card(top[1])
                for a in acts:
                    if a.kind == "cast" and len(a.args) > 1 and a.args[1] == c.uid:
                        spell = g.card(int(a.args[0]))
                        if spell.defn.effect.get("effect") == "counter" and c.defn.cost >= 3:
                            return a
            if ctrl == me:
                return Action("pass")
            # save a unit of ours from the enemy card or ability on top
            save = self._save(g, acts)
            if save is not None:
                return save
        if g.phase == "blockers" and not g.stack:
            trick = None
            if g.active == me:
                trick = self._combat_trick(g, acts) or self._trample(g, acts)
            trick = trick or self._save(g, acts)
            if trick is None and g.active != me:
                trick = self._defend_trick(g, acts)
            if trick is not None:
                return trick
        # kill attackers / blockers in the combat windows
        if g.phase in ("attackers", "blockers") and g.attackers:
            for a in acts:
                if a.kind not in ("cast", "ability") or len(a.args) < 2:
                    continue
                src = g.card(int(a.args[0]))
                spec = src.defn.effect if a.kind == "cast" else src.defn.ability
                if a.kind == "cast" and src.defn.type != "prayer":
                    continue
                eff = spec.get("effect")
                t = int(a.args[1])
                if t not in g.zones.cards or g.card(t).defn.type != "unit":
                    continue
                tc = g.card(t)
                if g.controller_of(t) == me:
                    continue
                if eff == "damage" and self._kills(g, tc, int(spec.get("x", 1))) and t in g.attackers:
                    return a
            removal = self._remove_attacker(g, acts)
            if removal is not None:
                return removal
        if g.phase == "attackers" and g.active != me and not g.stack:
            stop = self._stop_attacker(g, acts)
            if stop is not None:
                return stop
        # end of the opponent's turn: spend spare energy on cheap value
        if g.phase == "end" and g.active != me and not g.stack:
            for a in acts:
                if a.kind == "cast":
                    c = g.card(int(a.args[0]))
                    if c.defn.type == "prayer" and c.defn.effect.get("effect") == "draw":
                        return a
                    if c.defn.type == "unit":  # a Lightning unit at the end of the turn
                        room = g.unit_limit(me) - len(g.units(me))
                        if room > 0 and a.args[1] == "attack":
                            return a
        return Action("pass")


def agent_levels() -> dict[str, Any]:
    """The AI levels of this game, weakest first ('random' is added by common.agents)."""
    from .ai_search import search_agent_levels

    return {"scripted": lambda seed=0, **kw: ScriptedAgent(seed), **search_agent_levels()}


# The level the menu should offer first: the strongest that meets the time limits
# (docs/ai.md, The Scars, session 39: lookahead, greedy judged through the opponent's next turn,
# beats greedy 231–169 over the 400 games of seeds 1 and 1001, 57.8% [52.9–62.5]; 6.6 ms of CPU
# a decision on average, p95 17 ms).
DEFAULT_LEVEL = "lookahead"
