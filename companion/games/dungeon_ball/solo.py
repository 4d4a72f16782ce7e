"""Solo Dungeon Ball: the device is the AI deck (rulebook "SOLO MODE" to "AI TEAM ICONS").

The AI is always p2 and is never asked anything: its decisions follow the cards it draws and,
where the rulebook is silent, the fixed policies below. Every draw is a chance action,
``chance draw ai-07``, over the cards left in the draw pile: drawing uniformly from what is left
is drawing from a shuffled deck, so a seeded source plays the deck, and the journal keeps each
draw, so a replayed or resumed game draws the same cards. Removing the base cards a level
takes out is a chance action too (``chance remove ai-03 ai-11 ...``).

Policies where the rulebook is silent (docs/dungeon-ball.md, "Solo mode"):
* winning the toss, the AI starts on offense; starting on defense, it takes the low end zone;
* the AI kicks by its cards (check or cross), so it chooses no kicking mode;
* it goes for two only when the extra point cannot tie or win but two points can: trailing by
  two after the touchdown, or by one on its last chance;
* it always tries an onside kick when the rules allow one;
* its final play: kneel when ahead at the end of the game; a field goal in range when three
  points tie or win (or in the first half); otherwise a Hail Mary;
* on its Hail Mary and onside-kick rolls it rerolls every die not showing a ball, once;
* "unless it could score a touchdown to win the game" applies on its last chance (the second
  drive of an overtime round): there it runs a play instead of kicking a field goal that
  cannot win, or punting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.core import DEVICE, ChanceSpec, Prompt
from companion.engine.steps import QUIET, Frame
from companion.games.dungeon_ball import flow, rolls
from companion.games.dungeon_ball.pack import AiCard
from companion.games.dungeon_ball.state import GameState

if TYPE_CHECKING:
    from companion.games.dungeon_ball.engine import DungeonBall

Events = list[dict]
AI = "p2"
HUMAN = "p1"
LEVELS: dict[str, int | tuple[str, ...]] = {
    "I": (),
    "II": ("mimic",),
    "III": ("spider",),
    "IV": ("skull",),
    "V": 2,
    "VI": ("mimic", "spider", "skull"),
}
TEAM_SETS = ("mimic", "spider", "skull")


def setup(g: DungeonBall, s: GameState, options: dict) -> None:
    """Called from new_state when the header asks for solo play."""
    if g.pack.solo is None:
        raise ValueError("options.solo: this content pack has no solo AI deck")
    level = str(options.get("level", "I")).upper()
    if level not in LEVELS:
        raise ValueError(f"options.solo.level: {level!r} is not a level; use I, II, III, IV, V or VI")
    teams = LEVELS[level]
    chosen = options.get("teams")
    if chosen is not None:
        if level != "V":
            raise ValueError("options.solo.teams: only level V lets the player choose the AI teams")
        if len(chosen) != 2 or len(set(chosen)) != 2 or any(t not in TEAM_SETS for t in chosen):
            raise ValueError(f"options.solo.teams: name two different teams of {', '.join(TEAM_SETS)}")
        teams = tuple(chosen)
    s.solo = {
        "ai": AI,
        "level": level,
        "teams": list(teams) if isinstance(teams, tuple) else [],
        "draw": [],
        "discard": [],
        "card": "",
        "then": "",
        "removed": [],
    }
    ai = s.player(AI)
    ai.team, ai.kicking, ai.momentum = "", "card", 0


# ------------------------------------------------------------------ deck set-up steps


def teams_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    opts = tuple(f"{HUMAN} ai-teams {a} {b}" for i, a in enumerate(TEAM_SETS) for b in TEAM_SETS[i + 1 :])
    return Prompt(HUMAN, "ai_teams", "level V: choose the two AI teams to shuffle in", opts)


def teams_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> None:
    s.solo["teams"] = w[2:4]
    s.step = "ai_remove"


def base_ids(g: DungeonBall) -> tuple[str, ...]:
    return tuple(c.id for c in g.pack.solo.cards if c.set == "base")


def remove_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    count = g.pack.solo.base_out_per_team * len(s.solo["teams"])
    spec = ChanceSpec("remove", base_ids(g), count, die="ai-deck", distinct=True, by=DEVICE)
    return Prompt("chance", "ai_remove", f"remove {count} random cards from the AI's base deck", chance=spec)


def remove_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> None:
    out = set(w[2:])
    teams = set(s.solo["teams"])
    s.solo["removed"] = sorted(out)
    s.solo["draw"] = [
        c.id for c in g.pack.solo.cards if (c.set == "base" and c.id not in out) or c.set in teams
    ]
    if ev is not QUIET:
        ev.append(
            {
                "event": "ai_deck",
                "level": s.solo["level"],
                "teams": sorted(teams),
                "cards": len(s.solo["draw"]),
            }
        )
    s.step = "call_coin"


def after_teams(s: GameState) -> str:
    """The step that follows the player's team choice."""
    if s.solo["level"] == "V" and not s.solo["teams"]:
        return "ai_teams"
    return "ai_remove" if s.solo["teams"] else "ai_deck"


