"""What every room of the page shares: the session (one typed state, each
field with one owner), the signals the rooms talk through, the board (the
game on the table and the one path every move takes onto it), the motion,
the save store, the page's interface and the tree builder."""
