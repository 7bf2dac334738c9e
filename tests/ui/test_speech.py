"""The table aloud, through the real app: what the page's live regions are handed as a match is played,
the query keys, the mirror of the hand and its presses, and the game log."""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pygame
import pytest

from hearts import page
from hearts.announce import Announcement, card_name, card_title, trick_story
from hearts.bots.hints import suggest_pass, suggest_play
from hearts.engine import Phase, Play, Seat
from hearts.storage import Settings
from hearts.ui.routes import NewMatch
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.howto import HowToScene
from hearts.ui.speaker import Message
from hearts.ui.transcript import run

from .driver import Driver


def listening(driver: Driver) -> list[Message]:
    heard: list[Message] = []
    driver.app.ctx.speaker.listeners.append(heard.append)
    return heard


def at_a_match(seed: int = 4, size: tuple[int, int] = (1280, 720), **settings: object) -> Driver:
    driver = Driver(size, settings=replace(Settings(), **settings))  # type: ignore[arg-type]
    driver.app.open(NewMatch(seed))  # (at the settings' level: Normal unless they say otherwise)
    driver.settle()
    return driver


def kinds(heard: list[Message]) -> list[str]:
    return [part.kind for message in heard for part in message.parts]


def test_a_hand_played_by_taps_announces_every_card_every_trick_and_the_scores() -> None:
    driver = at_a_match()
    heard = listening(driver)
    driver.play_match_by_taps(driver.click, hands=1)
    said = kinds(heard)
    assert said.count("card") == 52
    assert said.count("trick") == 13
    assert said.count("scores") == 1
    # Your turn is said once for each of your cards but the last, which plays itself (the pass's turn
    # was said before the test listened).
    assert said.count("turn") == 12
    texts = [part.text for message in heard for part in message.parts]
    assert all(texts), "an empty announcement"
    assert all("♠" not in text and "♥" not in text for text in texts), "a suit symbol read aloud"


def test_the_sentences_said_in_one_frame_go_to_the_page_as_one_message() -> None:
    driver = at_a_match()
    speaker = driver.app.ctx.speaker
    speaker.say(Announcement(text="West plays the 7 of hearts.", kind="card"))
    speaker.say(Announcement(text="Hearts are broken.", kind="hearts"))
    message = speaker.flush()
    assert message is not None
    assert message.text == "West plays the 7 of hearts. Hearts are broken."
    assert message.priority == "polite"
    assert speaker.flush() is None
    speaker.say(
        Announcement(text="A.", kind="note"), Announcement(text="B.", priority="assertive", kind="refusal")
    )
    urgent = speaker.flush()
    assert urgent is not None and urgent.priority == "assertive"
    assert [item.text for item in speaker.history.items()][-4:] == [
        "West plays the 7 of hearts.",
        "Hearts are broken.",
        "A.",
        "B.",
    ]


def test_a_notice_said_in_a_frame_comes_before_the_rest_of_it() -> None:
    """A notice (the table brought back, a saving problem) says what the rest of the frame stands on: it is
    heard first, while the game log keeps the order things were said in."""
    driver = at_a_match()
    speaker = driver.app.ctx.speaker
    speaker.flush()
    speaker.say(Announcement(text="Your lead.", kind="turn"))
    speaker.say(Announcement(text="West plays the 7 of hearts.", kind="card"))
    speaker.say(Announcement(text="Your table is back.", priority="assertive", kind="notice"))
    message = speaker.flush()
    assert message is not None and message.priority == "assertive"
    assert message.text == "Your table is back. Your lead. West plays the 7 of hearts."
    assert [item.text for item in speaker.history.items()][-3:] == [
        "Your lead.",
        "West plays the 7 of hearts.",
        "Your table is back.",
    ]


def _to_first_play(driver: Driver) -> None:
    view = driver.table.session.view
    if view.phase is Phase.PASS:
        for card in suggest_pass(view):
            driver.click(driver.card_spot(card))
        driver.click(driver.button_spot("action"))
        driver.settle()


