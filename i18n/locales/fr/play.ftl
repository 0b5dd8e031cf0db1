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
room-waiting = En attente de joueurs : { $taken ->
    [one] { $taken } place prise
   *[other] { $taken } places prises
} sur { $seats }.
room-press-start = Toutes les places sont prises : s lance la partie.
room-waiting-start = Toutes les places sont prises : en attente qu'un joueur lance la partie.
room-choose-seat = Choisissez une place libre avec ↑ ↓ et appuyez sur Entrée pour vous asseoir.
room-invite-link = Lien d'invitation (un navigateur l'ouvre aussi ; j à l'accueil le lit) :
room-id = Salle : { $id }
room-invite-code = Code d'invitation : { $code }

## La partie : le panneau à côté du plateau, sa fin, les questions
## posées à la table. { $who }, { $won }, { $lost }, { $winner } sont des
## places en mots (« Ann (blanc) », ou plusieurs reliées par list-and).

# Un joueur et la couleur de sa place : « Ann (blanc) ».
seat-player = { $name } ({ $color })
# Une place que personne n'occupe, par sa couleur.
seat-free-color = la place « { $color } »
seat-number = place { $seat }
# Des noms dans une phrase : « Ann, Bob et Cy » ($first vaut « Ann, Bob »).
list-and = { $first } et { $last }
# Les couleurs des places et des pièces (après un nom, avant un score).
color-white = blanc
color-black = noir
color-red = rouge
color-blue = bleu
color-yellow = jaune

# La ligne d'une place : un joueur de l'ordinateur, vous, la présence,
# une place libre, l'équipe.
seat-bot = [robot]
seat-you = (vous)
seat-stand-in = un robot joue à sa place
seat-away = parti
seat-absent = absent
seat-free = libre
seat-team = équipe { $team }
room-heading-private = { $game } · { $options } · privée
options-standard = standard
lobby-new-room = Nouvelle salle
game-magneton = posez et faites glisser des pierres sur 8×8 ; quatre alignées gagnent
game-magnetism = déplacez votre aimant, attirez ou repoussez une pièce ; course à la dernière rangée
game-magnet = des pièces cachées sur un hexagone de 91 points, attirées par l'aimant
game-magma = de 2 à 6 joueurs sur 91 hexagones, en équipes, avec des minuteries serrées

turn-yours = À vous de jouer.
turn-yours-together = À vous de jouer (les autres choisissent en même temps).
turn-to-act = Au tour de : { $names }
turn-watching = Vous regardez. Au tour de : { $names }
clock-turn = tour { $clock }
clock-stale = { $clock } (figée)
table-keys = x abandonner · d proposer la nulle · a annuler · w réclamer
draw-offer-yours = Votre proposition de nulle attend une réponse.
draw-offer-answer = { $who } propose la nulle : y accepte, n refuse.
draw-offer-seen = { $who } propose la nulle.
ask-resign = Abandonner cette partie ? Elle compte comme une défaite. y abandonne, toute autre touche continue.
ask-abort = Annuler cette partie ? Elle finit sans résultat et la salle ferme. y annule, toute autre touche continue.
ask-claim = Réclamer la partie au joueur absent ? Il perd comme au temps. y réclame, toute autre touche attend.
careful-loses = Attention : { $action } perd aussitôt.
careful-allows-win = Attention : après { $action }, un adversaire peut gagner aussitôt.
last-action = Dernier coup, { $who } : { $what }.
moves-title = Coups
moves-title-later = Coups (PgDn : la suite)
move-secret = secret
move-secret-commitment = secret ({ $commitment }…)
chat-title = Discussion
chat-to = à { $audience } ›
chat-room = la salle
chat-team = l'équipe
chat-spectators = les spectateurs

## Choisir un coup.
typed-title = Coup :
typed-none = aucun coup permis ne commence ainsi
arrange-title = Disposez vos pièces (en secret) :
arrange-picked = { $vertex } choisi : Entrée sur un autre sommet de départ les échange.
arrange-help = Entrée prend une pièce, Entrée sur une autre les échange ; r mélange ; c confirme.
cursor-at = Curseur { $cell }
cursor-on = Curseur { $cell } : { $what }
magnet-on = Aimant en { $vertex } :
magnet-pulls = Il attire { $cells } (•).
order-default = ordre par défaut
promote-list = Promouvoir : { $items }
enter-plays = Entrée joue { $action }
waiting-setups = En attente des dispositions (chaque camp dispose en secret).
picked-cells = Choisi : { $cells }
picked-complete = Choisi : { $cells } (Entrée encore joue { $action })
button-pass = Passer
button-propose-end = Proposer de finir la partie
button-agree-end = Accepter de finir
button-refuse-end = Refuser (continuer)

