# Teksty używane tylko przez adapter Telegrama. Zwykły tekst, bez znaczników.

tg-missing-photo-right = Bez obrazka: nie mam uprawnienia do wysyłania zdjęć na tym czacie. Administrator może włączyć „Zdjęcia” w uprawnieniach grupy.

# Odpowiedź na naciśnięcie, którego obsługa chwilę trwa (symulacja ruchu, ocena ryzyka);
# ekrany zmienią się, gdy się skończy.
tg-press-working = ⏳ Chwileczkę…
