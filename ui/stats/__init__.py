"""Each person's record, kept in the browser, and its screen."""