## Les faits et les indications des plateaux. W, B, Mw, Mb, r…, b… sont
## les lettres du plateau et restent telles quelles.
magneton-in-hand = En main : W { $white } · B { $black }
magneton-hint-drop = Pose : choisissez une case vide.
magneton-hint-move = Coup : choisissez une pierre, puis où elle glisse.
magnetism-magnet-unplaced = Aimant { $side ->
    [white] blanc
   *[black] noir
} : pas encore posé
magnetism-magnet-secret = Aimant { $side ->
    [white] blanc
   *[black] noir
} : posé (secret)
magnetism-magnet-on = Aimant { $side ->
    [white] blanc (Mw)
   *[black] noir (Mb)
} : { $square }
magnetism-far-row = Sur la dernière rangée : W { $white } · B { $black } (sur 12)
magnetism-hint-move = Un coup : la nouvelle case de l'aimant, puis une pièce, puis où elle va.
magnetism-hint-opening = Ouverture secrète : choisissez la case de votre aimant.
magnet-hint = Choisissez le sommet de l'aimant (•), puis son ordre et ses promotions s'il y en a.
magnet-lost = { $side ->
    [red] Rouge
   *[blue] Bleu
} a perdu : { $captured } pris
magnet-lost-trapped = { $side ->
    [red] Rouge
   *[blue] Bleu
} a perdu : { $captured } pris ; piégés { $trapped }
magnet-lost-trapped-count = { $side ->
    [red] Rouge
   *[blue] Bleu
} a perdu : { $captured } pris ; { $trapped } piégés
magnet-lost-nothing = rien
magnet-legend = r… rouge, b… bleu, ? caché, ²³⁴ rang
magma-scores = Scores (pièces + 3 × portée) :
magma-score = { $color } (place { $seats }) : { $total } = { $pieces } + 3×{ $reach }
magma-in-hand = En main : { $hands } · passes { $passes }
magma-timer = Minuterie : { $timer } ({ $seconds } s par tour)
magma-vote = La place { $seat } propose de finir ; en attente de { $waiting }.
magma-penalty = La place { $late } a dépassé son temps : la place { $chooser } retire une pièce { $color }.
magma-agreed = Tout le monde a accepté de finir la partie.
magma-hint-move = Choisissez une pièce, puis où elle va ; ou la case où entre une pièce.
magma-hint-penalty = Choisissez la pièce à retirer.
magma-hint-vote = Répondez au vote par son numéro.

## Ce qu'a fait une action (la ligne du dernier coup).
piece-of = { $side } { $kind }
piece-magnet = aimant
piece-unknown = une pièce
effect-place = { $piece } posé en { $at }
effect-move = { $piece } { $path }
effect-enter = { $piece } entré { $path }
effect-push = { $piece } repoussé { $path }
effect-pull = { $piece } attiré { $path }
effect-capture = { $piece } pris en { $at }
effect-trapped = { $piece } détruit par un piège en { $at }
effect-promote = { $at } promu au rang { $rank }
effect-remove = { $piece } retiré de { $at }
effect-line = ligne de { $side } { $cells }
effect-claim = { $side } atteint { $count ->
    [one] { $count } case vide
   *[other] { $count } cases vides
}

