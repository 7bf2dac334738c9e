"""Learn to play, driven by real events: following the suggestions, ignoring them, and trying cards the
rules refuse. Every note appears once, in the lesson's order; the hand ends with the summary; nothing is
saved."""

from __future__ import annotations

import pygame
import pytest

from hearts.announce import card_name
from hearts.bots.hints import suggest_pass, suggest_play
from hearts.deals import deal_for
from hearts.engine import (
    QUEEN_OF_SPADES,
    STANDARD,
    TWO_OF_CLUBS,
    Card,
    CardSet,
    Match,
    PassDirection,
    Phase,
    Play,
    Seat,
    Suit,
)
from hearts.lesson import LESSON_DEAL, ORDER, lesson_play, lesson_reason
from hearts.storage import MemoryBackend, Settings, Stats, Store
from hearts.ui.modes import LessonMode
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.menu import MenuScene
from hearts.ui.scenes.table import TableScene
from hearts.ui.session import Session

from ..test_lesson import moon_advice_broken
from .driver import Driver
from .test_challenge import FRIEND, press


def is_lesson(scene: object) -> bool:
    return isinstance(scene, TableScene) and isinstance(scene.mode, LessonMode)


READING = 45
"""Frames (1.5 s) a learner spends on each note before tapping it: longer than a trick's hold and
collection, so a note that let its trick go would be seen to."""


def on_table(table: TableScene) -> tuple[Card, ...]:
    """The cards lying in the trick as the table draws it now (not those in the air, nor a trick
    sliding to its winner)."""
    return tuple(card for card, _ in lying_in_the_trick(table))


def lying_in_the_trick(table: TableScene) -> list[tuple[Card, pygame.Rect]]:
    """``on_table``, each card with where it lies."""
    frame = table.frame()
    moving = frame.moving
    if moving is not None and moving.kind == "collect":
        return []
    trick = moving.trick if moving is not None and moving.trick is not None else frame.shown.trick
    hidden = moving.hidden if moving is not None else frozenset()
    slots = table.layout.seats
    return [(card, slots[seat].trick_slot) for seat, card in trick.plays if card not in hidden]


