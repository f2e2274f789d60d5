"""The Textual app and the flopcards command line."""
