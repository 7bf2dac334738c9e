"""Learn to play, driven by real events: following the suggestions, ignoring them, and trying cards the
rules refuse. Every note appears once, in the lesson's order; the hand ends with the summary; nothing is
saved."""

from __future__ import annotations

import pygame
import pytest

from hearts.bots.hints import suggest_pass, suggest_play
from hearts.engine import QUEEN_OF_SPADES, CardSet, Phase, Play, Seat
from hearts.lesson import LESSON_DEAL, ORDER, lesson_reason
from hearts.storage import MemoryBackend, Settings, Stats, Store
from hearts.ui.modes import LessonMode
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.menu import MenuScene
from hearts.ui.scenes.table import TableScene

from .driver import Driver


def is_lesson(scene: object) -> bool:
    return isinstance(scene, TableScene) and isinstance(scene.mode, LessonMode)


class LessonRun:
    """Plays the lesson through a ``Driver``, watching which note shows on every frame."""

    def __init__(self, driver: Driver, choose: str, *, tap: str = "click") -> None:
        self.driver = driver
        self.choose = choose
        self.tap = driver.click if tap == "click" else driver.touch
        self.appeared: list[str] = []
        self.refusals: list[tuple[str, str]] = []

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

    def frame(self) -> None:
        self.driver.step()
        note = self.mode.note
        if note is not None and (not self.appeared or self.appeared[-1] != note.key):
            assert note.key not in self.appeared, f"{note.key} appeared twice"
            self.check_timely(note.key)
            self.appeared.append(note.key)

    def check_timely(self, key: str) -> None:
        """A note shows while its subject is still on the table."""
        view = self.lesson.session.view
        last = view.tricks[-1].cards if view.tricks else ()
        if key == "goal":
            assert view.phase is Phase.DEAL, "the aim comes before the deal"
        elif key == "passing":
            assert view.phase is Phase.PASS and view.passed is None, "passing came after the pass"
        elif key == "follow":
            assert view.to_move is Seat.SOUTH and view.trick.cards, "following came after your turn"
        elif key == "queen":
            assert QUEEN_OF_SPADES in (*view.trick.cards, *last), "the Q♠ note came after her trick"
        elif key == "discard":
            tricks = [trick for trick in (view.trick.cards, last) if trick]
            assert any(card.suit is not trick[0].suit for trick in tricks for card in trick), (
                "the discard note came after the trick"
            )

    def play(self) -> Dialog:
        for _ in range(5000):
            self.frame()
            scene = self.driver.scene
            if isinstance(scene, Dialog):
                return scene
            lesson = self.lesson
            if lesson.motion.is_busy:
                continue
            if self.mode.notes and not lesson.session.is_human_turn:
                self.tap(self.mode.note_rect.center)
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
                assert lesson.message == lesson_reason(reason or "") and lesson.remarks.reason is not None
                self.refusals.append((str(refused[0]), lesson.message))
        suggested = suggest_play(view)
        others = [card for card in view.legal if card != suggested]
        card = others[0] if self.choose == "other" and others else suggested
        assert suggested in lesson.highlighted()
        self.tap(driver.card_spot(card))


def snapshot(backend: MemoryBackend) -> dict[str, str]:
    """Everything stored, every key."""
    return dict(backend.data)


@pytest.mark.parametrize(
    ("choose", "size", "tap"),
    [("suggested", (390, 844), "touch"), ("other", (1280, 720), "click"), ("illegal", (320, 568), "touch")],
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
        assert any("follow" in message for _, message in run.refusals)
    assert snapshot(backend) == before  # the lesson saved nothing
    driver.click(driver.button_spot("replay"))
    assert is_lesson(driver.scene) and len(driver.table.session.match.moves) <= 1
    assert snapshot(backend) == before


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
    driver = Driver((1024, 768), settings=Settings(pace="quick"))
    driver.click(driver.button_spot("learn"))
    run = LessonRun(driver, "suggested")
    for _ in range(5000):
        run.frame()
        scene = driver.scene
        if isinstance(scene, Dialog):
            break
        lesson = run.lesson
        if lesson.motion.is_busy:
            continue
        if run.mode.notes and not lesson.session.is_human_turn:
            driver.key(pygame.K_RETURN)
            continue
        if not lesson.session.is_human_turn:
            continue
        view = lesson.session.view
        wanted = sorted(suggest_pass(view)) if view.phase is Phase.PASS else [suggest_play(view)]
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
