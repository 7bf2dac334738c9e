"""The table: the only package that imports pygame.

``app`` runs the loop, ``layout`` turns a window size into rectangles, ``intents`` turns mouse, touch and
key events into what the player means, ``scenes/`` holds the screens and ``render/`` the drawing.
"""