## La fin d'une partie : « Vous gagnez ! Ann (blanc) gagne. » puis qui a fait quoi.
end-you-win = Vous gagnez ! { $headline }
end-you-lose = Vous perdez. { $headline }
end-game-over = Partie terminée. { $headline }
end-no-result = Pas de résultat.
end-draw = Partie nulle.
end-wins = { $count ->
    [one] { $who } gagne.
   *[other] { $who } gagnent.
}
end-resigned = { $who } a abandonné.
end-out-of-time = { $who } a dépassé son temps à la pendule de la salle.
end-claimed = { $who } était absent à son tour, alors { $winner } a réclamé la partie.
end-claimed-by-others = { $who } était absent à son tour, alors les autres ont réclamé la partie.
end-draw-agreed = Une nulle a été proposée et acceptée : les deux camps sont d'accord.
end-aborted = { $who } a annulé la partie avant que chacun ait joué : elle n'a pas de résultat.
end-closed = { $owner } a fermé la salle avant le début de la partie.
end-closed-by-owner = Le propriétaire de la salle l'a fermée avant le début de la partie.
end-abandoned = Tous les joueurs sont restés absents trop longtemps : la partie est abandonnée sans résultat.
end-expired = Personne n'a lancé la partie à temps : la salle a expiré.
end-four-in-a-row = { $won } a aligné quatre pierres, mises en place par l'effet magnétique.
end-far-row-all = { $won } a amené { $count ->
    [one] sa pièce
   *[other] ses { $count } pièces
} sur la dernière rangée.
end-far-row-ahead = { $won } a pris l'avantage sur la dernière rangée, { $ahead } à { $behind }, et le coup suivant de { $lost } n'a pas égalisé.
end-cannot-move = { $lost } ne pouvait pas finir un coup.
end-king-captured = { $won } a pris le Roi de { $lost }.
end-king-trapped = Le Roi de { $lost } a pris un piège et a été détruit avec lui.
end-king-centre = Le Roi de { $won } est resté sur le centre pendant un tour entier.
end-two-king-race = Il ne restait que les deux Rois, et celui de { $won } a atteint le centre le premier.
end-repetition = La même position est revenue une troisième fois : partie nulle.
end-no-moves = Aucun camp ne pouvait jouer : partie nulle.
end-agreed = Les deux camps ont accepté la nulle.
end-resignation = { $lost } a abandonné.
end-on-time = { $lost } a dépassé son temps à la pendule de la salle.
end-all-passed = Tout le monde a passé à la suite : la partie a été comptée.
end-agreed-end = Tout le monde a accepté de finir : la partie a été comptée.
end-tie-last-mover = Les meilleurs scores sont à égalité ; { $color } a joué en dernier et l'emporte.
end-tie-no-turn = Les meilleurs scores sont à égalité et aucune couleur à égalité n'a joué : partie nulle.
end-scores = Scores : { $scores }.
end-other = { $reason }.
# Une revanche après la fin : qui en est, qui on attend.
rematch-opened = Revanche : la salle est ouverte.
rematch-in = Revanche : { $accepted } partant.
rematch-waiting = Revanche : { $accepted } partant ; en attente de { $waiting }.
rematch-asks-you = Revanche : { $accepted } partant ; en attente de { $waiting } (r accepte, R refuse).
# A board this client cannot draw ($error: the technical detail, untranslated).
board-unknown-game = Ce client ne connaît pas le jeu { $game } : mettez lodestone à jour.
board-unreadable = Impossible de lire le plateau de { $game } envoyé par le serveur : { $error }

## Une touche refusée, dans une ligne sous le plateau ou l'accueil.
refuse-no-moves = Vous n'avez aucun coup à jouer maintenant.
refuse-not-legal = « { $move } » n'est pas un de vos coups permis maintenant (Tab complète).
refuse-seat-taken = Cette place est prise : choisissez-en une libre.
refuse-seated = Vous avez déjà une place ici (l la quitte).
refuse-bot-seat = Un robot a besoin d'une place libre : choisissez-en une avec ↑ ↓.
refuse-start-unseated = Prenez d'abord une place : seuls les joueurs peuvent lancer la partie.
refuse-start-free-seat = Toutes les places doivent être prises avant le début (a ajoute un robot).
refuse-rematch-watcher = Seuls les joueurs peuvent demander une revanche.
refuse-table-watcher = Seuls les joueurs agissent à la table.
refuse-no-draw-offer = Aucune proposition de nulle n'attend votre réponse.
refuse-empty-name = Un nom ne peut pas être vide.
refuse-no-room = Aucune salle à ouvrir : n en crée une, j en ouvre une par son lien.
refuse-no-games = Ce serveur ne propose aucun jeu.
refuse-games-loading = Le serveur n'a pas encore donné ses jeux ; réessayez dans un instant.
refuse-games-failed = Impossible de créer une salle : { $error }

