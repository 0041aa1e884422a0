"""Several people at one phone: the hand-off screen between their turns."""
