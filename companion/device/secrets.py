"""Hidden information on a shared panel: before a private prompt (a hand, a secret choice) the
panel says "pass to P2, then press OK" and draws nothing private until OK; after the private
action a neutral screen ("P2 done. Pass the device on.") hides it again. Otherwise the panel
shows what every seat may see."""
from __future__ import annotations


class Secrets:
    """The pass-it-on and the neutral screens (mixed into DeviceApp: ``session``, ``web``,
    ``interstitial`` and ``correcting`` are the app's)."""

    shown_to: tuple[int, str] | None        # (action number, seat) a private prompt was passed to
    hidden_after: str | None                # the seat whose private action was just taken

    def viewer(self) -> str | None:
        """Whose secrets the panel may draw: the actor of a private prompt once it has been
        passed to them; else the game's own choice (``engine.table_viewer``), else the only
        human seat when there is one, else no one's (a spectator's view)."""
        s = self.session
        if s.engine.is_over(s.state):
            return None
        prompt = s.prompt()
        if (prompt.private or prompt.shows_hand) and not s.is_computer(prompt.actor):
            passed = self.shown_to == (len(s.actions), prompt.actor)
            return prompt.actor if passed else None     # not before it is in their hands
        hook = getattr(s.engine, "table_viewer", None)
        if hook is not None:
            return hook(s.state, prompt)
        humans = [seat for seat in s.engine.summary(s.state).get("players", []) if not s.is_computer(seat)]
        return humans[0] if len(humans) == 1 else None

    def awaiting_pass(self) -> str | None:
        """The seat a private prompt waits to be passed to (OK not yet pressed), or None."""
        s = self.session
        if not s.active or s.engine.is_over(s.state) or self.correcting is not None:
            return None
        prompt = s.prompt()
        if not (prompt.private or prompt.shows_hand) or s.is_computer(prompt.actor):
            return None
        return None if self.shown_to == (len(s.actions), prompt.actor) else prompt.actor

    def private_screen(self, notice) -> dict | None:
        """The pass-it-on screen before a private prompt, or the neutral one after it."""
        seat = self.awaiting_pass()
        if seat is not None and self.interstitial is None:
            name = seat.upper()
            msg = {"title": f"Pass to {name}", "text": f"Pass the device to {name}, then press OK."}
            if self.web is not None and self.web.on_phone(seat):
                msg = {"title": f"{name}'s phone", "text": f"{name} chooses on the phone, or takes the device "
                                                           "and presses OK."}
            return {"game": None, "screen": "pass_to", "seat": seat, "title": msg["title"], "text": msg["text"],
                    "message": msg, "notice": notice}
        if self.hidden_after is not None:
            name = self.hidden_after.upper()
            return {"game": None, "screen": "message", "notice": notice,
                    "message": {"title": f"{name} done", "text": "Pass the device on, then press OK."}}
        return None

    def pass_press(self, button: str) -> None:
        """On the pass-it-on screen: OK once the device is in the right hands."""
        if button == "ok":
            self.shown_to = (len(self.session.actions), self.awaiting_pass())

    def hidden_press(self, button: str) -> None:
        """On the neutral screen after a private action: OK once the device has been passed on."""
        if button == "ok":
            self.hidden_after = None

    def after_private(self, prompt) -> None:
        """After a person's private action, hide it: the neutral screen, unless the device
        stays with the same seat for its next private prompt (then nothing was revealed)."""
        s = self.session
        if not prompt.private or s.is_computer(prompt.actor):
            return
        nxt = None if s.engine.is_over(s.state) else s.prompt()
        if nxt is not None and nxt.private and nxt.actor == prompt.actor:
            self.shown_to = (len(s.actions), prompt.actor)
        elif nxt is not None and nxt.private and not s.is_computer(nxt.actor):
            self.hidden_after = None           # the pass-it-on screen for the next seat hides it
        else:
            self.hidden_after = prompt.actor