def deck_auto(g: DungeonBall, s: GameState, ev: Events) -> None:
    """Level I: the whole base deck, nothing to remove."""
    remove_act(g, s, ["chance", "remove"], ev)


# ------------------------------------------------------------------ drawing


def draw(g: DungeonBall, s: GameState, then: str) -> None:
    s.solo["then"] = then
    s.frames[0].step = "ai_draw"  # s.step = ..., without the property


def draw_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    spec = ChanceSpec("draw", tuple(s.solo["draw"]), 1, die="ai-deck", by=DEVICE)  # the device holds the deck
    return Prompt(
        "chance", "ai_draw", f"draw the top card of the AI deck ({len(s.solo['draw'])} left)", chance=spec
    )


def draw_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> None:
    solo = s.solo
    cid = w[2]
    solo["draw"].remove(cid)
    solo["discard"].append(cid)
    solo["card"] = cid
    card = g.pack.ai_cards[cid]
    then = solo["then"]
    key = (cid, then, s.player(AI).pawn if then == "offense" else "")
    text = g.ai_texts.get(key)
    if text is None:  # the words depend on the card, its purpose and the AI's pawn only
        text = g.ai_texts[key] = describe(g, s, card, then)
    if ev is not QUIET:
        ev.append({"event": "ai_card", "card": cid, "purpose": then, "text": text})
    if not solo["draw"]:
        # [Solo] out of AI cards: shuffle the discard pile and continue.
        solo["draw"], solo["discard"] = solo["discard"], []
        if ev is not QUIET:
            ev.append({"event": "ai_reshuffle", "cards": len(solo["draw"])})
    then = solo["then"]
    solo["then"] = ""
    if then == "offense":
        ai_offense(g, s, card, ev)
    elif then == "defense":
        ai_defense(g, s, card, ev)
    else:
        flow.resolve_kick(g, s, card.kick == "good", ev)


def first_move(g: DungeonBall, card: AiCard, cell: str) -> str:
    key = (card.id, cell)
    move = g.first_moves.get(key)
    if move is None:
        moves = g.neighbours[cell]
        move = g.first_moves[key] = next(m for m in card.moves if m in moves)
    return move


