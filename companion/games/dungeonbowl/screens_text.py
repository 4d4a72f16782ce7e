"""Dungeonbowl's screens in words: short labels for the event chooser and each roll's result
as (what was rolled, the dice, what it means), read from the events of an accepted action."""

from __future__ import annotations

LABELS = {
    "chest": "open chest",
    "pad": "teleport",
    "trap": "pit trap",
    "wall": "wall push",
    "block": "block",
    "falls": "fell over",
    "leap": "leap a trap",
    "pass": "pass",
    "holder": "ball held",
    "bounce": "ball bounce",
    "touchdown": "TOUCHDOWN!",
    "end-turn": "end turn",
    "concede": "concede",
}


def who(pid: str | None) -> str:
    """``p2#5`` -> ``P2 #5``."""
    if not pid:
        return ""
    seat, _, number = pid.partition("#")
    return f"{seat.upper()} #{number}"


def event_label(option: str) -> str:
    """A turn option as the chooser lists it (11 characters at most): ``p1 teleport-in 7`` ->
    ``send in #7``."""
    words = option.split()
    verb = words[1]
    if verb == "teleport-in":
        return f"send in #{words[2]}"
    if verb == "sponge":
        return f"sponge #{words[2]}"
    return LABELS.get(verb, " ".join(words[1:]))


BLOCK_RESULTS = {
    "push": "pushed back",
    "push-wall": "pushed into a wall",
    "push-trap": "pushed into a trap",
    "down": "knocked down",
    "down-trap": "knocked into a trap",
    "attacker-down": "attacker down",
    "both-down": "both down",
}
NUMBERED = {"open": "chest", "onto-pad": "pad", "over": "trap", "trap-counter": "trap", "end-zone": ""}


def option_label(prompt: dict, option: str) -> str:
    """An option of a question as the list shows it, in the table's words: a player as
    ``P1 #4`` (``victim p1#4``), a block's result in words (``result down-trap`` -> ``knocked
    into a trap``), a chest, pad or trap by its number (``onto-pad 3`` -> ``pad 3``)."""
    words = option.split()
    if words and words[0] == prompt.get("actor"):
        words = words[1:]
    if len(words) == 2 and "#" in words[1]:
        return who(words[1])
    if len(words) == 2 and words[0] == "result":
        return BLOCK_RESULTS.get(words[1], words[1].replace("-", " "))
    if len(words) == 2 and words[0] in NUMBERED:
        return " ".join(w for w in (NUMBERED[words[0]], words[1]) if w)
    if len(words) == 2 and words[0] == "how":
        return words[1]
    if " ".join(words) in TREAT:
        return TREAT[" ".join(words)]
    return " ".join(words).replace("-", " ")


# the prompts whose answer says the whole move ("block", "buy igor", "start 1 2 3 4 5 6")
SAID_BY_THE_ANSWER = frozenset({"turn", "inducements", "place_chest", "place_pad", "place_trap", "starters"})


def move_words(prompt: dict, action: str) -> str:
    """A move as the table reads it (the computer's, whose players the coaches move by it):
    the question with its answer, "who opens chest 3? P2 #4", since an answer alone
    ("P2 #4") does not say what he did; the answer alone where it says it all ("block")."""
    answer = option_label(prompt, action)
    if prompt.get("kind") == "inducements" and answer == "done":
        return "no more inducements"
    if prompt.get("kind") == "end_zone":  # "your end zone? left" would speak to the reader
        return f"end zone {answer}"
    if prompt.get("kind") in SAID_BY_THE_ANSWER:
        return answer
    return f"{prompt.get('text', '')} {answer}".strip()


def roll_off_dice(e: dict) -> str:
    """ "P1 rolled 6, P2 rolled 2"."""
    dice = list(e.get("dice") or [0, 0])
    return f"P1 rolled {dice[0]}, P2 rolled {dice[1]}"


def roll_off_words(e: dict) -> str:
    """The roll-off as the rulebook has it ("roll a d6 to determine who chooses which end zone"):
    "P1 rolled 6, P2 rolled 2: P1 chooses the end zone"; a tie: "..., a tie: roll again"."""
    winner = e.get("winner")
    return roll_off_dice(e) + (
        f": {winner.upper()} chooses the end zone" if winner else ", a tie: roll again"
    )


