"""The player's settings (pace, theme, sound) and the top bar's overlays (settings, the whole log)."""
