# Powody ruchów komputerowych graczy Hanabi, które nazywają konwencję H-group (przewodnik dla początkujących z hanab.live)

hanabi-bot-five-stall-clue-color = { hanabi-x-color } → { $target_seat }: przeczekanie piątkami, nic pilnego (to nie podpowiedź do zagrania)
hanabi-bot-five-stall-clue-rank = { $rank } → { $target_seat }: przeczekanie piątkami, nic pilnego (to nie podpowiedź do zagrania)
hanabi-bot-tempo-stall-clue-color = { hanabi-x-color } → { $target_seat }: przeczekanie podpowiedzią tempa, czas zagrać wskazaną kartę
hanabi-bot-tempo-stall-clue-rank = { $rank } → { $target_seat }: przeczekanie podpowiedzią tempa, czas zagrać wskazaną kartę
hanabi-bot-locked-save-clue-color = { hanabi-x-color } → { $target_seat }: ratunek przy zablokowanej ręce: dający ma wszystkie karty wskazane
hanabi-bot-locked-save-clue-rank = { $rank } → { $target_seat }: ratunek przy zablokowanej ręce: dający ma wszystkie karty wskazane
hanabi-bot-eight-save-clue-color = { hanabi-x-color } → { $target_seat }: ratunek przy 8 żetonach: nikt nie może odrzucać
hanabi-bot-eight-save-clue-rank = { $rank } → { $target_seat }: ratunek przy 8 żetonach: nikt nie może odrzucać
hanabi-bot-delayed-play-clue-color = { hanabi-x-color } → { $target_seat }: opóźnione zagranie: karta pójdzie po kartach już wskazanych
hanabi-bot-delayed-play-clue-rank = { $rank } → { $target_seat }: opóźnione zagranie: karta pójdzie po kartach już wskazanych

hanabi-bot-play-prompt = zagrana pozycja { $slot }: przypomnienie, podpowiedź dla partnera opiera się na tej wskazanej karcie
hanabi-bot-play-finesse = zagrana w ciemno pozycja { $slot }, pozycja finezji: podpowiedź dla partnera wyjaśnia tylko finezja
