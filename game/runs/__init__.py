"""Running games, built on the engine: bot-against-bot games (simulate),
duplicate tournaments (tournament), a deal's positions step by step
(replay) and the command line (cli)."""
