"""Replays of finished deals, and a deal's cards played again."""
