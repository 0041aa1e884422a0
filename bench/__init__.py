"""Scripts that print figures and refit the bots' data; run each from the
repository root as ``python3 -m bench.<name> --help``."""