def describe(g: DungeonBall, s: GameState, card: AiCard, purpose: str) -> str:
    """The drawn card in words, for the screen and the terminal."""
    if purpose == "offense":
        move = first_move(g, card, s.player(AI).pawn)
        colour = g.cell_colour[g.neighbours[s.player(AI).pawn][move]]
        spaces = card.cleat if colour == "red" else card.ball
        return f"AI: {move.upper()}, {colour} play, {spaces} {colour} space{'s' if spaces != 1 else ''}, " + (
            f"clock -{card.time}" if card.time else "no time off"
        )
    if purpose == "defense":
        d = card.defense
        text = f"AI defends {d.colour} {d.dice}"
        icon = card.icon
        if icon is not None:
            if icon.double_defense:
                text += f" and {icon.double_defense} (double defense)"
            elif icon.lose:
                text = f"AI web: lose {icon.lose} dice whatever the play"
            elif icon.turnover:
                text = "AI TURNOVER: the AI takes the ball here"
            elif icon.move_back:
                mb = icon.move_back
                text += f"; ball back {mb.spaces} {mb.colour} space{'s' if mb.spaces != 1 else ''} first"
        return text
    return "AI kick: GOOD" if card.kick == "good" else "AI kick: NO GOOD"


# ------------------------------------------------------------------ the AI on offense


def ai_offense(g: DungeonBall, s: GameState, card: AiCard, ev: Events) -> None:
    """[How to play, AI on offense] first valid move; a matching defense card stops the advance."""
    ai = s.player(AI)
    move = first_move(g, card, ai.pawn)
    ai.pawn = g.neighbours[ai.pawn][move]
    play = s.play
    play.colour = g.cell_colour[ai.pawn]
    guess = g.pack.defense_by_id[play.defense_card]
    play.revealed = True
    play.matched = guess.colour == play.colour
    if ev is not QUIET:
        ev.append({"event": "play_selected", "player": AI, "cell": ai.pawn, "colour": play.colour})
    if ev is not QUIET:
        ev.append(
            {
                "event": "reveal",
                "player": HUMAN,  # the defense, who guessed
                "card": guess.id,
                "colour": guess.colour,
                "matched": play.matched,
                "dice": 0,
            }
        )
    start = s.ball
    touchdown = False
    moved = 0  # spaces of the play's colour
    if play.matched:
        flow.gain(g, s, HUMAN, 1, "guess", ev)
    else:
        spaces = card.cleat if play.colour == "red" else card.ball
        attacking = g.attacking(s)
        for _ in range(spaces):
            s.ball, touchdown = g.field.advance(s.ball, play.colour, attacking)
            moved += 1
            if touchdown:
                break
    play.touchdown = touchdown
    if ev is not QUIET:
        ev.append(
            {
                "event": "play_result",
                "colour": play.colour,
                "met": 0 if play.matched else 1,
                "spaces": moved,
                "from": start,
                "to": s.ball,
                "touchdown": touchdown,
            }
        )
    flow.run_clock(g, s, card.time, ev)
    s.frames[0].step = "ai_resolve"  # s.step = ..., without the property
    if play.matched:
        # [Solo, ability cards] defensive cards without a whistle only after a correct guess.
        g.abilities.open_window(s, "ability", ev)


def resolve_auto(g: DungeonBall, s: GameState, ev: Events) -> None:
    """After the AI's play (and the player's card window): score, next down or turnover."""
    play = s.play
    if play.kind == "two_point":
        if play.touchdown:
            s.stats[AI]["two_points"] += 1
            flow.score(g, s, AI, g.rules.two_point_points, "two_point", ev)
        else:
            if ev is not QUIET:
                ev.append({"event": "two_point_failed", "player": AI})
        flow.after_score(g, s, AI, ev)
    elif play.touchdown:
        flow.touchdown_scored(g, s, ev)
    elif s.final_play:
        flow.end_drive(g, s, HUMAN, s.ball, ev)
    elif s.down == 4:
        s.stats[AI]["turnovers"] += 1
        if ev is not QUIET:
            ev.append({"event": "turnover_on_downs", "player": AI, "ball": s.ball})
        flow.end_drive(g, s, HUMAN, s.ball, ev)
    else:
        s.down += 1
        flow.start_down(g, s, ev)


def last_chance(s: GameState) -> bool:
    """The AI's drive ends the game: the second drive of an overtime round."""
    return bool(s.overtime) and s.ot_drives == 1


