"""Brewkit: tools for brewing coffee at home."""
