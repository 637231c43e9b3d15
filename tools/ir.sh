#!/bin/bash
# instructions per random game: callgrind Ir of (warm-up + N games, seeds 1..N) minus (warm-up only), / N
# usage: tools/ir.sh GAME N [games]   (from the checkout root, after `python -m compileall -q .`: a first
# run in a fresh clone also counts its byte-code compilation). Needs valgrind. docs/performance.md
# `games`: count only the instructions inside the N games (callgrind collecting only within the
# `map` that plays them), without the two runs' start-up and shutdown: the same count at every run
# of the same code (the default's two totals move by up to ±0.5 % a game from run to run, session 33),
# about 1 % below the default's (no shutdown of what the games left).
g=$1; n=${2:-3}
cat > /tmp/ir_$$.py <<'PY'
import sys
from common.bench import random_playout
from common.registry import game_class
cls = game_class(sys.argv[1])
from tui.cli import tune_gc  # the collector as `triarch bench` sets it once the engine is loaded
tune_gc()
random_playout(cls, 0)
list(map(lambda i: random_playout(cls, 1 + i), range(int(sys.argv[2]))))
PY
PY=$(python -c "import sys; print(sys.executable)")
run() { PYTHONPATH=$PWD PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" "$PY" /tmp/ir_$$.py "$g" "$n" 2>&1 | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$'; }
if [ "$3" = games ]; then
  a=0; b=$(run --collect-atstart=no --toggle-collect=map_next); how=" (inside the games)"
else
  a=$(n=0 run); b=$(run); how=""
fi
rm -f /tmp/ir_$$.py
python3 -c "print(f'$g N=$n: {($b-$a)/$n/1e6:.2f}M instructions a game$how')"
