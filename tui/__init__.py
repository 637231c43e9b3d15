"""The Textual table of Triarch, and the `triarch` command line."""
