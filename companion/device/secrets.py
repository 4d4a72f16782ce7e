"""Hidden information on a shared panel: before a private prompt (a hand, a secret choice) the
panel says "pass to P2, then press OK" and draws nothing private until OK; after the private
action a neutral screen ("P2 done. Pass the device on.") hides it again. Otherwise the panel
shows what every seat may see."""

from __future__ import annotations

from companion.ui.hooks import game_hook
from companion.ui.model import build_model, pack_info


class Secrets:
    """The pass-it-on and the neutral screens (mixed into DeviceApp: ``session``, ``web``,
    ``interstitial`` and ``correcting`` are the app's)."""

    shown_to: tuple[int, str] | None  # (action number, seat) a private prompt was passed to
    hidden_after: str | None  # the seat whose private action was just taken

    def viewer(self) -> str | None:
        """Whose secrets the panel may draw: the actor of a private prompt once it has been
        passed to them; else the game's own choice (``engine.table_viewer``), else the only
        human seat when there is one, else no one's (a spectator's view)."""
        s = self.session
        if s.engine.is_over(s.state):
            return None
        prompt = s.prompt()
        if (prompt.private or prompt.shows_hand) and not s.is_computer(prompt.actor):
            passed = self.shown_to == (len(s.actions), prompt.actor) or self.alone(prompt.actor)
            return prompt.actor if passed else None  # not before it is in their hands
        hook = getattr(s.engine, "table_viewer", None)
        if hook is not None:
            return hook(s.state, prompt)
        humans = [seat for seat in s.engine.summary(s.state).get("players", []) if not s.is_computer(seat)]
        return humans[0] if len(humans) == 1 else None

    def awaiting_pass(self) -> str | None:
        """The seat a private prompt waits to be passed to (OK not yet pressed), or None (also
        when its player is the only person at the table: every other seat is the computer's).
        A seat a phone holds chooses there, every choice of it: its team or its pawn's move on
        the panel invited the person at the device to press OK for it."""
        s = self.session
        if not s.active or s.engine.is_over(s.state) or self.correcting is not None:
            return None
        prompt = s.prompt()
        if not prompt.is_chance and self.on_phone(prompt.actor) and not s.is_computer(prompt.actor):
            return prompt.actor
        if (
            not (prompt.private or prompt.shows_hand)
            or s.is_computer(prompt.actor)
            or self.alone(prompt.actor)
        ):
            return None
        return None if self.shown_to == (len(s.actions), prompt.actor) else prompt.actor

    def alone(self, seat: str) -> bool:
        """Whether ``seat``'s player is the only person at the table, on the device: nothing
        of theirs needs hiding from anyone (a phone holding it chooses there, said on the panel)."""
        s = self.session
        players = s.engine.summary(s.state).get("players", [])
        hook = getattr(s.engine, "automatic_seats", None)  # a game's own opponent (a solo AI deck)
        machines = hook(s.state) if hook is not None else set()
        return not self.on_phone(seat) and all(
            p == seat or p in machines or s.is_computer(p) for p in players
        )

    def private_screen(self, notice) -> dict | None:
        """The pass-it-on screen before a private prompt, or the neutral one after it, each
        with the game's public strip (the score in sight) and nothing of the prompt's options."""
        seat = self.awaiting_pass()
        if seat is not None and self.interstitial is None:
            name = seat.upper()
            msg = {"title": f"Pass to {name}", "text": f"Pass the device to {name}, then press OK."}
            if self.on_phone(seat):
                msg = {"title": f"{name}'s phone", "text": f"{name} chooses on the phone."}
            return {
                **self.public_model(notice),
                "screen": "pass_to",
                "seat": seat,
                "title": msg["title"],
                "text": msg["text"],
                "message": msg,
            }
        if self.hidden_after is not None:
            name = self.hidden_after.upper()
            return {
                **self.public_model(notice),
                "screen": "passed_on",
                "message": {"title": f"{name} done", "text": "Pass the device on, then press OK."},
            }
        return None

    def public_model(self, notice) -> dict:
        """What any seat may see of the game now: the summary and the spectator's view, the
        prompt without its options (a hand's cards are options)."""
        s = self.session
        model = build_model(s.engine, s.state, viewer=None, notice=notice)
        prompt = model.get("prompt") or {}
        model["prompt"] = {k: prompt[k] for k in ("actor", "kind") if k in prompt}
        return model

    def on_phone(self, seat: str) -> bool:
        """Whether a phone holds this seat: its secrets are chosen there, never on the panel."""
        return self.web is not None and self.web.on_phone(seat)

    def pass_press(self, button: str) -> None:
        """On the pass-it-on screen: OK once the device is in the right hands (never for a
        seat a phone holds: it chooses there); BACK opens the game menu."""
        seat = self.awaiting_pass()
        if button == "ok" and not self.on_phone(seat):
            self.shown_to = (len(self.session.actions), seat)
        elif button == "back":
            self.open_game_menu()

    def hidden_press(self, button: str) -> None:
        """On the neutral screen after a private action: OK once the device has been passed on."""
        if button == "ok":
            self.hidden_after = None

    def after_private(self, prompt) -> None:
        """After a person's private action, hide it: the neutral screen, unless the device
        stays with the same seat for its next private prompt (then nothing was revealed)."""
        s = self.session
        if not prompt.private or s.is_computer(prompt.actor) or self.alone(prompt.actor):
            return
        nxt = None if s.engine.is_over(s.state) else s.prompt()
        if nxt is not None and nxt.private and nxt.actor == prompt.actor:
            self.shown_to = (len(s.actions), prompt.actor)
        elif nxt is not None and nxt.private and not s.is_computer(nxt.actor):
            self.hidden_after = None  # the pass-it-on screen for the next seat hides it
        else:
            self.hidden_after = prompt.actor

    def show_dealt(self, seat: str, since: int) -> None:
        """A card the device drew for a person at their own turn, shown to them while the device
        is still in their hands (the game's ``dealt_text(action, pack)`` says it)."""
        s = self.session
        hook = game_hook(s.header.game, "dealt_text")
        if hook is None or s.is_computer(seat):
            return
        pack = pack_info(s.engine)
        said = [t for t in (hook(action, pack) for action in s.dealt_to(seat, since)) if t]
        if said:
            self.message = {"title": f"{seat.upper()}: your card", "text": " ".join(said)}