class LessonRun:
    """Plays the lesson through a ``Driver`` as a learner does (reading each note, then tapping it),
    watching which note shows on every frame and what lies on the table meanwhile."""

    def __init__(self, driver: Driver, choose: str, *, tap: str = "click") -> None:
        self.driver = driver
        self.choose = choose
        self.tap = driver.click if tap == "click" else driver.touch
        self.appeared: list[str] = []
        self.refusals: list[tuple[str, str]] = []
        self.read = 0
        """Frames the note showing has been read for."""
        self.moon_advised = False

    @property
    def lesson(self) -> TableScene:
        for scene in reversed(self.driver.app.stack):
            if is_lesson(scene):
                assert isinstance(scene, TableScene)
                return scene
        raise AssertionError("no lesson on the stack")

    @property
    def mode(self) -> LessonMode:
        mode = self.lesson.mode
        assert isinstance(mode, LessonMode)
        return mode

    def notes(self) -> list[str]:
        """The notes whose moment has come, the one showing first."""
        return [note.key for note in self.mode.lesson.notes(self.lesson.snapshot())]

    def frame(self) -> None:
        self.driver.step()
        note = self.lesson.note
        if note is not None and (not self.appeared or self.appeared[-1] != note.key):
            assert note.key not in self.appeared, f"{note.key} appeared twice"
            self.check_timely(note.key)
            self.appeared.append(note.key)
            self.moon_advised |= note.key == "moon"
        if note is not None:
            self.check_still_there(note.key)

    def check_timely(self, key: str) -> None:
        """A note shows while its subject is on the table, and before the card it introduces."""
        view = self.lesson.session.view
        cards = on_table(self.lesson)
        if key == "goal":
            assert view.phase is Phase.DEAL, "the aim comes before the deal"
        elif key == "passing":
            assert view.phase is Phase.PASS and view.passed is None, "passing came after the pass"
        elif key in ("lead", "first_trick"):
            assert not view.tricks and not view.trick.cards, f"the {key} note came after the 2♣"
            assert TWO_OF_CLUBS not in cards
        elif key == "follow":
            assert view.to_move is Seat.SOUTH and view.trick.cards, "following came after your turn"
            assert cards == view.trick.cards, "the cards to follow are not all on the table"
        elif key == "moon":
            assert set(view.tricks[-1].cards) <= set(cards), "the moon note came after its trick"
        elif key == "hearts":
            assert any(card.suit is Suit.HEARTS for card in cards), "the hearts note came after the heart"

    def check_still_there(self, key: str) -> None:
        """Through every frame a note about the trick shows, what it names is on the table, and in sight:
        while the computer players wait for you to read, the note covers none of the trick's places;
        on your turn too, none of the cards lying in the trick."""
        lesson = self.lesson
        view = lesson.session.view
        cards = on_table(lesson)
        if key in ("trick", "queen", "discard", "moon", "hearts") and not lesson.session.is_human_turn:
            slots = [lesson.layout.seats[seat].trick_slot for seat in Seat]
            box = self.lesson.note_box()
            assert not any(box.colliderect(slot) for slot in slots), f"{key} hides the trick"
        for card, slot in lying_in_the_trick(lesson):
            assert not self.lesson.note_box().colliderect(slot), f"the {key} note hides the {card}"
        box = self.lesson.note_box()
        for seat in Seat:  # a seat's box is covered whole or not at all, never cut by the note's edge
            panel = lesson.layout.seats[seat].panel
            assert not box.colliderect(panel) or box.contains(panel), f"the {key} note cuts {seat.name}'s box"
        if key == "trick":
            assert set(view.tricks[0].cards) <= set(cards), "the first trick left while its note showed"
            assert "takes it" in lesson.message, lesson.message  # and the line under it says who took it
        elif key == "queen":
            assert QUEEN_OF_SPADES in cards, "the Q♠ left the table while her note showed"
        elif key == "discard":
            assert cards and any(card.suit is not cards[0].suit for card in cards), "the discard left"

    def play(self, *, until: str | None = None) -> Dialog | None:
        """Play the lesson to its summary (returned), or until the note ``until`` shows (None)."""
        for _ in range(8000):
            self.frame()
            scene = self.driver.scene
            if isinstance(scene, Dialog):
                return scene
            if until is not None and self.lesson.note is not None and self.lesson.note.key == until:
                return None
            lesson = self.lesson
            if self.lesson.note is not None and (not lesson.motion.is_busy or self.lesson.is_held):
                self.read += 1
                if self.read >= READING:
                    self.read = 0
                    self.tap(self.lesson.note_box().center)
                continue
            if lesson.motion.is_busy:
                continue
            if lesson.session.is_human_turn:
                self.move(lesson)
        raise AssertionError("the lesson did not end")

    def move(self, lesson: TableScene) -> None:
        view = lesson.session.view
        driver = self.driver
        if view.phase is Phase.PASS and view.passed is None:
            suggested = suggest_pass(view)
            cards = (
                list(suggested)
                if self.choose == "suggested"
                else [c for c in view.hand if c not in suggested][:3]
            )
            for card in cards:
                self.tap(driver.card_spot(card))
            self.tap(driver.button_spot("action"))
            assert lesson.session.view.passed == CardSet(cards)
            return
        if view.phase is not Phase.PLAY:
            return
        if self.choose == "illegal":
            refused = [card for card in view.hand if card not in view.legal]
            if refused:
                moves = lesson.session.match.moves
                self.tap(driver.card_spot(refused[0]))
                reason = lesson.session.match.why_illegal(Play.of(Seat.SOUTH, refused[0]))
                assert lesson.session.match.moves == moves
                assert reason is not None
                assert lesson.message == lesson_reason(reason) and lesson.remarks.reason is not None
                self.refusals.append((str(refused[0]), lesson.message))
        suggested = lesson_play(view)
        assert lesson.frame().highlighted == {suggested}
        if self.moon_advised:  # what is marked follows the moon note's advice
            assert moon_advice_broken(view, suggested) is None
        others = [card for card in view.legal if card != suggested]
        card = others[0] if self.choose == "other" and others else suggested
        self.tap(driver.card_spot(card))


def snapshot(backend: MemoryBackend) -> dict[str, str]:
    """Everything stored, every key."""
    return dict(backend.data)