TREAT = {
    "apothecary": "use the apothecary",
    "regenerate": "roll Regeneration",
    "igor": "Igor: roll it again",
    "accept": "accept it",
    "keep first": "keep first roll",
    "keep second": "keep second roll",
}


def roll_results(events: list[dict]) -> list[dict]:
    """Each roll or reveal among the events: {"what", "dice", "result"}, in order."""
    out = []
    for e in events:
        kind = e.get("event")
        dice = e.get("dice") or []
        if kind == "roll_off":
            result = "TIE: AGAIN" if e["winner"] is None else f"{e['winner'].upper()} CHOOSES"
            out.append(
                {
                    "what": f"P1 rolled {dice[0]}, P2 rolled {dice[1]}",
                    "dice": dice,
                    "result": result,
                    "words": roll_off_words(e),
                }
            )
        elif kind == "armour":
            out.append(
                {
                    "what": f"armour {who(e['player'])} AV{e['av']}",
                    "dice": dice,
                    "result": "BROKEN" if e["broken"] else "HOLDS",
                }
            )
        elif kind == "injury":
            result = {"ko": "KO", "casualty": "CASUALTY"}.get(e["result"], "STUNNED")
            out.append({"what": f"injury {who(e['player'])}", "dice": dice, "result": result})
        elif kind == "casualty":
            out.append(
                {
                    "what": f"{'apothecary' if e['apothecary'] else 'casualty'} {who(e['player'])}",
                    "dice": dice,
                    "result": e["result"].upper(),
                }
            )
        elif kind == "regeneration":
            out.append(
                {
                    "what": f"regenerate {who(e['player'])}",
                    "dice": dice,
                    "result": "TO KO BOX" if e["success"] else "FAILS",
                }
            )
        elif kind == "teleported":
            out.append(
                {
                    "what": f"teleport {who(e['player'])} pad {e['from']}",
                    "dice": dice,
                    "result": f"TO PAD {e['to']}",
                }
            )
        elif kind == "lost_in_space":
            out.append(
                {
                    "what": f"teleport {who(e['player'])} pad {e['pad']}",
                    "dice": dice,
                    "result": "LOST IN SPACE",
                }
            )
        elif kind == "trap":
            out.append(
                {
                    "what": f"trap {e['trap']}: {who(e['player'])}",
                    "dice": dice,
                    "result": {"fake": "FAKE", "pit": "PIT!", "spiked": "SPIKED PIT!"}[e["face"]],
                }
            )
        elif kind == "trap_again":
            out.append(
                {
                    "what": f"flipped trap {e['trap']}: {who(e['player'])}",
                    "dice": [],
                    "result": e["face"].upper(),
                }
            )
        elif kind == "scatter":
            out.append({"what": "ball scatters", "dice": dice, "result": e["direction"].upper()})
        elif kind == "chest_opened":
            out.append(
                {
                    "what": f"chest {e['chest']}: {who(e['player'])}",
                    "dice": [],
                    "result": "THE BALL!" if e["content"] == "ball" else "BOOM!",
                }
            )
    return out


def short(r: dict) -> str:
    """One earlier roll in a line: ``armour P2 #4 AV8 4+5 BROKEN``."""
    return shorter(r)[0]


def shorter(r: dict) -> list[str]:
    """One earlier roll in a line, then shorter forms of it for the panel's width: without
    "armour" (``AV8`` says it), without the dice (the result says what they meant: ``trap 6:
    P1 #10 SPIKED PIT!``), without the result's "!"."""
    if r.get("words"):  # said whole in words (the roll-off)
        return [r["words"], r["what"] + ": " + r["result"].lower()]
    dice = "+".join(map(str, r["dice"]))
    out = [" ".join(x for x in (r["what"], dice, r["result"]) if x)]
    if r["what"].startswith("armour "):
        out.append(out[-1].removeprefix("armour "))
    if dice:
        out.append(" ".join(x for x in (r["what"].removeprefix("armour "), r["result"]) if x))
    if out[-1].endswith("!"):
        out.append(out[-1].rstrip("!"))
    return out
