"""What a deck is: its schema, its loader and the bundled decks."""
