import sys, time
from benchmarks.strength_bench import Oracle, timed_move, cold, GEOM
from vp_connect4.engine.position import Position
from vp_connect4.levels import PerfectPlayer
a, b = int(sys.argv[1][0]), int(sys.argv[1][1])
oracle = Oracle()
position = Position(GEOM).play(a).play(b)
expected = oracle.outcome(position)
mine = 0 if expected >= 0 else 1
cold()
player = PerfectPlayer("XO"[mine], "LEFT")
moves = f"{a}{b}"
while True:
    if position.moves_played % 2 == mine:
        before = oracle.distance(position) if position.moves_played >= 12 else None
        col, seconds, how = timed_move(player, position)
        after = oracle.after(position, col)
        print(f"{position.moves_played:2d} me col {col} {seconds:.2f}s {how:6s} outcome {oracle.outcome(position)} -> kept {after}  choice={player.last_choice}", flush=True)
        win = position.is_winning_move(col)
    else:
        col = oracle.best_column(position)
        win = position.is_winning_move(col)
    moves += str(col)
    position = position.play(col)
    if win or position.is_full():
        break
print(moves)
