"""A replayed puzzle's goal and verdict, for the replay screen and `triarch replay --print`.

The verdicts are the table's: one judge (`common.goals.judge_states`) sees the replay's games in
order as the table saw them as they were played, and a resignation after the last action counts
as the session counts it (`GoalJudge.final`). The words name the puzzle's player as its table
names the seats (`Player 1`, Hand of the Gods' `P1`: `seat_names`): a replay's reader is nobody's
"you".
"""

from __future__ import annotations

from dataclasses import dataclass

from common.goals import GoalJudge, Verdict, judge_states
from common.saves import Replay
from tui.log_words import seat_names
from tui.wording import goal_line


@dataclass(frozen=True, slots=True)
class ReplayGoal:
    judge: GoalJudge
    verdicts: list[Verdict]  # after each step (0: the start), the last one a resignation's too

    @classmethod
    def of(cls, replay: Replay) -> ReplayGoal | None:
        judged = judge_states(replay.states, seat_names(replay.game_id))
        if judged is None:
            return None
        judge, verdicts = judged
        verdicts[-1] = judge.final(replay.resigned, len(replay))
        return cls(judge, verdicts)

    def words(self) -> str:
        return self.judge.words()

    def verdict(self, step: int) -> Verdict:
        return self.verdicts[step]

    def line(self, step: int) -> str:
        """`◎ Player 1's goal: Win this turn` until the verdict is reached, then the verdict."""
        return goal_line(self.words(), self.verdict(step), self.judge.label())
