"""The device's menus: main (new game, resume, settings, about), a new game's set-up, the
unfinished games to resume, Settings, and the game menu (undo, correct the dice, the phones,
leave). A mode of the device while ``menu`` is set: the menu takes the presses, and its
choice lands in ``menu_choice``."""

from __future__ import annotations

import time

from companion import __version__
from companion.device.game_setup import GameSetup
from companion.device.keys import help_items
from companion.device.panel_text import missing_parts, title, undo_refusal
from companion.engine.registry import UnknownGame, games, get_game
from companion.odds import hint
from companion.session import DICE_MODES
from companion.ui.controls import MenuController, main_menu


class Menus:
    """The menus' mode (mixed into DeviceApp: ``session``, ``web``, ``message`` and the game's
    ``start_game``, ``resume``, ``undo`` and ``correct_last_dice`` are the app's)."""

    menu: MenuController | None
    menu_kind: str

    def show_main_menu(self) -> None:
        self.menu = main_menu(can_resume=self.session.journal.unfinished() is not None)
        self.menu_kind = "main"
        self.message = None

    def open_menu(self, kind: str, title: str, items: list, back: str = "back") -> None:
        self.menu = MenuController(title, items, back_id=back)
        self.menu_kind = kind

    def menu_press(self, button: str) -> None:
        choice = self.menu.press(button)
        if choice is not None:
            self.menu_choice(choice)

    def open_game_menu(self) -> None:
        """Back, undo (when it cannot be done, the reason is its hint before it is chosen),
        correct the dice (once the table has rolled some), the phones, leave."""
        s = self.session
        why_not = s.undo_refusal() if s.active else "no game"
        undo = {"id": "undo", "label": "Undo last decision"}
        if why_not is not None:
            undo = {"id": "undo", "label": "Undo: not now", "hint": undo_refusal(why_not)}
        self.open_menu(
            "game",
            "Game",
            [
                {"id": "continue", "label": "Back to the game"},
                undo,
                *(
                    [{"id": "correct", "label": "Correct last dice"}]
                    if s.active and s.last_chance_index() is not None
                    else []
                ),
                *([{"id": "hint", "label": "Hint"}] if hint.offered(self) else []),
                *([{"id": "phones", "label": "Phones: join"}] if self.web is not None else []),
                {"id": "leave", "label": "Main menu (saved)"},
            ],
            back="continue",
        )

    def about(self) -> dict:
        """About: the version, the phones' address, then the hardware each by its name (its
        reason is in the log and in `companion doctor`): the panel's four lines."""
        lines = []
        if self.web is not None and self.web.address is not None:
            lines += ["phones at", f"{self.web.address.ip}:{self.web.address.port}"]
        missing = missing_parts(self.hardware_notes)
        if missing:
            lines.append("missing: " + ", ".join(missing))
        elif self.stand_ins:  # emulated: nothing is missing, nothing is found either
            lines.append("emulated: " + ", ".join(self.stand_ins))
        else:
            lines.append("all hardware found")
        return {"title": f"Companion {__version__}", "text": "\n".join(lines)}

    def menu_choice(self, choice: str) -> None:
        kind = self.menu_kind
        if kind == "main":
            self.main_menu_choice(choice)
            return
        if choice == "back" or kind == "help":  # Help only shows: any choice goes back
            self.show_main_menu()
            return
        if kind == "confirm-new":
            if choice == "new":
                self.open_new_game_menu()
            else:
                self.open_resume_menu()
        elif kind == "resume":
            if not self.resume(int(choice)):
                self.say("that game cannot be resumed")
                self.open_resume_menu()
        elif kind == "new":
            self.open_setup(GameSetup(get_game(choice)))
        elif kind == "setup" and choice == "start":
            self.start_game(self.setup.game.id, self.setup.header_options())
        elif kind == "setup":
            self.setup.cycle(choice)
            self.reopen(lambda: self.open_setup(self.setup))
        elif kind == "settings" and choice.startswith("calibrate-"):
            self.calibration_begin(choice.removeprefix("calibrate-"))
        elif kind == "settings" and choice == "hints":  # all games, solo only, none
            self.session.journal.set_setting(hint.SETTING, hint.next_mode(hint.device_mode(self)))
            self.reopen(self.open_settings)
        elif kind == "settings":
            current = self.setting("dice", DICE_MODES[0])
            nxt = (
                DICE_MODES[(DICE_MODES.index(current) + 1) % len(DICE_MODES)]
                if current in DICE_MODES
                else DICE_MODES[0]
            )
            self.session.journal.set_setting("dice", nxt)
            self.reopen(self.open_settings)
        elif kind == "web":
            self.web.answer(self, choice)
        elif kind == "game":
            self.game_menu_choice(choice)

    def main_menu_choice(self, choice: str) -> None:
        if choice == "new" and self.session.journal.unfinished() is not None:
            self.open_menu(
                "confirm-new",
                "Game unfinished",
                [
                    {"id": "resume", "label": "Resume it"},
                    {"id": "new", "label": "Start a new game"},
                    {"id": "back", "label": "Back"},
                ],
            )
        elif choice == "new":
            self.open_new_game_menu()
        elif choice == "resume":
            self.open_resume_menu()
        elif choice == "settings":
            self.open_settings()
        elif choice == "about":
            self.message = self.about()
        elif choice == "help":
            self.open_menu("help", "Help: buttons", help_items())

    def game_menu_choice(self, choice: str) -> None:
        self.menu = None
        if choice == "phones":
            self.web.join_page = 0
        elif choice == "undo":
            self.undo()
        elif choice == "correct":
            self.correct_last_dice()
        elif choice == "hint":
            self.message = hint.panel(self.session.engine, self.session.state)
        elif choice == "leave":
            self.session.close_game()
            self.show_main_menu()
        else:
            self.start_prompt()

    def reopen(self, opener) -> None:
        """Open a menu again after a choice changed it, the cursor where it was."""
        cursor = self.menu.ui["cursor"]
        opener()
        self.menu.ui["cursor"] = cursor

    def open_new_game_menu(self) -> None:
        """Every registered game by title, the configured default first; its description is the
        hint under the list."""
        from companion.device.config import default_game_id

        listed = games()
        first = self.default_game or default_game_id([g.id for g in listed])
        listed.sort(key=lambda g: g.id != first)
        self.open_menu(
            "new", "New game", [{"id": g.id, "label": g.title, "hint": g.description[:80]} for g in listed]
        )

    def open_setup(self, setup: GameSetup) -> None:
        """Players, each seat human or computer, the game's options, then Start."""
        self.setup = setup
        self.open_menu("setup", setup.game.title, setup.items())

    def open_resume_menu(self) -> None:
        """Every unfinished game, newest first; with only one, resume it at once."""
        unfinished = self.session.journal.unfinished_games()
        if not unfinished:
            self.say("no game to resume")
            self.show_main_menu()
            return
        if len(unfinished) == 1:
            if not self.resume(unfinished[0]["id"]):
                self.show_main_menu()
            return
        self.open_menu(
            "resume",
            "Resume",
            [
                {
                    "id": str(g["id"]),
                    "label": f"#{g['id']} {title(g['game'])}",
                    "hint": f"{time.strftime('%a %H:%M', time.localtime(g['started']))}, {g['actions']} moves",
                }
                for g in unfinished
            ],
        )

    def settings_game(self):
        """The game Settings calibrates for: the one in progress, else the configured default,
        else the device configuration's ``[game] default``, else the first registered game."""
        game_id = self.session.header.game if self.session.active else self.default_game
        if game_id is None:
            from companion.device.config import default_game_id

            game_id = default_game_id([g.id for g in games()])
            if not game_id:
                return None
        try:
            return get_game(game_id)
        except UnknownGame:
            return None

    def open_settings(self) -> None:
        dice = self.setting("dice", self.session.dice_mode)
        camera = self.camera_dice is not None
        game = self.settings_game()
        kinds = game.die_kinds if game is not None else ()
        items = [{"id": "dice", "label": f"Dice: {dice}"}]
        if not camera:  # why the items under it are greyed out
            items[0]["hint"] = "No camera found: the greyed items need one."
        items += [
            {
                "id": f"calibrate-{k.name}",
                "label": f"Calibrate {k.name}",
                "enabled": camera,
            }  # a row: 18 characters
            for k in kinds
            if k.reader == "icons"
        ]
        if any(k.reader == "toss" for k in kinds):
            items.append({"id": "calibrate-lid", "label": "Calibrate the lid", "enabled": camera})
        items.append({"id": "calibrate-look", "label": "Camera check", "enabled": camera})
        items.append(
            {
                "id": "hints",
                "label": f"Hints: {hint.device_mode(self)}",
                "hint": "Hint in the game menu: all games, solo only, off",
            }
        )
        self.open_menu("settings", "Settings", items)
