"""A dialog that asks for a line of text (a name, a friend's answer) in the page's own box, where a
phone's keyboard, pasting and screen readers work; on the desktop the line is typed into the dialog's own
lines (``text_ask.Question``). What it asks, and what it does with the answer, is its own."""

from __future__ import annotations

from ..intents import Intent
from ..text_ask import Question
from .base import Transition
from .dialog import Dialog

TYPING_HINT = "Enter keeps it; Escape leaves it as it was."


class AskingDialog(Dialog):
    """A dialog with at most one question open (``question``) and a sentence about the last answer
    (``note``); ``own_lines`` says what it shows besides."""

    question: Question | None = None
    note: str = ""

    def own_lines(self) -> list[str]:
        raise NotImplementedError

    def shown_lines(self) -> list[str]:
        """Its ``own_lines``, then the line being typed (on the desktop) or the note, if any."""
        lines = self.own_lines()
        if self.question is not None and self.question.is_typing:
            return [*lines, self.question.typed_line, TYPING_HINT]
        return [*lines, self.note] if self.note else lines

    @property
    def is_typing(self) -> bool:
        return self.question is not None and self.question.is_typing

    def handle(self, intent: Intent) -> Transition | None:
        if self.question is not None and self.question.take(intent):
            self.show(self.shown_lines())
            return None
        return super().handle(intent)

    def answered(self) -> Question | None:
        """The question open, once it has its answer (given, or left as it was), and no longer open."""
        question = self.question
        if question is None or not question.poll():
            return None
        self.question = None
        return question
