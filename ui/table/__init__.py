"""The card table: its commands (draw, meld, discard, ...), the turn's
selection and Undo, the deal's log, the recap of the turns since yours, the
controls the engine refuses now, and every region's tree."""