## Ouvrir une salle d'après ce qui a été tapé (j à l'accueil).
join-no-room = Ce lien ne nomme aucune salle (il devrait finir par #/room/ID).
join-empty = Tapez le lien d'une salle, ou son identifiant et son code d'invitation.
join-too-many = Tapez un identifiant de salle et au plus un code d'invitation.
join-not-an-id = « { $room } » n'est pas un identifiant de salle (ils ressemblent à 7c9e6679-7425-40de-944b-e07fc1f90ae7).

## L'adresse du serveur sur la ligne de commande (lodestone play URL).
url-empty = l'URL du serveur est vide ; donnez-en une comme http://127.0.0.1:8080
url-bad = { $url } n'est pas une URL ({ $error }) ; donnez-en une comme http://127.0.0.1:8080
url-scheme = { $url } : le schéma { $scheme }:// n'est ni http://, ni https://, ni ws://, ni wss://
url-no-host = { $url } ne nomme aucun hôte ; donnez une URL comme http://127.0.0.1:8080
url-password = { $url } : un nom d'utilisateur ou un mot de passe dans l'URL n'est pas pris en charge
url-not-room-link = { $url } : la partie après # n'est pas un lien de salle (#/room/ID?invite=CODE)
# A seat to act, then its player: "white (Ann)".
turn-seat = { $seat } ({ $name })

## L'état de la connexion dans la ligne de titre (après ● ou ○).
title-connecting = connexion…
title-online = en ligne
title-no-answer = le serveur ne répond pas : reconnexion…
title-retry-in = reconnexion… prochain essai dans { $seconds } s ({ $reason })
title-retrying = reconnexion… ({ $reason })
conn-upgrading = le serveur est en cours de mise à jour
conn-closed = le serveur a fermé la connexion
conn-broke = la connexion s'est rompue
conn-silent = aucune nouvelle du serveur depuis { $seconds } s
conn-goodbye = le serveur a dit au revoir : { $reason }
conn-unreadable = le serveur a envoyé un message que ce client ne sait pas lire ({ $error })
conn-tls-handshake = la négociation TLS a échoué : { $error } (le serveur parle-t-il TLS à cette adresse ?)
conn-no-answer = pas de réponse en { $seconds } s
conn-not-websocket = le serveur a répondu HTTP { $status } au lieu d'un WebSocket (est-ce un serveur Lodestone ?)
games-get = impossible d'obtenir { $url } : { $error }
games-read = impossible de lire { $url } : { $error }
games-not-listed = { $url } n'a pas donné la liste des jeux ({ $error })
games-failed = la demande des jeux a échoué : { $error }

## Les avis sous le plateau ou l'accueil.
notice-offline = Pas de connexion au serveur pour l'instant ; attendez la reconnexion.
notice-move-unanswered = La connexion est tombée avant que le serveur réponde à votre coup ; s'il est arrivé, il est dans la liste des coups.
notice-not-stored = { $action } : le serveur n'a pas encore pu l'enregistrer ; nouvel envoi dans { $ms } ms.
notice-bye = Le serveur a fermé la connexion : { $reason }.
notice-refused = { $message } ({ $code })
notice-refused-about = { $what } : { $message } ({ $code })
notice-rematch = Revanche
notice-room-created = Salle créée : prenez une place (Entrée), ajoutez un robot (a) à une place libre.
notice-you-sit = Vous jouez { $seat }.
notice-bot-sits = Un robot joue { $seat }.
notice-rematch-in = Vous êtes partant pour une revanche : elle s'ouvre quand tous les joueurs le sont.
notice-rematch-out = Pas de revanche pour vous.
notice-rematch-begun = La revanche a commencé.
notice-new-guest = Le serveur ne connaissait pas votre jeton : vous y êtes un nouvel invité.
notice-name-refused = Le serveur a refusé votre nom : { $message }. Appuyez sur e à l'accueil pour en choisir un autre.
notice-no-list = Impossible d'obtenir la liste des salles : { $message }
notice-no-such-room = Il n'y a pas de salle { $room } sur ce serveur.
notice-room-private = Cette salle est privée : ouvrez-la avec son lien ou son code d'invitation (j à l'accueil).
notice-cannot-watch = Impossible de regarder cette salle : { $message } ({ $code }).
notice-moved-on = { $action } : la partie a avancé avant que votre coup arrive ; il n'a pas été joué.
seat-some = une place

## Pourquoi lodestone play s'est arrêté (affiché après avoir quitté l'écran).
exit-bad-name = « { $name } » ne peut pas être un nom : utilisez de 1 à 32 caractères, sans caractères de contrôle
exit-no-config-dir = impossible de trouver votre dossier de configuration (HOME est-il défini ?) ; passez --identity FICHIER
exit-unreachable = impossible de joindre { $server } : { $error }
exit-no-terminal = lodestone play a besoin d'un terminal (il dessine tout l'écran)
exit-terminal = impossible d'utiliser le terminal : { $error }
exit-draw = impossible de dessiner dans le terminal : { $error }
exit-keyboard = impossible de lire le clavier : { $error }
exit-signals = impossible d'écouter les signaux : { $error }
exit-connection-stopped = la connexion ne fonctionne plus ; relancez lodestone play
identity-not-one = { $file } n'est pas un fichier d'identité ({ $error }) ; déplacez-le ou passez --identity FICHIER
identity-unreadable = impossible de lire { $file } : { $error }
identity-unwritable = impossible d'écrire { $file } : { $error }
guest-name = Invité { $number }
