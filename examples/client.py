#!/usr/bin/env python3
"""A small d20sim protocol client (Python 3, standard library only).

Usage
-----

Let the client start the engine itself (from the repository root):

    python3 examples/client.py fixtures/encounters/duel.json
    python3 examples/client.py fixtures/encounters/skirmish-4v4.json --side monsters --seed 7 --verbose
    python3 examples/client.py fixtures/encounters/duel.json --log duel.jsonl   # then: node bin/d20sim.mjs replay duel.jsonl

It runs `node bin/d20sim.mjs serve ENCOUNTER --stdio --control heroes` as a subprocess, plays the heroes
and prints the result on stdout, e.g. `winner: heroes (round 3, 5 requests answered)`.

Or talk the protocol on your own stdin/stdout (`--pipe`), with the engine started by someone else, e.g. in bash:

    coproc ENGINE { node bin/d20sim.mjs serve fixtures/encounters/duel.json --stdio --control heroes; }
    python3 examples/client.py --pipe <&"${ENGINE[0]}" >&"${ENGINE[1]}"

(in --pipe mode, stdout is the protocol channel: the result goes to stderr).

Strategy, for each request of the engine (see docs/protocol.md):
  command-request      an attack on a foe if one is legal (one that provokes nothing first), else the legal
                       move that provokes nothing and ends nearest to the nearest foe (if it gets closer),
                       else end the turn;
  opportunity-request  always take it.

Exit status: 0 when the engine said `end`, 1 when it went away before.
"""

import argparse
import json
import os
import subprocess
import sys

PROTOCOL = "d20sim-protocol/1"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def distance(a, b):
    """Squares between two squares (diagonals count as one step)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def choose_command(request):
    actor = request["actor"]
    legal = request["legal"]
    observation = request["observation"]
    side = observation["side"]

    attacks = [l for l in legal if l["command"]["action"] in ("attack", "full-attack")]
    attacks.sort(key=lambda l: len(l["provokes"]))
    if attacks:
        return attacks[0]["command"]

    me = next((c for c in observation["creatures"] if c["id"] == actor), None)
    foes = [c for c in observation["creatures"] if c["side"] != side and c["at"] is not None and c["hpState"] != "dead"]
    if me is not None and me["at"] is not None and foes:
        def to_nearest_foe(square):
            return min(distance(square, f["at"]) for f in foes)

        best, best_distance = None, to_nearest_foe(me["at"])
        for l in legal:
            command = l["command"]
            if command["action"] != "move" or l["provokes"]:
                continue
            d = to_nearest_foe(command["path"][-1])
            if d < best_distance or (d == best_distance and best is not None and len(command["path"]) < len(best["path"])):
                best, best_distance = command, d
        if best is not None:
            return best

    return {"actor": actor, "action": "end-turn"}


class Client:
    def __init__(self, incoming, outgoing, verbose, report):
        self.incoming = incoming
        self.outgoing = outgoing
        self.verbose = verbose
        self.report = report
        self.answered = 0
        self.side = None

    def say(self, text):
        if self.verbose:
            print(text, file=sys.stderr, flush=True)

    def send(self, message):
        try:
            self.outgoing.write(json.dumps(message) + "\n")
            self.outgoing.flush()
        except (BrokenPipeError, OSError):
            pass  # the engine went away; the read loop notices

    def run(self):
        last_command = {}
        for line in self.incoming:
            line = line.strip()
            if not line:
                continue
            message = json.loads(line)
            kind = message.get("type")
            if kind == "hello":
                if message.get("protocol") != PROTOCOL:
                    print(f"client: unknown protocol {message.get('protocol')!r}", file=sys.stderr)
                self.side = message["side"]
                self.say(f"playing {self.side} ({', '.join(message['creatures'])}) against {message['opponent']} "
                         f"in {message['encounter']['name']!r}")
            elif kind == "command-request":
                command = choose_command(message)
                last_command[message["id"]] = command
                self.say(f"[{message['id']}] {message['actor']}: {json.dumps(command)}")
                self.send({"type": "command", "id": message["id"], "command": command})
                self.answered += 1
            elif kind == "opportunity-request":
                self.say(f"[{message['id']}] {message['reactor']} takes an attack of opportunity on {message['against']}")
                self.send({"type": "opportunity", "id": message["id"], "take": True})
                self.answered += 1
            elif kind == "error":
                self.say(f"engine: error {message.get('code')}: {message['message']}")
                request = message.get("id")
                tried = last_command.get(request)
                # Our command was refused: end the turn instead (once), so the request does not time out.
                if tried is not None and tried.get("action") != "end-turn" and message.get("code") not in ("timeout", "input-closed"):
                    fallback = {"actor": tried["actor"], "action": "end-turn"}
                    last_command[request] = fallback
                    self.send({"type": "command", "id": request, "command": fallback})
            elif kind == "event":
                event = message["event"]
                if event["type"] in ("AttackRolled", "DamageDealt", "CombatEnded"):
                    self.say("  " + json.dumps(event))
            elif kind == "end":
                winner = message["winner"] or "nobody (a draw)"
                extra = ""
                if message.get("replaced"):
                    extra = f"; a bot took over after request {message['replaced']['request']} ({message['replaced']['reason']})"
                self.report(f"winner: {winner} (round {message['summary']['round']}, {self.answered} requests answered{extra})")
                return True
        return False


def main():
    parser = argparse.ArgumentParser(description="Play one side of a d20sim fight over the JSON-lines protocol.")
    parser.add_argument("encounter", nargs="?", help="encounter JSON file (not with --pipe)")
    parser.add_argument("--pipe", action="store_true", help="speak the protocol on this process's stdin/stdout")
    parser.add_argument("--side", default="heroes", help="the side to play (default heroes)")
    parser.add_argument("--seed", help="seed for the dice")
    parser.add_argument("--timeout", help="ms the engine waits for each answer")
    parser.add_argument("--opponent", help="built-in bot for the other side (brute, random, ...)")
    parser.add_argument("--log", help="have the engine write the event log (JSONL) here")
    parser.add_argument("--engine", default=f"node {os.path.join(ROOT, 'bin', 'd20sim.mjs')}",
                        help="the command that runs d20sim (default: node bin/d20sim.mjs)")
    parser.add_argument("--verbose", action="store_true", help="tell each choice on stderr")
    args = parser.parse_args()

    if args.pipe:
        client = Client(sys.stdin, sys.stdout, args.verbose, lambda text: print(text, file=sys.stderr, flush=True))
        sys.exit(0 if client.run() else 1)

    if not args.encounter:
        parser.error("expected an encounter file (or --pipe)")
    command = args.engine.split() + ["serve", args.encounter, "--stdio", "--control", args.side]
    for flag, value in (("--seed", args.seed), ("--timeout", args.timeout), ("--opponent", args.opponent), ("--log", args.log)):
        if value is not None:
            command += [flag, value]
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    client = Client(engine.stdout, engine.stdin, args.verbose, lambda text: print(text, flush=True))
    try:
        finished = client.run()
    finally:
        try:
            engine.stdin.close()
        except OSError:
            pass
        status = engine.wait()
    if not finished:
        print(f"client: the engine stopped before the end (exit status {status})", file=sys.stderr)
    sys.exit(0 if finished and status == 0 else 1)


if __name__ == "__main__":
    main()
