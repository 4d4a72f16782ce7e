"""What happened, in words: the result screen's headline and lines from a Dungeon Ball action's
events (``engine.apply`` and the session's automatic answers).

Pure: events in, text out. ``RESULT_EVENTS`` are the events worth a result screen (a play's
outcome, a kick, a score, a turnover, the coin toss); ``describe`` turns a list of events into
one headline (the most important thing) and the lines that say the rest, in the order it
happened.
"""

from __future__ import annotations

from collections.abc import Callable

RESULT_EVENTS = frozenset(
    {
        "reveal",
        "play_result",
        "kick_result",
        "score",
        "turnover_on_downs",
        "ai_turnover",
        "hail_mary_caught",
        "hail_mary_incomplete",
        "onside_result",
        "two_point_failed",
        "coin",
        "punt",
        "kneel",
    }
)

KICKS = {"field_goal": "FIELD GOAL", "extra_point": "EXTRA PT"}
SAID_BY = {"punt": "punt", "kneel": "kneel", "hail_mary": "hail-mary"}  # event -> the choice it says
HOW = {
    "touchdown": "touchdown",
    "field_goal": "field goal",
    "extra_point": "extra point",
    "two_point": "2-pt try",
}


def _spaces(n: int) -> str:
    return f"{n} space" + ("" if n == 1 else "s")


def gain(result: dict) -> str:
    """A play's gain as the table moves the football die: "+2 blue spaces" (the spaces of the
    play's colour, as the rulebook and the AI's card count them, not the squares passed), or ""."""
    spaces = result.get("spaces")
    if spaces is None:  # an event without the count: the squares between
        spaces = abs(int(result.get("to", 0)) - int(result.get("from", 0)))
        return f"+{_spaces(spaces)}" if spaces else ""
    return f"+{spaces} {result.get('colour', '')} space{'' if spaces == 1 else 's'}" if spaces else ""


def headline(events: list[dict], name: Callable[[str], str]) -> str:
    """The most important result among ``events`` (a score over a missed kick over a
    turnover over a play's gain over the defense's guess over the coin)."""
    by = {}
    for e in events:
        by.setdefault(e.get("event"), e)
    score = by.get("score")
    if score:
        how = score.get("how")
        if how == "touchdown":
            return f"TOUCHDOWN {name(score.get('player', ''))}!"
        if how == "two_point":
            return "2-PT TRY GOOD"
        return f"{KICKS.get(how, how.upper())} GOOD"
    kick = by.get("kick_result")
    if kick and not kick.get("good"):
        return f"{KICKS.get(kick.get('kind'), 'KICK')} NO GOOD"
    if "two_point_failed" in by:
        return "2-PT TRY FAILS"
    if "turnover_on_downs" in by or "ai_turnover" in by:
        return "TURNOVER"
    if "hail_mary_incomplete" in by:
        return "INCOMPLETE"
    if "onside_result" in by:
        return "ONSIDE RECOVERED" if by["onside_result"].get("recovered") else "ONSIDE FAILS"
    if "punt" in by:
        return f"{name(by['punt'].get('player', ''))} PUNTS"
    if "kneel" in by:
        return f"{name(by['kneel'].get('player', ''))} KNEELS"
    result = by.get("play_result")
    if result:
        return gain(result).upper() or "NO GAIN"
    reveal = by.get("reveal")
    if reveal:  # whose guess: a bare "GUESSED WRONG" read to the offense as its own mistake
        who = f"{name(reveal['player'])} " if reveal.get("player") else ""
        return who + ("GUESSED RIGHT" if reveal.get("matched") else "GUESSED WRONG")
    coin = by.get("coin")
    if coin:
        return f"{name(coin.get('winner', ''))} WINS THE TOSS"
    return "RESULT"


def lines(
    events: list[dict], name: Callable[[str], str], defense_dice: dict[str, int] | None = None
) -> list[str]:
    """One short line per event that says something, in the order it happened."""
    defense_dice = defense_dice or {}
    out: list[str] = []
    colour = ""
    # a decision its own event says next ("AI punts"): the screen's four lines are few
    said_next = {SAID_BY[e["event"]] for e in events if e.get("event") in SAID_BY}
    for e in events:
        kind = e.get("event")
        who = name(e.get("player", "")) if e.get("player") else ""
        if kind == "ai_card" and e.get("text"):
            out.append(str(e["text"]))
        elif kind == "coin":
            out.append(f"Coin shows {e.get('shows', '?').upper()}: {name(e.get('winner', ''))} wins")
        elif kind == "elected":
            out.append(f"{who} starts on {e.get('side')}")
        elif kind == "play_selected":
            colour = str(e.get("colour", "")).upper()
        elif kind == "reveal":
            card = str(e.get("card", ""))
            n = defense_dice.get(card)
            said = f"Defense {str(e.get('colour', '')).upper()}" + (f" {n}" if n is not None else "")
            out.append(said + (": right!" if e.get("matched") else ": wrong"))
            if e.get("dice"):
                out.append(f"{colour + ' play' if colour else 'Play'}: roll {e['dice']} dice")
        elif kind == "play_result":
            c = str(e.get("colour", colour)).upper()
            if e.get("touchdown"):
                out.append(f"{c} play: into end zone")
            else:
                moved = gain(e)
                out.append(f"Ball {moved}" if moved else f"{c} play: no gain")
        elif kind == "clock" and e.get("from") != e.get("to"):
            out.append(f"Clock {e.get('from')} -> {e.get('to')}")
        elif kind == "final_play":
            out.append("Time is up: final play")
        elif kind == "turnover_on_downs":
            out.append(f"{who} out of downs")
        elif kind == "ai_turnover":
            out.append("AI card: turnover")
        elif kind == "hail_mary_caught":
            out.append("Hail Mary caught!")
        elif kind == "hail_mary_incomplete":
            out.append(f"Hail Mary: {e.get('balls', 0)} balls, no catch")
        elif kind == "kick_result":
            what = "Field goal" if e.get("kind") == "field_goal" else "Extra point"
            out.append(f"{what}: {'GOOD' if e.get('good') else 'NO GOOD'}")
        elif kind == "score":
            out.append(f"{who} +{e.get('points')} ({HOW.get(e.get('how'), e.get('how'))})")
        elif kind == "two_point_failed":
            out.append("2-pt try failed")
        elif kind == "onside_result":
            out.append("Onside kick " + ("recovered" if e.get("recovered") else "not recovered"))
        elif kind in ("punt", "kneel", "hail_mary"):
            out.append(
                f"{who} " + {"punt": "punts", "kneel": "kneels", "hail_mary": "throws a Hail Mary"}[kind]
            )
        elif kind == "ai_decides" and e.get("choice") not in ("run", *said_next):
            out.append(f"AI decides: {str(e.get('choice', '')).replace('-', ' ')}")
        elif kind == "drive" and any(x.get("event") in RESULT_EVENTS - {"reveal"} for x in events):
            out.append(f"{name(e.get('offense', ''))} has the ball, down 1")
    return out
