"""A throw's duel and where everything goes afterwards.

Thrower's power: THR (COU on a counter-attack) + intensity card (+6 for SUPERSHOT against a
catch) - 1 against a target in the defensive zone (+1 per group supporter, abilities, mascot
and coach cards when those advanced rules are on). Target's power: BLO, DOD or CTH + card.

The thrower wins when stronger: the target is out, the thrown ball and the target's balls go
to the target's strays. Otherwise the action decides:

=========  =====================================  ==========================================
action     tie                                    target stronger
=========  =====================================  ==========================================
block      not out; ball to the THROWER's strays  not out; ball to the target's strays
dodge      target out (balls to target's strays)  not out; ball to the target's strays
catch      target out (balls to target's strays)  caught: the target holds the ball, the
                                                  thrower is out (other ball to thrower's
                                                  strays), first out of the target's team
                                                  returns to defence, safe this turn
=========  =====================================  ==========================================
"""

from __future__ import annotations

from companion.engine.steps import StepMachine
from companion.games.dodgeball.power import ACTION_ATTR, Context, Power, attribute, card_value, extra_terms
from companion.games.dodgeball.state import DEF, OUT, Coach, DodgeState, Duel
from companion.games.dodgeball.text import result_text
from companion.games.dodgeball.turns import offer_counter


def throw_powers(g, s: DodgeState, d: Duel, picks: dict[str, str]) -> tuple[Power, Power]:
    me, them = s.coach(d.attacker), s.owner(d.target)
    ctx = Context(d.kind, them.zone[d.target], d.action, d.thrower)
    attack = attribute(g, s, me, d.thrower, "COU" if d.kind == "counter" else "THR", ctx)
    if d.supporters:
        attack.terms.append(("group", g.pack.rules.group_bonus * len(d.supporters)))
    attack.terms += extra_terms(g, me, d.thrower, attack.attr, ctx, d.active.get(me.id, []), s)
    attack.terms.append((picks[me.id], card_value(g, s, me, picks[me.id], d.thrower, ctx, attacking=True)))
    if ctx.target_zone == DEF and g.pack.rules.defense_penalty:
        attack.terms.append(("defensive zone", -g.pack.rules.defense_penalty))
    dctx = Context("defend", ctx.target_zone, d.action)
    defence = attribute(g, s, them, d.target, ACTION_ATTR[d.action], dctx)
    defence.terms += extra_terms(g, them, d.target, defence.attr, ctx, d.active.get(them.id, []), s)
    defence.terms.append(
        (picks[them.id], card_value(g, s, them, picks[them.id], d.target, dctx, attacking=False))
    )
    for power in (attack, defence):
        power.terms = [t for t in power.terms if t[1]] or power.terms[-1:]  # keep the card shown
    return attack, defence


def eliminate(s: DodgeState, coach: Coach, player: str) -> int:
    """Out: to the sidelines in order; the balls held become the coach's strays. Returns them."""
    held = coach.balls.get(player, 0)
    coach.strays += held
    coach.balls[player] = 0
    coach.zone[player] = OUT
    coach.out.append(player)
    if player in coach.protected:
        coach.protected.remove(player)
    return held


def resolve(g, s: DodgeState, d: Duel, attack: Power, defence: Power, ev: list[dict]) -> None:
    me, them = s.coach(d.attacker), s.owner(d.target)
    a, t = attack.total, defence.total
    st = s.stats
    outcome = {
        "event": "outcome",
        "thrower": d.thrower,
        "target": d.target,
        "action": d.action,
        "thrower_power": a,
        "target_power": t,
    }
    if a > t:
        result = "hit"
    elif d.action == "block":
        result = "blocked_tie" if a == t else "blocked"
    elif d.action == "dodge":
        result = "hit" if a == t else "dodged"
    else:
        result = "hit" if a == t else "caught"
    outcome["result"] = result
    outcome["tie"] = a == t
    if result == "hit":
        them.strays += 1 + eliminate(s, them, d.target)
        outcome["ball_to"] = them.id
        outcome["out"] = [d.target]
        st["hits"] = st.get("hits", 0) + 1
    elif result == "blocked_tie":
        me.strays += 1
        outcome["ball_to"] = me.id
        st["block_ties"] = st.get("block_ties", 0) + 1
    elif result in ("blocked", "dodged"):
        them.strays += 1
        outcome["ball_to"] = them.id
        st[result] = st.get(result, 0) + 1
    else:
        them.balls[d.target] = 1
        outcome["ball_to"] = d.target
        outcome["out"] = [d.thrower]
        eliminate(s, me, d.thrower)
        st["catches"] = st.get("catches", 0) + 1
        if them.out:
            back = them.out.pop(0)
            them.zone[back] = DEF
            them.protected.append(back)
            outcome["back"] = back
            st["revived"] = st.get("revived", 0) + 1
    outcome["text"] = f"{attack.arithmetic()} vs {defence.arithmetic()}: {result_text(outcome, me.id)}"
    ev.append(outcome)
    s.last = {
        "kind": d.kind,
        "thrower_id": d.thrower,
        "target_id": d.target,
        "action": d.action,
        "result": result,
        "thrower": attack.as_dict(),
        "target": defence.as_dict(),
        "out": outcome.get("out", []),
        "back": outcome.get("back", ""),
        "ball_to": outcome["ball_to"],
    }
    s.duels.append({"turn": s.turn, "attacker": me.id, **s.last, "text": outcome["text"]})
    s.duel = None
    for coach in s.coaches:
        if not coach.on_court():
            s.over, s.winner = True, s.other(coach.id).id
            StepMachine.goto(s, "over")
            ev.append({"event": "game_over", "winner": s.winner})
            return
    if d.kind == "throw":
        offer_counter(g, s, ev)
