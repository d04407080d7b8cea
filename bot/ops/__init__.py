"""What the operator sees of a running bot: the operator port's health and metrics
(`health`, `metrics`), the owner's commands (`owner`) and one clear line for each common
mistake at start-up (`startup_errors`)."""
