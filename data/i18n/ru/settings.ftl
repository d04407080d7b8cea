# /settings: настройки чата, их меняют его администраторы в меню, которое видят только они.

cmd-settings = Настройки этого чата (для администраторов)

settings-group-only = /settings меняет настройки группы: отправь эту команду в группе.
settings-admins-only = Менять мои настройки здесь может только администратор чата.
settings-sent-privately = Я отправил тебе настройки в наш личный чат.
settings-open-private = Чтобы изменить настройки этого чата, открой личный чат со мной: кнопка ниже покажет их там.
settings-button-open = ⚙️ Открыть настройки

settings-title = ⚙️ Настройки чата «{ $chat }»
settings-title-unknown = ⚙️ Настройки твоей группы
settings-hint = Нажми на настройку, чтобы её изменить.
settings-language = 🌐 Язык: { $value }
settings-clock = ⏱ Часы новых столов: { $value }
settings-managers = 👑 Кто начинает и закрывает столы: { $value }
settings-computers = 🤖 Компьютерные игроки: { $value }
settings-lobby = ⌛ Стол, который никто не начал, закрывается через: { $value }

settings-button-language = 🌐 Язык
settings-button-clock = ⏱ Часы
settings-button-managers = 👑 Кто начинает и закрывает
settings-button-computers = 🤖 Компьютерные игроки
settings-button-lobby = ⌛ Ожидание «Начать»

settings-choose-language = На каком языке мне говорить в этом чате?
settings-choose-clock = Какие часы получают новые столы? Организатор стола сможет поменять их в лобби.
settings-choose-managers = Кто может начинать и закрывать столы?
settings-choose-computers = Можно ли организаторам добавлять компьютерных игроков в лобби?
settings-choose-lobby = Сколько стол ждёт, пока нажмут «Начать», прежде чем закроется сам?

settings-language-unset = не выбран (язык того, кто открывает стол)
settings-clock-game = у каждой игры свои
settings-managers-host = организатор (закрыть может и любой администратор)
settings-managers-admins = только администраторы чата
settings-computers-on = разрешены
settings-computers-off = запрещены
settings-lobby-minutes = { $minutes } мин
settings-lobby-default = { $minutes } мин (по умолчанию)
settings-chosen = ✓ { $label }

settings-saved = Сохранено.
settings-outdated = Настройки тем временем изменились: вот какие они сейчас.
settings-start-admins = Начать игру здесь может только администратор чата.
settings-cancel-admins = Закрыть стол здесь может только администратор чата.
settings-computers-refused = Компьютерные игроки отключены в настройках этого чата.
