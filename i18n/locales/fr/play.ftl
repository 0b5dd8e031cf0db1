# lodestone play : le client du terminal. Les touches (↑↓, Entrée, q…)
# restent les mêmes ; seuls les mots qui les suivent sont traduits.

small-window = Agrandissez le terminal : au moins { $min } ({ $best } de préférence).

## La ligne d'aide en bas : ce que fait chaque touche (un ou deux mots).
key-any = une touche
key-close = fermer
key-line = ligne
key-change = changer
key-create = créer
key-cancel = annuler
key-open = ouvrir
key-save = garder
key-choose = choisir
key-new = nouvelle
key-join = rejoindre
key-name = nom
key-refresh = actualiser
key-help = aide
key-quit = quitter
key-send = envoyer
key-to-whom = à qui
key-complete = compléter
key-play = jouer
key-order = ordre
key-promote = promouvoir
key-move = déplacer
key-pick-swap = choisir/échanger
key-shuffle = mélanger
key-confirm = confirmer
key-lobby = accueil
key-seat = place
key-sit = s'asseoir
key-add-bot = ajouter un robot
key-leave = partir
key-start = commencer
key-chat = discuter
key-pick = choisir
key-undo = défaire
key-type = taper
key-moves = coups
key-look = regarder
key-rematch = revanche
key-no-rematch = pas de revanche

## L'accueil.
lobby-your-games = Vos parties
lobby-open-rooms = Salles ouvertes
lobby-in-progress = Parties en cours (Entrée pour regarder)
lobby-join-prompt = Collez son lien, ou tapez son identifiant et son code d'invitation :
lobby-name-prompt = Le nom que voient les autres (32 caractères au plus) :
lobby-form-game = Jeu
lobby-form-listed = Affichée
lobby-unlisted = Une salle non affichée ne se rejoint et ne se regarde qu'avec son lien ou son code d'invitation.
lobby-no-open-rooms = Aucune salle ouverte pour l'instant : n en crée une.
lobby-room = salle { $id }
lobby-join-title = Ouvrir une salle
lobby-name-title = Votre nom
lobby-default = { $value } (par défaut)
lobby-listed-yes = oui, dans l'accueil
lobby-listed-no = non, sur invitation

## L'écran d'aide (?) : les titres, puis ce que font les touches ; 57
## caractères au plus chacun, pour tenir dans un terminal de 80 colonnes.
help-title = Touches
help-lobby = Accueil
help-lobby-open = choisir une salle et l'ouvrir (s'asseoir ou regarder)
help-lobby-keys = nouvelle salle / ouvrir par lien ou code / votre nom
help-room = Salle, avant le début
help-room-sit = choisir une place et s'y asseoir ; l la quitte
help-room-bot = asseoir un robot (glouton / au hasard) à la place choisie
help-room-start = commencer, une fois toutes les places prises
help-game = En partie
help-game-move = aller d'une case possible à l'autre
help-game-pick = choisir la case (la dernière case d'un coup le joue)
help-game-forget = oublier les cases choisies
help-game-type = taper un coup (Tab complète parmi vos coups possibles)
help-game-numbered = actions numérotées (passer, votes) ; défiler les coups
help-game-chat = discuter (Tab : à qui) / après la fin : revanche, ou non
help-game-resign = abandonner / proposer la nulle, y répondre (oui, non)
help-game-abort = annuler avant que tous aient joué / réclamer (absent)
help-game-quit = retour à l'accueil (la partie continue) ; Ctrl-C quitte
help-board = Sur le plateau
help-board-dots = termine un coup ici / mène plus loin d'ici
help-board-cursor = le curseur ; les cases choisies sont en inverse vidéo
help-board-stones = blanc, noir ; rouge, bleu, jaune de Magma
help-board-magnet = Magnet : rouge, bleu ; ? caché ; ²³⁴ le rang

## La salle avant le début (ses places, l'invitation), et un plateau qui
## ne tient pas.
room-opening = Ouverture de la salle { $id }…
room-back-to-lobby = q revient à l'accueil.
# $size : colonnes×lignes (100×30).
room-board-too-small = Ce plateau demande un terminal d'au moins { $size } ; agrandissez-le.
room-seats = Places
room-waiting = En attente de joueurs : { $taken } place(s) prise(s) sur { $seats }.
room-press-start = Toutes les places sont prises : s lance la partie.
room-waiting-start = Toutes les places sont prises : en attente qu'un joueur lance la partie.
room-choose-seat = Choisissez une place libre avec ↑ ↓ et appuyez sur Entrée pour vous asseoir.
room-invite-link = Lien d'invitation (un navigateur l'ouvre aussi ; j à l'accueil le lit) :
room-id = Salle : { $id }
room-invite-code = Code d'invitation : { $code }