@pytest.mark.parametrize(
    ("choose", "size", "tap"),
    [
        ("suggested", (390, 844), "touch"),
        ("other", (1280, 720), "click"),
        ("illegal", (320, 568), "touch"),
        ("suggested", (844, 390), "touch"),
    ],
)
def test_the_lesson_teaches_every_note_once_in_order_and_ends_with_the_summary(
    choose: str, size: tuple[int, int], tap: str
) -> None:
    backend = MemoryBackend()
    store = Store(backend)
    store.save_stats(Stats(matches_played=3, matches_won=1, hands_played=30, points_taken=200))
    driver = Driver(size, backend=backend, settings=Settings(pace="quick"))
    driver.click(driver.button_spot("new"))  # a match in progress, saved
    driver.settle()
    before = snapshot(backend)
    assert before["hearts.match"] is not None
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.button_spot("main_menu"))
    driver.click(driver.button_spot("learn"))
    run = LessonRun(driver, choose, tap=tap)
    assert run.lesson.session.match.moves == ()  # the aim first: the cards wait for it
    summary = run.play()
    assert run.lesson.session.match.moves[0] == LESSON_DEAL
    assert summary.name == "lesson_summary"
    assert sorted(run.appeared) == sorted(ORDER) and len(run.appeared) == len(ORDER)
    assert run.appeared[:3] == ["goal", "passing", "received"]
    assert any("point" in line for line in summary.lines)
    if choose == "illegal":
        assert run.refusals, "no card was ever refused"
        assert any("were led and you still hold" in message for _, message in run.refusals)
    assert snapshot(backend) == before  # the lesson saved nothing
    driver.click(driver.button_spot("replay"))
    assert is_lesson(driver.scene) and len(driver.table.session.match.moves) <= 1
    assert snapshot(backend) == before


@pytest.mark.parametrize("size", [(390, 844), (320, 568), (844, 390), (1280, 720)])
def test_the_following_suit_note_leaves_the_trick_it_speaks_of_in_sight(size: tuple[int, int]) -> None:
    """It tells you to play under North's Q♠: the Q♠ and the rest of the trick stay uncovered while it
    shows (it lay over the top of the trick in portrait and on a phone on its side)."""
    from hearts.ui.report import recording

    driver = Driver(size, settings=Settings(pace="quick"))
    driver.click(driver.button_spot("learn"))
    run = LessonRun(driver, "suggested")
    assert run.play(until="follow") is None
    lesson = run.lesson
    assert "Q♠" in lesson.note.text  # type: ignore[union-attr]
    with recording(size, 1.0) as report:
        lesson.dirty = True
        driver.step()
    trick = {item["card"]: pygame.Rect(item["rect"]) for item in report.items if item.get("where") == "trick"}
    assert set(trick) == {card.notation for card in lesson.session.view.trick.cards} and "QS" in trick
    note = run.lesson.note_box()
    assert note.width and note.height
    for card, rect in trick.items():
        assert not note.colliderect(rect), (card, rect, note)
    hand = lesson.layout.hand.reach_top
    assert note.bottom <= hand  # nor does it cover the hand you are to play from


def test_the_lesson_has_a_header_of_its_own_and_says_a_refusal_once() -> None:
    """Not a match's "Hand 1 · Pass left · to 100": the lesson's own name and its pass. Trying a club
    when spades were led is refused in one plain sentence, not "You must follow spades" said twice."""
    from hearts.ui.report import recording

    size = (390, 844)
    driver = Driver(size, settings=Settings(pace="quick"))
    driver.click(driver.button_spot("learn"))
    run = LessonRun(driver, "suggested")
    assert run.play(until="follow") is None
    lesson = run.lesson
    with recording(size, 1.0) as report:
        lesson.dirty = True
        driver.step()
    header = lesson.layout.header
    words = [
        item["text"]
        for item in report.items
        if item["kind"] == "text" and header.collidepoint(item["rect"][0] + 1, item["rect"][1] + 1)
    ]
    assert " ".join(words) == "Learn to play · Pass left", words
    assert "Hand 1" not in lesson.frame().header and "to 100" not in words
    view = lesson.session.view
    assert view.trick.cards[0].suit is Suit.SPADES
    club = next(card for card in view.hand if card.suit is Suit.CLUBS)
    driver.touch(run.lesson.note_box().center)  # the note read
    assert run.lesson.note is None
    moves = lesson.session.match.moves
    driver.touch(driver.card_spot(club))
    assert lesson.session.match.moves == moves
    assert lesson.message == "Spades were led and you still hold a spade: play one."


def test_the_lesson_can_be_left_at_any_time_and_play_a_real_match_continues_yours() -> None:
    backend = MemoryBackend()
    driver = Driver((390, 844), backend=backend, settings=Settings(pace="quick"))
    driver.click(driver.button_spot("learn"))
    run = LessonRun(driver, "suggested")
    for _ in range(200):
        run.frame()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "lesson_menu"
    driver.click(driver.button_spot("leave"))
    assert isinstance(driver.scene, MenuScene) and not driver.scene.can_continue
    assert "hearts.match" not in snapshot(backend)
    # With a match of your own in progress, "Play a real match" takes you back to it.
    driver.click(driver.button_spot("new"))
    driver.settle()
    moves = driver.table.session.match.moves
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.button_spot("main_menu"))
    driver.click(driver.button_spot("learn"))
    assert LessonRun(driver, "suggested").play().name == "lesson_summary"
    driver.click(driver.button_spot("real_match"))
    assert isinstance(driver.scene, TableScene) and not is_lesson(driver.scene)
    assert driver.scene.session.match.moves[: len(moves)] == moves  # the same match, going on


