# Strings only the Telegram adapter uses. Plain text, no markup.

# Below a board shown as text because the chat does not let the bot send photos.
tg-missing-photo-right = No picture: I don't have the right to send photos in this chat. An admin can turn on “Photos” in the group's permissions.

# The answer to a press whose work takes a moment (a simulated move, a risk estimate); the
# screens follow when it is done.
tg-press-working = ⏳ One moment…
