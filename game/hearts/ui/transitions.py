"""Where a scene (or a kind of table) says to go next: a transition carrying a route value, which the app
carries out through the router (``ui/router.py``).

The seam: values only; a transition names a route and never a scene, so whoever returns one imports no
scene.
"""

from __future__ import annotations

from dataclasses import dataclass

from .routes import Route


@dataclass(frozen=True, slots=True)
class Push:
    """Show ``route`` over this scene; when it closes, this scene is shown again (its ``resume``)."""

    route: Route


@dataclass(frozen=True, slots=True)
class Replace:
    """Close this scene and show ``route`` in its place (the pause menu's Options: closing them goes
    back to the table, not to the menu)."""

    route: Route


@dataclass(frozen=True, slots=True)
class Pop:
    """Close this scene; ``result`` goes to the scene beneath (its ``resume``)."""

    result: object = None


@dataclass(frozen=True, slots=True)
class Reset:
    """Clear the stack and show ``route`` alone (back to the menu, a new match)."""

    route: Route


Transition = Push | Replace | Pop | Reset
