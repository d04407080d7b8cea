# Команды владельца (bot/ops/owner.py), только в личном чате владельца с ботом.
owner-status =
    Состояние бота
    Версия: { $version }
    Работает: { $uptime }
    Столы: { $lobbies } ждут начала, { $playing } в игре
    Очередь отправки: { $queue }
    Ошибок за последний час: { $errors }
owner-uptime = { $days } д { $hours } ч { $minutes } мин
owner-close-usage = Отправь /closetable и номер стола, например /closetable 42.
owner-close-none = Стола { $id } нет.
owner-close-over = Стол { $id } уже закрыт.
owner-close-done = Стол { $id } ({ $game } в «{ $chat }») закрыт.
owner-close-reason = Владелец бота закрыл этот стол.
