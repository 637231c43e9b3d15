#!/bin/bash
# Instructions a random game inside the games (as `tools/ir.sh GAME N games`: callgrind collecting
# only within the `map` that plays them, after a warm-up game) of the new core (MODE core) or of
# `HotgGame` (MODE real: the facade over the core since session 40), on the default decks: the same games (tools/hotg_core_ir.py).
# usage (from the checkout root, after `python -m compileall -q .`): bash tools/hotg_core_ir.sh MODE N
m=$1; n=${2:-3}
PY=$(python -c "import sys; print(sys.executable)")
b=$(PYTHONPATH=$PWD PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
  --collect-atstart=no --toggle-collect=map_next "$PY" tools/hotg_core_ir.py "$m" "$n" 2>&1 \
  | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$')
python3 -c "print(f'$m N=$n: {$b/$n/1e6:.3f}M instructions a game (inside the games)')"
