"""Drawing helpers for the table: fonts, text, cards and icons, each cached and drawn at any size."""
