"""Widgets shared by every game screen. They hold no game logic: they receive
plain data as attributes and post messages up to their screen."""