def test_keyboard_alone_reads_the_notes_and_plays_the_lesson() -> None:
    """By keys alone, as a screen reader user plays it: each suggestion is said with your turn, as the
    message line shows it (it was only drawn)."""
    driver = Driver((1024, 768), settings=Settings(pace="quick"))
    heard: list[str] = []
    driver.app.ctx.speaker.listeners.append(lambda message: heard.append(message.text))
    driver.click(driver.button_spot("learn"))
    run = LessonRun(driver, "suggested")
    decisions = 0
    for _ in range(5000):
        run.frame()
        scene = driver.scene
        if isinstance(scene, Dialog):
            break
        lesson = run.lesson
        busy = lesson.motion.is_busy
        if run.lesson.note is not None and (not busy or run.lesson.is_held):
            if lesson.state.focus is None or not lesson.session.is_human_turn:
                driver.key(pygame.K_RETURN)  # Enter reads the note (on your turn, it plays the card in focus)
                continue
        elif busy:
            continue
        if not lesson.session.is_human_turn:
            continue
        view = lesson.session.view
        wanted = sorted(suggest_pass(view)) if view.phase is Phase.PASS else [lesson_play(view)]
        decisions += 1
        said = [text for text in heard if "Suggested: " in text]
        assert len(said) == decisions, heard[-3:]  # (said once, with the turn)
        assert all(card_name(card) in said[-1] for card in wanted), (said[-1], wanted)
        for card in wanted:
            driver.key(pygame.K_HOME)
            for _ in range(lesson.hand_cards().index(card)):
                driver.key(pygame.K_RIGHT)
            driver.key(pygame.K_RETURN)
        if view.phase is Phase.PASS:
            driver.key(pygame.K_END)
            driver.key(pygame.K_RIGHT)
            driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "lesson_summary"
    assert sorted(run.appeared) == sorted(ORDER) and len(run.appeared) == len(ORDER)


def test_your_move_answers_the_notes_about_your_hand_not_those_about_the_table() -> None:
    """A learner who plays at once, reading nothing: the notes about the card to play (the 2♣'s) go with
    the move, never shown after it; a note about the trick on the table stays until read."""
    driver = Driver((390, 844), settings=Settings(pace="quick"))
    driver.click(driver.button_spot("learn"))
    run = LessonRun(driver, "suggested")
    while run.lesson.note is None or run.lesson.note.key != "received" or run.lesson.motion.is_busy:
        if run.lesson.note is not None and run.lesson.note.key in ("goal", "passing"):
            run.tap(run.lesson.note_box().center)
        elif run.lesson.session.is_human_turn and not run.lesson.motion.is_busy:
            run.move(run.lesson)
        run.frame()
    assert run.notes() == ["received", "lead", "first_trick"]
    run.tap(driver.card_spot(TWO_OF_CLUBS))  # played while "New cards" shows
    assert run.lesson.session.view.trick.cards == (TWO_OF_CLUBS,)
    assert run.notes() == ["first_trick"]  # the 2♣'s note is not shown late


@pytest.mark.parametrize("choice", ["start_new", "challenge"])
def test_play_a_real_match_never_reopens_a_challenge_in_progress_unasked(choice: str) -> None:
    """A friend's challenge holds the one saved match: after the lesson, "Play a real match" asks
    whether a new match should take its place (the challenge then ends and does not count) or the
    challenge go on; until the player chooses, the challenge's save is as it was."""
    backend = MemoryBackend()
    driver = Driver((390, 844), backend=backend, settings=Settings(pace="quick"), challenge=FRIEND.to_code())
    press(driver, "challenge_accept")
    driver.settle()
    challenge_moves = driver.table.session.match.moves
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.button_spot("main_menu"))
    before = snapshot(backend)
    assert Store(backend).load_match().challenge == FRIEND  # type: ignore[union-attr]
    driver.click(driver.button_spot("learn"))
    assert LessonRun(driver, "suggested").play().name == "lesson_summary"
    press(driver, "real_match")
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "challenge_or_new"
    assert snapshot(backend) == before
    driver.key(pygame.K_ESCAPE)  # closing it goes back to the summary, nothing changed
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "lesson_summary"
    assert snapshot(backend) == before
    press(driver, "real_match")
    press(driver, choice)
    table = driver.scene
    assert isinstance(table, TableScene) and not is_lesson(table)
    saved = Store(backend).load_match()
    if choice == "start_new":  # a fresh match of your own, in the challenge's place
        assert table.session.challenge is None and table.session.match.moves[:1] != challenge_moves[:1]
        assert len(table.session.match.moves) <= 1
        assert saved is not None and saved.challenge is None
    else:  # the challenge, exactly where it was
        moves = table.session.match.moves
        assert table.session.challenge == FRIEND and moves[: len(challenge_moves)] == challenge_moves
        assert saved is not None and saved.challenge == FRIEND


