"""A game over a link in the scene: the side played on the other machine, its moves taken as they come, Undo, New
game and Swap sides offered to it, and what does not work over a link refused in words (:mod:`.part`)."""

from .part import Linked, LinkSide

__all__ = ["LinkSide", "Linked"]
