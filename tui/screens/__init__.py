"""One Textual screen per module."""
