# The owner's commands (bot/ops/owner.py), answered only in a private chat with an owner.
owner-status =
    Bot status
    Version: { $version }
    Running for: { $uptime }
    Tables: { $lobbies } waiting to start, { $playing } being played
    Outbox queue: { $queue }
    Errors in the last hour: { $errors }
owner-uptime = { $days } d { $hours } h { $minutes } min
owner-close-usage = Send /closetable and the table's number, such as /closetable 42.
owner-close-none = There is no table { $id }.
owner-close-over = Table { $id } is already closed.
owner-close-done = Table { $id } ({ $game } in “{ $chat }”) is closed.
owner-close-reason = The bot's owner closed this table.
