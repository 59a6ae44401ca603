"""pytest plugin (placeholder while the core is written)."""
