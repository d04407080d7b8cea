"""Alembic revisions, one file per schema version (a package so that installs carry them)."""
