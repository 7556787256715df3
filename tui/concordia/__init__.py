"""The Concordia-specific parts of the terminal client."""
