"""Games that travel, built on the engine: a game as a link (share), and a
copy dealt again from one seat's view so it never previews the original's
draws (redeal)."""
