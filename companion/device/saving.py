"""Save, then change: when the journal cannot save an action (a full disk, a deleted file), the
panel says "cannot save: <reason>" and takes no game input until OK has retried and saved it.
A mode of the device while ``save_failure`` is set."""

from __future__ import annotations

import logging

from companion.engine.core import IllegalAction
from companion.session import SaveFailed

log = logging.getLogger(__name__)


class Saving:
    """The saving-failure mode (mixed into DeviceApp: ``session``, ``say``, ``send_error`` and
    ``show_events`` are the app's)."""

    save_failure: str | None

    def saving_model(self, notice) -> dict:
        return {
            "game": None,
            "screen": "message",
            "notice": notice,
            "message": {
                "title": "Cannot save",
                "text": f"cannot save: {self.save_failure}. Press OK to try again.",
            },
        }

    def saving_press(self, button: str) -> None:
        if button == "ok":
            self.retry_save()

    def cannot_save(self, exc: SaveFailed) -> None:
        """Nothing changed: say so, and wait for OK to try again (the session keeps the action)."""
        if exc.action is None:  # nothing waits (a refused undo): just say it
            self.say(f"cannot save: {exc.reason}"[:60])
        else:
            self.save_failure = exc.reason
        self.send_error(f"cannot save: {exc.reason}")

    def retry_save(self) -> None:
        try:
            events = self.session.retry_save()
        except SaveFailed as exc:
            self.save_failure = exc.reason
            self.say("still cannot save")
            return
        except IllegalAction as exc:  # cannot happen for a checked action; never stay stuck
            log.error("the saved action is no longer legal: %s", exc)
            events = []
        self.save_failure = None
        self.say("saved")
        self.show_events(events, False)
