"""A browser profile that has played before: the settings its pages find kept, as the game keeps them."""

from __future__ import annotations

import json

from hearts.storage import MemoryBackend, Settings, Store


def settings_kept(settings: Settings) -> str:
    """A script for a profile's pages (``BrowserContext.add_init_script``) that leaves ``settings`` in the
    page's storage as the game keeps them, unless the game has kept its own already (a reload, another tab
    of the profile)."""
    backend = MemoryBackend()
    Store(backend).save_settings(settings)
    ((key, text),) = backend.data.items()
    key, text = json.dumps(key), json.dumps(text)
    return f"if (localStorage.getItem({key}) === null) localStorage.setItem({key}, {text});"
