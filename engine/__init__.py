"""Platform-neutral, pure game rules: one package per game and a registry of them."""