def test_a_refused_card_is_announced_at_once_with_its_reason() -> None:
    for seed in range(1, 40):
        driver = at_a_match(seed)
        _to_first_play(driver)
        view = driver.table.session.view
        illegal = [card for card in driver.table.hand_cards() if card not in view.legal]
        if view.to_move == view.seat and illegal:
            break
    else:
        pytest.fail("no seed gave a first turn with a card that may not be played")
    heard = listening(driver)
    driver.click(driver.card_spot(illegal[0]))
    refused = [message for message in heard if any(part.kind == "refusal" for part in message.parts)]
    assert refused and refused[-1].priority == "assertive"
    reason = driver.table.session.match.why_illegal(Play.of(view.seat, illegal[0]))
    assert reason is not None
    # The engine's reason, in its own words (its first word lower-cased inside the sentence).
    assert str(reason).rstrip(".").lower()[5:] in refused[-1].text.lower()


QUERY_KEYS = {
    pygame.K_c: "Clubs",
    pygame.K_s: "Totals",
    pygame.K_w: "Your turn",
    pygame.K_p: "pass",
    pygame.K_o: "out",
}


@pytest.mark.parametrize(("key", "word"), QUERY_KEYS.items())
def test_each_query_key_is_answered_aloud(key: int, word: str) -> None:
    driver = at_a_match()
    heard = listening(driver)
    driver.key(key)
    answers = [part for message in heard for part in message.parts if part.kind == "query"]
    assert len(answers) == 1
    assert word.lower() in answers[0].text.lower()


def test_the_trick_key_names_the_cards_on_the_table() -> None:
    driver = at_a_match()
    _to_first_play(driver)
    heard = listening(driver)
    driver.key(pygame.K_t)
    answer = [part for message in heard for part in message.parts if part.kind == "query"]
    trick = driver.table.session.view.trick
    assert len(answer) == 1
    from hearts.announce import card_name

    for card in trick.cards:
        assert card_name(card) in answer[0].text


