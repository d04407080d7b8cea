# Teksty używane tylko przez adapter Telegrama. Zwykły tekst, bez znaczników.

tg-missing-photo-right = Bez obrazka: nie mam uprawnienia do wysyłania zdjęć na tym czacie. Administrator może włączyć „Zdjęcia” w uprawnieniach grupy.
