"""Hostile player files: each does one thing a student's file must not be able to do, then fails in a way that
forfeits. ``source(name, **fields)`` is the file's text; ``{mark}`` names the processes it starts (the test looks
for them after), ``{teacher}`` a folder of the teacher's, ``{other}`` another entrant's file, ``{secret}`` a file
of the teacher's, ``{port}`` a port the test listens on."""

from __future__ import annotations

import textwrap

PLAYER = '''
import os, signal, socket, subprocess, sys, time
{at_import}

class Player:
    def __init__(self, ox, tbt, ply):
        self.ox, self.tbt, self.ply = ox, tbt, ply

    def next_move(self, b):
{in_move}
        return next(col for col in range(b.width) if b.allows_move(col))
'''

FORGE = '''\
        data = {message!r}
        for fd in map(int, os.listdir("/proc/self/fd")):
            try:
                if fd > 2 and os.readlink(f"/proc/self/fd/{{fd}}").startswith("pipe"):
                    os.write(fd, {header} + data)
            except OSError:
                pass
        time.sleep(1)
'''

SPAWN = 'subprocess.Popen([sys.executable, "-c", "import os, time; {setsid}time.sleep(100)", "{{mark}}"])'

ATTACKS: dict[str, tuple[str, str]] = {  # name: (at import, in next_move)
    "memory_at_import": ("x = bytearray(20 * 2**30)", ""),
    "memory_in_a_move": ("", "x = [bytearray(2**26) for _ in range(320)]  # 20 GiB, 64 MiB at a time"),
    "two_hundred_processes": ("", f"children = [{SPAWN.format(setsid='')} for _ in range(200)]"),
    "a_child_that_leaves_its_session": ("", f"{SPAWN.format(setsid='os.setsid(); ')}\nraise RuntimeError('left')"),
    "writes_outside": (
        "",
        "for path in ('{teacher}/written.txt', '{home}/written.txt', '/tmp/{mark}.txt', '{package}/written.py'):\n"
        "    try:\n        open(path, 'w').write('x')\n    except OSError:\n        pass\n"
        "raise RuntimeError('no write')",
    ),
    "reads_another_entrant": (
        "",
        "for path in ('{other}', '{secret}'):\n"
        "    try:\n        raise RuntimeError('LEAKED ' + open(path).read()[:40])\n    except OSError:\n        pass\n"
        "raise RuntimeError('nothing read')",
    ),
    "opens_a_connection": (
        "",
        "try:\n    socket.create_connection(('127.0.0.1', {port}), timeout=3)\nexcept OSError as error:\n"
        "    raise RuntimeError('no connection') from error\nraise RuntimeError('CONNECTED')",
    ),
    "kills_its_parent": ("", "os.kill(os.getppid(), signal.SIGKILL)\nraise RuntimeError('still here')"),
    "stops_its_parent": ("", "os.kill(os.getppid(), signal.SIGSTOP)\nraise RuntimeError('still here')"),
    "interrupts_its_parent": ("", "os.kill(os.getppid(), signal.SIGINT)\nraise RuntimeError('still here')"),
    "kills_every_process_it_sees": (
        "",
        "for pid in [int(p) for p in os.listdir('/proc') if p.isdigit() and int(p) != os.getpid()]:\n"
        "    try:\n        os.kill(pid, signal.SIGKILL)\n    except OSError:\n        pass\n"
        "raise RuntimeError('still here')",
    ),
    "prints_100_mb": (
        "", "sys.stdout.write('x' * 100_000_000)\nsys.stderr.write('y' * 1000)\nraise RuntimeError('printed')"
    ),
    "sys_exit": ("", "sys.exit(0)"),
    "os_exit": ("", "os._exit(3)"),
    "keyboard_interrupt": ("", "raise KeyboardInterrupt"),
    "monkey_patches_the_worker": (
        "import vp_connect4.students.worker.serve as serve\nserve._column = lambda value, width: ['ok', 'abc']",
        "",
    ),
    "forges_raised_5": ("", FORGE.format(message=b'["raised", 5]', header="(13).to_bytes(8, 'big')")),
    "forges_ok_abc": ("", FORGE.format(message=b'["ok", "abc"]', header="(13).to_bytes(8, 'big')")),
    "forges_a_huge_header": ("", FORGE.format(message=b"[]", header="(2**62).to_bytes(8, 'big')")),
    "sleeps_100_s_at_import": ("time.sleep(100)", ""),
    "writes_the_kernels_settings": (  # as root outside, it could (a Gradescope container runs us as root)
        "",
        "for path in ('/proc/sys/vm/swappiness', '/proc/sys/kernel/core_pattern'):\n"
        "    try:\n        open(path, 'r+b').close()\n    except OSError:\n        continue\n"
        "    raise RuntimeError('LEAKED: may write ' + path)\n"
        "raise RuntimeError('no kernel setting written')",
    ),
}
FLOODS = (  # answers, then keeps writing well-formed messages nobody asked for (16 MiB each)
        "import threading\n"
        "def flood():\n"
        "    time.sleep(0.01)\n"
        "    data = b'[\"ok\", \"' + b'x' * (16 * 2**20 - 12) + b'\"]'\n"
        "    pipes = []\n"
        "    for fd in map(int, os.listdir('/proc/self/fd')):\n"
        "        try:\n"
        "            if fd > 2 and os.readlink(f'/proc/self/fd/{{fd}}').startswith('pipe'):\n"
        "                pipes.append(fd)\n"
        "        except OSError:\n            pass\n"
        "    while True:\n"
        "        for fd in pipes:\n"
        "            try:\n                os.write(fd, len(data).to_bytes(8, 'big') + data)\n"
        "            except OSError:\n                pass\n"
        "threading.Thread(target=flood, daemon=True).start()"
)
BURNERS = (  # each in a session of its own (a scheduler's group of its own, where sessions are grouped)
    "[subprocess.Popen([sys.executable, '-c', 'while True: pass', '{mark}'], start_new_session=True) "
    "for _ in range(12)]"
)
CHILDREN_MEMORY = (  # each child within the memory limit, all of them together far beyond it
    "children = [subprocess.Popen([sys.executable, '-c', 'import time; x = bytearray(100 * 2**20); "
    "x[::4096] = b\"y\" * len(x[::4096]); time.sleep(60)', '{mark}']) for _ in range(6)]\n"
    "time.sleep(8)\n"
    "alive = sum(child.poll() is None for child in children)\n"
    "raise RuntimeError(('LEAKED: ' if alive == 6 else '') + f'{{alive}} of 6 children left')"
)
SLOW = {"sleeps_100_s_at_import"}  # waits for the load time limit (30 s)


def source(name: str, **fields: object) -> str:
    at_import, in_move = ATTACKS[name]
    return player(in_move, at_import, **fields)


def player(in_move: str, at_import: str = "", **fields: object) -> str:
    """A file whose ``next_move`` runs ``in_move`` first (and its import ``at_import``), ``fields`` filled in."""
    body = textwrap.indent(textwrap.dedent(in_move), " " * 8) if in_move else ""
    text = PLAYER.replace("{at_import}", at_import).replace("{in_move}", body)
    for field, value in fields.items():
        text = text.replace("{" + field + "}", str(value))
    return text.replace("{{", "{").replace("}}", "}")