def test_no_passing_shows_at_your_first_turn_on_a_hand_without_passing() -> None:
    """On a hold hand the message line says there is no passing until your first card is down, your
    turn to follow included (a saved match about to deal its fourth hand, in which West holds the 2♣)."""
    seed = next(seed for seed in range(100) if TWO_OF_CLUBS in deal_for(seed, 4).hands[Seat.WEST])
    backend = MemoryBackend()
    Store(backend).save_match(Session(Match(STANDARD, hands_before=3), seed, "normal").to_saved())
    driver = Driver((390, 844), backend=backend, settings=Settings(pace="quick"))
    table = driver.table
    seen = []
    while not (driver.is_waiting_for_player() and table.session.view.phase is Phase.PLAY):
        driver.step()
        if table.session.view.phase is Phase.PLAY:
            seen.append(table.message)
    view = table.session.view
    assert view.pass_direction is PassDirection.NONE and len(view.trick.cards) == 3  # you play fourth
    assert table.is_players_move
    assert table.message.startswith("No passing this hand. Your turn"), table.message
    assert seen and all(line.startswith("No passing this hand.") for line in seen), seen
    driver.click(driver.card_spot(suggest_play(view)))
    driver.settle()
    assert "No passing" not in table.message


def test_a_note_goes_on_by_a_tap_on_the_felt_and_by_its_control_in_the_mirror(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "Tap to go on" says no more than tap: a tap on the felt goes on, as one on the note does (400 taps
    on the felt had moved nothing). A screen reader's user, on a touch screen, has the note's own control
    in the page's mirror, where it stands on the canvas."""
    from hearts import page
    from hearts.ui.table_voice import NOTE_CONTROL

    driver = Driver((390, 844), settings=Settings(pace="quick"))
    driver.click(driver.button_spot("learn"))
    run = LessonRun(driver, "suggested")
    for _ in range(200):
        if run.lesson.note is not None and not run.lesson.motion.is_busy:
            break
        driver.step()
    first = run.lesson.note
    assert first is not None
    control = next(button for button in run.lesson.mirror().buttons if button.id == NOTE_CONTROL)
    assert control.label.startswith(f"Note: {first.title}, ") and control.rect is not None
    assert not any(
        button.label.startswith(first.title)
        for button in run.lesson.mirror().buttons
        if button is not control
    )
    assert pygame.Rect(control.rect) == run.lesson.note_box()
    presses = [page.Press("button", NOTE_CONTROL)]
    monkeypatch.setattr(page, "presses", lambda: [presses.pop()] if presses else [])
    driver.step()
    assert run.lesson.note is None or run.lesson.note.key != first.key
    for _ in range(400):  # the next note, once the cards it speaks of have come
        if run.lesson.note is not None and not run.lesson.motion.is_busy:
            break
        driver.step()
    second = run.lesson.note
    assert second is not None and second.key != first.key
    shown = next(button for button in run.lesson.mirror().buttons if button.id == NOTE_CONTROL)
    assert shown.label.startswith(f"Note: {second.title}, ")  # the control names the note showing now
    # A spot of bare felt: in no card, no button, not the note.
    table = run.lesson
    taken = [table.note_box(), *(rect for _, rect in table.snapshot().hand.rects())]
    taken += [button.rect for button in table.snapshot().buttons]
    width, height = driver.app.screen.get_size()
    felt = next(
        (x, y)
        for y in range(height // 4, height, 7)
        for x in range(8, width - 8, 7)
        if not any(rect.inflate(8, 8).collidepoint(x, y) for rect in taken)
    )
    driver.click(felt)
    assert run.lesson.note is None or run.lesson.note.key != second.key
