#!/bin/bash
# instructions per random game: callgrind Ir of (warm-up + N games, seeds 1..N) minus (warm-up only), / N
# usage: tools/ir.sh GAME N   (from the checkout root, after `python -m compileall -q .`: a first
# run in a fresh clone also counts its byte-code compilation). Needs valgrind. docs/performance.md
g=$1; n=${2:-3}
cat > /tmp/ir_$$.py <<'PY'
import sys
from common.bench import random_playout
from common.registry import game_class
cls = game_class(sys.argv[1])
random_playout(cls, 0)
for i in range(int(sys.argv[2])):
    random_playout(cls, 1 + i)
PY
PY=$(python -c "import sys; print(sys.executable)")
run() { PYTHONPATH=$PWD PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$PY" /tmp/ir_$$.py "$g" "$1" 2>&1 | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$'; }
a=$(run 0); b=$(run "$n"); rm -f /tmp/ir_$$.py
python3 -c "print(f'$g N=$n: {($b-$a)/$n/1e6:.2f}M instructions a game')"