def huddle_auto(g: DungeonBall, s: GameState, ev: Events) -> None:
    """The AI's choice before a down: run, kick, punt, Hail Mary or kneel."""
    # what flow.huddle_options offers: a field goal in range, except on a two-point try
    in_range = not s.conversion and g.field.in_field_goal_range(s.ball, g.attacking(s))
    ai, opp = s.player(AI).score, s.player(HUMAN).score
    choice = "run"
    if s.final_play:
        if s.half == 2 and ai > opp:
            choice = "kneel"
        elif in_range and (s.half == 1 or ai + g.rules.field_goal_points >= opp):
            choice = "field-goal"
        else:
            choice = "hail-mary"
    elif s.down == 4 and not s.conversion:
        td_wins = last_chance(s) and ai + g.rules.field_goal_points <= opp
        if td_wins:
            choice = "run"
        elif in_range:
            choice = "field-goal"
        else:
            choice = "punt"
    if choice == "run":
        flow.huddle_auto(g, s, ev)
    else:
        if ev is not QUIET:
            ev.append({"event": "ai_decides", "choice": choice})
        flow.huddle_act(g, s, [AI, choice], ev)


def conversion_auto(g: DungeonBall, s: GameState, ev: Events) -> None:
    behind = s.player(HUMAN).score - s.player(AI).score
    last = s.final_play or last_chance(s)
    choice = "two-point" if behind == 2 or (behind == 1 and last) else "extra-point"
    if ev is not QUIET:
        ev.append({"event": "ai_decides", "choice": choice})
    flow.conversion_act(g, s, [AI, choice], ev)


def keep_auto(g: DungeonBall, s: GameState, ev: Events) -> None:
    """The AI rerolls every die not showing a ball, once."""
    icons = g.face_icons
    reroll = [str(i + 1) for i in rolls.rerollable(s.play) if "ball" not in icons[s.play.dice[i]]]
    words = [AI, "reroll", *reroll] if reroll else [AI, "stop"]
    flow.keep_act(g, s, words, ev)


# ------------------------------------------------------------------ the AI on defense


def ai_defense(g: DungeonBall, s: GameState, card: AiCard, ev: Events) -> None:
    """[How to play, player on offense] the AI card's defense and team icon, before the roll."""
    play = s.play
    icon = card.icon
    r = g.rules
    if icon is not None and icon.turnover:
        # [AI team icons, Turnover] the AI is now on offense from the ball; no roll.
        if ev is not QUIET:
            ev.append({"event": "ai_turnover", "ball": s.ball})
        s.stats[HUMAN]["turnovers"] += 1
        if play.kind == "two_point":
            if ev is not QUIET:
                ev.append({"event": "two_point_failed", "player": HUMAN})
            flow.after_score(g, s, HUMAN, ev)
        else:
            flow.end_drive(g, s, AI, s.ball, ev)
        return
    if icon is not None and icon.move_back:
        mb = icon.move_back
        before = s.ball
        s.ball = g.field.move_back_colour(s.ball, mb.colour, mb.spaces, g.attacking(s))
        if ev is not QUIET:
            ev.append({"event": "ball_moved_back", "from": before, "to": s.ball})
    d = card.defense
    if icon is not None and icon.lose:
        count = r.base_dice - icon.lose
        play.matched = False
    else:
        colours = {d.colour} | ({icon.double_defense} if icon is not None and icon.double_defense else set())
        play.matched = play.colour in colours
        count = r.base_dice + (-d.dice if play.matched else d.dice)
    count += s.mods.extra_dice - s.mods.fewer_dice
    count = max(r.min_dice, min(r.max_dice, count))
    play.revealed = True
    if ev is not QUIET:
        ev.append(
            {
                "event": "reveal",
                "player": AI,  # the defense, who guessed
                "card": card.id,
                "colour": d.colour,
                "matched": play.matched,
                "dice": count,
            }
        )
    rolls.new_pool(play, count)
    s.frames[0].step = "roll"  # s.step = ..., without the property
