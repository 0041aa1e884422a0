"""Who plays each seat, and what happens when a seat is to move: asked of the
seat's kind (a person at this phone, a bot), by the turn driver."""
