# Powody ruchów komputerowych graczy Hanabi, które nazywają konwencję H-group (przewodnik dla początkujących z hanab.live)

hanabi-bot-five-stall-clue-color = { hanabi-x-color } → { $target_seat }: przeczekanie piątkami, nic pilnego (to nie podpowiedź do zagrania)
hanabi-bot-five-stall-clue-rank = { $rank } → { $target_seat }: przeczekanie piątkami, nic pilnego (to nie podpowiedź do zagrania)
hanabi-bot-tempo-stall-clue-color = { hanabi-x-color } → { $target_seat }: przeczekanie podpowiedzią tempa, czas zagrać wskazaną kartę
hanabi-bot-tempo-stall-clue-rank = { $rank } → { $target_seat }: przeczekanie podpowiedzią tempa, czas zagrać wskazaną kartę
hanabi-bot-fill-in-clue-color = { hanabi-x-color } → { $target_seat }: uzupełnienie na przeczekanie, nic pilnego
hanabi-bot-fill-in-clue-rank = { $rank } → { $target_seat }: uzupełnienie na przeczekanie, nic pilnego
hanabi-bot-locked-save-clue-color = { hanabi-x-color } → { $target_seat }: ratunek przy zablokowanej ręce: dający ma wszystkie karty wskazane
hanabi-bot-locked-save-clue-rank = { $rank } → { $target_seat }: ratunek przy zablokowanej ręce: dający ma wszystkie karty wskazane
hanabi-bot-eight-save-clue-color = { hanabi-x-color } → { $target_seat }: ratunek przy 8 żetonach: nikt nie może odrzucać
hanabi-bot-eight-save-clue-rank = { $rank } → { $target_seat }: ratunek przy 8 żetonach: nikt nie może odrzucać
hanabi-bot-hard-burn-clue-color = { hanabi-x-color } → { $target_seat }: pusta podpowiedź na przeczekanie
hanabi-bot-hard-burn-clue-rank = { $rank } → { $target_seat }: pusta podpowiedź na przeczekanie
hanabi-bot-end-stall-clue-color = { hanabi-x-color } → { $target_seat }: przeczekanie w końcówce: odrzucenie przybliżyłoby koniec
hanabi-bot-end-stall-clue-rank = { $rank } → { $target_seat }: przeczekanie w końcówce: odrzucenie przybliżyłoby koniec
hanabi-bot-delayed-play-clue-color = { hanabi-x-color } → { $target_seat }: opóźnione zagranie: karta pójdzie po kartach już wskazanych
hanabi-bot-delayed-play-clue-rank = { $rank } → { $target_seat }: opóźnione zagranie: karta pójdzie po kartach już wskazanych
hanabi-bot-prompt-clue-color = { hanabi-x-color } → { $target_seat }: podpowiedź do zagrania przez przypomnienie o wskazanych kartach
hanabi-bot-prompt-clue-rank = { $rank } → { $target_seat }: podpowiedź do zagrania przez przypomnienie o wskazanych kartach
hanabi-bot-finesse-clue-color = { hanabi-x-color } → { $target_seat }: finezja: oczekiwane zagranie w ciemno z pozycji finezji
hanabi-bot-finesse-clue-rank = { $rank } → { $target_seat }: finezja: oczekiwane zagranie w ciemno z pozycji finezji

hanabi-bot-play-prompt = zagrana pozycja { $slot }: przypomnienie, podpowiedź dla partnera opiera się na tej wskazanej karcie
hanabi-bot-play-finesse = zagrana w ciemno pozycja { $slot }, pozycja finezji: podpowiedź dla partnera wyjaśnia tylko finezja