def test_shortcuts_are_ignored_while_the_page_has_the_keyboard(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = at_a_match()
    heard = listening(driver)
    monkeypatch.setattr(page, "keys_are_ours", lambda: False)
    driver.key(pygame.K_c)
    driver.key(pygame.K_g)
    assert not any(part.kind == "query" for message in heard for part in message.parts)
    assert not isinstance(driver.scene, HowToScene)
    monkeypatch.setattr(page, "keys_are_ours", lambda: True)
    driver.key(pygame.K_c)
    assert any(part.kind == "query" for message in heard for part in message.parts)


def test_the_game_log_holds_the_last_fifty_announcements_and_reads_as_a_page() -> None:
    driver = at_a_match()
    driver.play_match_by_taps(driver.click, hands=1)
    driver.key(pygame.K_RETURN)  # the next hand
    driver.settle()
    history = driver.app.ctx.speaker.history.items()
    assert len(history) == 50
    driver.key(pygame.K_g)
    log = driver.scene
    assert isinstance(log, HowToScene) and log.title == "Game log"
    mirrored = log.mirror().dialog
    assert mirrored is not None
    assert mirrored.lines[1:] == tuple(item.text for item in history)
    driver.key(pygame.K_ESCAPE)
    assert not isinstance(driver.scene, HowToScene)


def test_the_mirror_names_the_hand_marks_what_cannot_be_played_and_follows_the_focus() -> None:
    driver = at_a_match()
    _to_first_play(driver)
    table = driver.table
    view = table.session.view
    driver.key(pygame.K_RIGHT)
    mirror = table.mirror()
    cards = table.hand_cards()
    assert [item.id for item in mirror.cards] == [card.notation for card in cards]
    assert mirror.active == cards[table.state.focus].notation  # type: ignore[index]
    for item, card in zip(mirror.cards, cards, strict=True):
        assert item.playable == (card in view.legal)
        assert item.why.startswith("can't play: ") == (card not in view.legal)
    data = json.loads(mirror.to_json())
    assert [item["name"] for item in data["hand"]["cards"]] == [card_title(card) for card in cards]
    assert {button["id"] for button in data["buttons"]} >= {"menu", "hint", "last", "fast", "sound"}


def test_a_card_pressed_in_the_mirror_is_played_as_a_tap_plays_it(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = at_a_match()
    _to_first_play(driver)
    table = driver.table
    view = table.session.view
    card = sorted(view.legal)[0]
    presses = [page.Press("card", card.notation)]
    monkeypatch.setattr(page, "presses", lambda: [presses.pop()] if presses else [])
    moves = table.session.match.move_count
    driver.step()
    assert table.session.match.move_count > moves
    assert card not in table.session.view.hand


def test_with_tap_then_confirm_a_card_pressed_in_the_mirror_is_lifted_marked_and_enter_plays_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A screen reader's click on a card lifts it, marks it chosen in the mirror and takes the keyboard's
    focus with it: Enter then plays that card (it lifted the card the focus had been on instead)."""
    driver = at_a_match(pace="quick")
    _to_first_play(driver)
    table = driver.table
    while len(table.session.view.legal) < 2:
        driver.move_by_taps()
        driver.settle()
    driver.app.ctx.save_settings(replace(driver.app.ctx.settings, confirm_taps=True))
    driver.key(pygame.K_HOME)  # the keyboard's focus on the first card
    cards = table.hand_cards()
    card = next(card for card in reversed(cards) if card in table.session.view.legal and card != cards[0])
    presses = [page.Press("card", card.notation)]
    monkeypatch.setattr(page, "presses", lambda: [presses.pop()] if presses else [])
    driver.step()
    assert table.state.raised == card and cards[table.state.focus or 0] == card
    mirror = table.mirror()
    assert mirror.active == card.notation
    assert [item.id for item in mirror.cards if item.chosen] == [card.notation]
    assert json.loads(mirror.to_json())["hand"]["cards"][cards.index(card)]["chosen"] is True
    driver.key(pygame.K_RETURN)
    plays = [move for move in table.session.match.moves if isinstance(move, Play) and move.seat is Seat.SOUTH]
    assert plays[-1].card == card


def test_a_button_pressed_in_the_mirror_is_pressed(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = at_a_match()
    presses = [page.Press("button", "menu")]
    monkeypatch.setattr(page, "presses", lambda: [presses.pop()] if presses else [])
    driver.step()
    assert isinstance(driver.scene, Dialog)
    mirrored = driver.scene.mirror().dialog
    assert mirrored is not None and mirrored.choices[0].id == "0"
    presses.append(page.Press("choice", "0"))
    driver.step()
    assert not isinstance(driver.scene, Dialog)


def test_the_transcript_plays_by_keys_and_announces_every_card_and_trick() -> None:
    out = io.StringIO()
    summary = run(5, 2, verbosity="brief", size=(1280, 720), out=out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[-1] == summary
    assert summary["hands"] == 2
    assert summary["cards_announced"] == 104
    assert summary["tricks_announced"] == 26
    assert summary["scores_announced"] == 2
    assert summary["refusals_announced"] == 2
    assert summary["brief_within_limit"] is True
    assert all(set(line) == {"priority", "text"} for line in lines[:-1])
    assert {line["priority"] for line in lines[:-1]} == {"polite", "assertive"}


def notes_said(heard: list[Message]) -> list[str]:
    return [part.text for message in heard for part in message.parts if part.kind == "note"]


def test_a_dialog_is_read_as_it_opens_naming_enter_only_to_a_keyboard_player() -> None:
    driver = at_a_match()
    _to_first_play(driver)
    heard = listening(driver)
    driver.click(driver.button_spot("menu"))
    assert notes_said(heard)[-1] == "Menu."
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)  # by key this time
    assert notes_said(heard)[-1] == "Menu. Enter: Back to the table."


def test_the_last_trick_is_read_aloud_and_mirrored_line_by_line() -> None:
    driver = at_a_match()
    _to_first_play(driver)
    table = driver.table
    while not table.session.view.tricks:  # play on to the first trick's end
        driver.click(driver.card_spot(suggest_play(table.session.view)))
        driver.settle()
    trick = table.session.view.tricks[-1]
    heard = listening(driver)
    driver.key(pygame.K_l)
    said = notes_said(heard)[-1]
    for _, card in trick.plays:
        assert card_name(card) in said
    dialog = driver.scene.mirror().dialog
    assert dialog is not None and dialog.lines == trick_story(trick, jack_counts=False)
    assert [choice.label for choice in dialog.choices] == ["Close", "Game log"], "one Close, not two"
    driver.key(pygame.K_ESCAPE)
    turn = [part for message in heard[-1:] for part in message.parts]
    assert turn and turn[-1].kind in ("turn", "query"), "back at the table: whose turn it is"


def test_a_query_under_a_dialog_is_answered_by_the_table() -> None:
    driver = at_a_match()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, Dialog)
    heard = listening(driver)
    driver.key(pygame.K_c)
    answers = [part.text for message in heard for part in message.parts if part.kind == "query"]
    assert len(answers) == 1 and answers[0].startswith("Clubs")


def test_the_menu_and_options_are_mirrored_and_pressed_from_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = Driver((1280, 720))
    mirrored = driver.scene.mirror()
    assert mirrored is not None and mirrored.dialog is not None
    labels = [choice.label for choice in mirrored.dialog.choices]
    assert labels[0] == "New match" and "Options" in labels
    presses = [page.Press("choice", "options")]
    monkeypatch.setattr(page, "presses", lambda: [presses.pop()] if presses else [])
    driver.step()
    options = driver.scene.mirror()
    assert options is not None and options.dialog is not None and options.dialog.title == "Options"
    named = [choice.label for choice in options.dialog.choices]
    assert "Difficulty: Normal, chosen" in named and "Difficulty: Hard" in named
    presses.append(page.Press("choice", "difficulty:2"))
    driver.step()
    assert driver.app.ctx.settings.difficulty == "hard"


def test_the_mirror_is_built_again_exactly_when_the_table_changes() -> None:
    driver = at_a_match()
    _to_first_play(driver)
    table = driver.table
    first = table.mirror()
    assert table.mirror() is first, "nothing changed: the same mirror"
    driver.key(pygame.K_RIGHT)
    moved = table.mirror()
    assert moved is not first and moved.active != first.active
    driver.key(pygame.K_m)  # sound off: the button's name changes
    assert table.mirror().buttons != moved.buttons


def test_the_cards_you_were_given_are_named_once_they_have_landed() -> None:
    driver = at_a_match()
    table = driver.table
    view = table.session.view
    assert view.phase is Phase.PASS
    for card in suggest_pass(view):
        driver.click(driver.card_spot(card))
    heard = listening(driver)
    driver.click(driver.button_spot("action"))
    kinds_now = kinds(heard)
    assert "pass" in kinds_now and "received" not in kinds_now, "said before the cards crossed"
    while table.motion.current is not None and table.motion.current.kind == "exchange":
        assert "received" not in kinds(heard)
        driver.step()
    assert kinds(heard).count("received") == 1


@pytest.mark.parametrize("verbosity", ["brief", "full"])
def test_the_lesson_says_what_it_is_as_it_deals_not_a_match_s_hand_and_target(verbosity: str) -> None:
    """The lesson is one hand with no target: its deal is said in its own words (a match's "Hand 1,
    passing left." and, in full, "Playing to 100." are not), as its drawn header already does."""
    driver = Driver((390, 844), settings=replace(Settings(pace="quick"), verbosity=verbosity))
    heard = listening(driver)
    driver.click(driver.button_spot("learn"))
    for _ in range(600):
        driver.step()
        if any(part.kind == "deal" for message in heard for part in message.parts):
            break
        if driver.table.note is not None:  # the aim is read first: tap it away
            driver.click(driver.table.note_box().center)
    deal = [part.text for message in heard for part in message.parts if part.kind == "deal"]
    assert deal == ["Learn to play: one hand, passing left."]
    spoken = " ".join(part.text for message in heard for part in message.parts)
    assert "Hand 1" not in spoken and "Playing to" not in spoken
