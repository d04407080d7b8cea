"""Alembic's script directory: one file per schema version under versions/ (see
bot/storage/schema.py for how they are applied)."""
