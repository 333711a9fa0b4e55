"""Faces: layouts (data) + catalog rows -> drawing ops (see ops.py)."""
