"""The game in words, built on the engine: each action's log line and each
turn's recap line (narrate), and a rule set described sentence by sentence
(describe)."""
