# /history: ostatnie gry czatu i ich powtórki.

cmd-history = Ostatnie gry tego czatu, do obejrzenia

history-empty = W tym czacie nie skończyła się jeszcze żadna gra.
history-header = 📜 Ostatnie gry tutaj, od najnowszej:
history-line = { $number }. { $game }, { $when }: { $result }
history-won = 🏆 { $winners } ({ $scores })
history-abandoned = 🏳 przerwana ({ $scores })
history-score = { $name } { $score }
history-replay-button = ▶ Powtórka { $number }

replay-header = 🎞 Powtórka gry { $game }: ruch { $move } z { $moves }
replay-start = Gra się zaczyna.
replay-abandoned = 🏳 Tu gra została przerwana. Wyniki w tej chwili:
replay-hands = ✋ Ręce: { $hands }
replay-hand = { $name }: { $cards }
replay-animation-button = 🎞 Animacja
replay-file-button = 📄 Plik hanab.live
replay-animation = 🎞 Cała gra { $game }, ruch po ruchu.
replay-file = 📄 Gra { $game } jako plik powtórki hanab.live: otwórz hanab.live, wybierz „Watch specific replay” i wgraj go.
