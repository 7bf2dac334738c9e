"""The screens: each handles intents, advances with time and draws itself, and asks the app for
transitions instead of reaching into it."""
