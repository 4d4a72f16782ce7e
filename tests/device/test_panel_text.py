"""What the panel says, on its own: option errors in a person's words, missing hardware in one
line, undo refusals, and texts cut to the panel's four lines at a word."""

from companion.device.panel_text import (
    fits_the_panel,
    fitted,
    for_the_panel,
    missing_notice,
    missing_parts,
    title,
    undo_refusal,
)


def test_an_option_error_names_the_seat_or_the_option_not_the_key_path():
    assert (
        for_the_panel("options.seats.p2: 'robot' is not a computer player")
        == "P2: 'robot' is not a computer player"
    )
    assert for_the_panel("options.solo_level: must be I to VI") == "solo level: must be I to VI"
    assert for_the_panel("options.solo: solo is I to VI") == "solo is I to VI"  # named once
    assert for_the_panel("the pack is broken") == "the pack is broken"


def test_missing_hardware_is_one_line_on_the_menu_and_every_name_in_about():
    notes = ["no camera: no picamera2", "no serial link: /dev/serial0 missing"]
    assert missing_parts(notes) == ["camera", "serial link"]
    assert missing_notice(notes) == "no camera (+1 more)"
    assert missing_notice([]) is None


def test_undo_refusals_read_as_sentences_and_dice_name_their_fix():
    assert undo_refusal("nothing to undo") == "Nothing to undo."
    assert undo_refusal("the dice have answered it: correct the dice instead").endswith("Correct last dice.")


def test_a_long_text_is_cut_at_a_word_to_fit_the_panel():
    text = fitted("Not taken: ", ["the lid is not in view " * 4, "and more"], " OK: again.")
    assert fits_the_panel(text) and text.startswith("Not taken: the lid") and text.endswith(" OK: again.")


def test_a_game_no_longer_registered_is_named_by_its_id():
    assert title("dungeon-ball") == "Dungeon Ball" and title("no-such-game") == "no-such-game"
