"""Games played across phones by links (game/friends): the page's room."""
