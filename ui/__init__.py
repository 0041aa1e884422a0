"""Browser UI for Triple Play. Only ui/dom.py may import PyScript."""
