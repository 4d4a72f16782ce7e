"""``fits`` (the play list's yes or no, asked of a whole board) agrees with the rules' checks
(which say why not) for every card, board and day of random games' turns; the plays listed are
exactly the plays ``refusal`` allows, once each, in the order of the pack's cards, the seats and
the week; and where a card in hand may go, ``refusal`` gives its check's reason (the idle cards'
reasons ask the check alone)."""

from __future__ import annotations

from collections import Counter

from companion.engine.registry import get_game
from companion.games.dungeon_days import hand, rules
from companion.games.dungeon_days.fits import fits
from companion.games.dungeon_days.pack import KINDS
from tests.conformance.harness import play

ENGINE = get_game("dungeon-days").load_engine()


def each_turn(compare) -> None:
    """``compare(state, prompt)`` before every turn of five random games."""

    def turn(s, prompt, action, events, after):
        if prompt.kind == "turn":
            compare(s, prompt)

    for seed in range(1, 6):
        play(get_game("dungeon-days"), ENGINE, seed, policy="random", after=turn)


def test_fits_gives_the_checks_verdicts_and_the_plays_listed_are_the_plays_refusal_allows():
    pack = ENGINE.pack
    verdicts: Counter = Counter()

    def compare(s, prompt):
        me = s.actor()
        every = set()
        for x in s.seats:
            for kind in KINDS:
                if kind == "transformation":
                    continue
                fitting = fits(kind)(x.board, me.board, pack.days)  # asked of the whole board
                assert fits(kind)(x.board, me.board, range(7)) == [pack.days.index(d) for d in fitting]
                for d, day in enumerate(pack.days):
                    words = [me.id, "play", kind, x.id, day]
                    checked = (
                        rules.CHECKS.get(kind, rules.check_room)(pack, s, kind, x.board, d, words) is None
                    )
                    assert (day in fitting) == checked, (words, x.board)
                    verdicts[checked] += 1
            for d, day in enumerate(pack.days):
                for kind in set(me.hand):
                    words = [me.id, "play", kind, x.id, day]
                    if kind == "transformation":
                        every.update(rules._transformations(pack, s, words))
                        continue
                    refused = rules.refusal(pack, s, words)
                    if refused is None:
                        every.add(" ".join(words))
                    mine = x.id == me.id
                    if (kind in rules.OWN and not mine) or (kind in rules.OTHERS and mine):
                        continue
                    # where a card in hand may go, refusal's reason is its check's (hand.why_not asks the check)
                    check = rules.CHECKS.get(kind, rules.check_room)
                    assert check(pack, s, kind, x.board, d, words) == refused, words
        listed = rules.legal_plays(pack, s)
        assert set(listed) == every and len(listed) == len(every)
        assert listed == sorted(listed, key=placed), listed  # a stable sort: already in order

    kinds = list(pack.cards)

    def placed(line: str) -> tuple[int, int, int]:
        w = line.split()
        return kinds.index(w[2]), int(w[3][1:]), pack.days.index(w[4])

    each_turn(compare)
    assert verdicts[True] >= 1000 and verdicts[False] >= 1000, verdicts


def test_an_idle_cards_reason_is_the_one_refusal_gives_everywhere_or_its_rule():
    """``hand.why_not`` (the idle cards' reasons on the device and the phone) against the checked
    path: ``refusal`` asked of every board the card may go on and every day."""
    pack = ENGINE.pack
    asked: Counter = Counter()

    def compare(s, prompt):
        me = s.actor()
        for kind, reason in prompt.choice["why_not"].items():
            assert reason == hand.why_not(pack, s, kind)
            if kind == "transformation":
                continue
            boards = [me.id] if kind in rules.OWN else [x.id for x in s.seats]
            if kind in rules.OTHERS:
                boards.remove(me.id)
            refusals = {
                rules.refusal(pack, s, [me.id, "play", kind, b, day])[0] for b in boards for day in pack.days
            }
            asked[len(refusals) == 1] += 1
            if len(refusals) == 1:
                assert reason == refusals.pop()
            else:
                where = "your board" if boards == [me.id] else "any board"
                assert reason == f"no day on {where} fits it: {pack.cards[kind].text}"

    each_turn(compare)
    assert asked[True] >= 10 and asked[False] >= 100, asked
