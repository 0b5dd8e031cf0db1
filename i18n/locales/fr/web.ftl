# Le client du navigateur (clients/web). Chaque id commence par `web-`.
# Les coups, les cases (`D4`, `e3-e5`), les clés et valeurs d'options du
# protocole, les codes et les noms des joueurs ne se traduisent pas : ils
# arrivent en arguments.

## Le cadre de la page.
web-nav-sections = Rubriques
web-nav-tournaments = Tournois
web-whoami-playing-as = Vous jouez en tant que
web-connection-connecting = Connexion au serveur…
web-connection-lost = Connexion perdue — reconnexion…
web-connection-lost-retry = Connexion perdue — reconnexion… (prochain essai dans { $seconds } s)
web-connection-not-live = Pas connecté pour l’instant : rien n’a été envoyé. Attendez la reconnexion.

## Réglages.
web-settings = Réglages
web-settings-language = Langue
web-settings-language-auto = La langue du navigateur
web-settings-confirm = Confirmer chaque coup :
web-settings-confirm-touch = sur les écrans tactiles
web-settings-confirm-always = toujours
web-settings-confirm-never = jamais
web-settings-confirm-hint = Sur un écran tactile, un coup d’un seul toucher demande un oui ; un coup de deux touchers ou plus (une pièce, puis sa destination) est joué par le dernier. Un coup qui perd aussitôt, ou qui laisse l’adversaire gagner sur-le-champ, est toujours confirmé.
web-settings-turn-board = Tourner le plateau de mon côté
web-settings-sound = Un son quand c’est mon tour
web-settings-animate = Animer les coups (touchez le plateau pour passer ; jamais quand le système demande moins de mouvement)

## Couleurs des places.
web-color-white = blanc
web-color-black = noir
web-color-red = rouge
web-color-blue = bleu
web-color-yellow = jaune

## Le salon.
web-game-title-magneton = Magneton — posez et faites glisser des pierres sur 8×8 ; quatre alignées après une attraction magnétique gagnent (le plus facile à apprendre)
web-game-title-magnetism = Magnetism — déplacez votre aimant, puis attirez ou repoussez une pièce ; course vers la dernière rangée
web-game-title-magnet = Magnet — des pièces cachées sur un hexagone de 91 points, attirées par l’aimant
web-game-title-magma = Magma — de 2 à 6 joueurs sur 91 hexagones, avec équipes et minuteurs brûlants
web-lobby-no-games = Le serveur n’a pas donné la liste de ses jeux (HTTP { $status }).
web-seat-taken = { $name } ({ $color })
web-seat-free = place libre ({ $color })
web-lobby-renamed = Vous êtes maintenant { $name }.
web-lobby-display-name = Nom affiché
web-lobby-save = Enregistrer
web-lobby-loading-games = Chargement des jeux…
web-lobby-no-open-rooms = Aucune salle ouverte pour l’instant : créez-en une et envoyez son lien à un ami.
web-lobby-no-match = Aucune salle ouverte ne correspond à ces filtres.
web-lobby-any-game = tous les jeux
web-lobby-any-number = n’importe quel nombre
web-lobby-n-players = { $count } joueurs
web-lobby-game = Jeu
web-lobby-options = Options
web-lobby-players = Joueurs
web-lobby-in-progress = Parties en cours
web-lobby-paste-invite = Collez un lien d’invitation
web-lobby-new-room = Nouvelle salle
web-lobby-your-games = Vos parties
web-lobby-open-rooms = Salles ouvertes
web-lobby-invite-link = Lien d’invitation
web-lobby-not-a-room-link = Ce n’est pas un lien de salle Lodestone (il n’a pas de partie #/room/).
web-lobby-open = Ouvrir
web-lobby-the-games = Les jeux
web-lobby-you = Vous
web-lobby-create-room = Créer la salle
web-lobby-play-computer = Jouer contre l’ordinateur
web-lobby-at-level = au niveau
web-lobby-no-options = Ce jeu n’a pas d’options.
web-lobby-usual-value = { $value } (habituel)
web-lobby-listed = Affichée dans le salon (sinon seules les personnes ayant le lien d’invitation peuvent rejoindre ou regarder)
web-lobby-taken = { $taken } sur { $seats }
web-lobby-taken-by = { $taken } sur { $seats } : { $players }
web-lobby-show-more = Afficher { $more } de plus sur { $total } parties en cours
web-lobby-watch = Regarder
web-lobby-game-loading = Une partie (chargement…)
web-lobby-waiting-players = en attente de joueurs
web-lobby-finished = terminée
web-lobby-your-turn = à vous de jouer
web-lobby-waiting-for = en attente de { $names }

## Options des salles et leurs valeurs.
web-option-pair = { $name } : { $value }
web-option-standard = règles standard
web-option-none = aucun
web-option-on = activé
web-option-off = désactivé
web-option-yes = oui
web-option-no = non
web-option-move-rule = Glissement des pierres
web-option-move-rule-line = Règle de la ligne
web-option-move-rule-per-ray = Par direction
web-option-repetition = Troisième répétition
web-option-repetition-on = est nulle
web-option-repetition-off = on continue
web-option-setup = Mise en place
web-option-setup-chosen = chaque camp place ses pièces en secret
web-option-setup-random = distribuée au hasard
web-option-trap-victims = Une pièce perdue dans un piège
web-option-trap-victims-hidden = reste secrète
web-option-trap-victims-revealed = est montrée
web-option-players = Joueurs
web-option-solo = Couleur en solo (cinq joueurs)
web-option-board = Plateau
web-option-board-zigzag = Zigzag (coins en pointe)
web-option-board-radius5 = Hexagone simple
web-option-timer = Minuteur de tour
web-option-timer-hot = Brûlant : 30 s par tour
web-option-timer-white-hot = Chauffé à blanc : un sablier qui passe de main en main
web-option-clock = Pendule
web-option-clock-5-3 = 5 minutes chacun, +3 s par coup
web-option-clock-10-5 = 10 minutes chacun, +5 s par coup
web-option-clock-30s-move = 30 s par coup
web-option-clock-1d-move = 1 jour par coup
web-option-clock-3d-move = 3 jours par coup (par correspondance)
web-option-clock-bank = 10 jours, +36 h par coup, au plus 10 jours (par correspondance)
web-option-absent = Si un joueur est absent
web-option-absent-wait = on l’attend
web-option-absent-claim = les autres peuvent réclamer la partie à leur tour
web-option-absent-bot = un robot joue pour lui jusqu’à son retour
web-option-rated = Classée
web-option-rated-yes = oui : change les classements (comptes seulement, pas de robots)
web-option-first = Premier à jouer
web-option-first-seat = place { $seat }
web-option-chat = Discussion
web-option-rated-bots = Comptes robots en parties classées
web-option-spectators = Spectateurs
web-option-spectators-public = tout le monde peut regarder
web-option-spectators-link = seulement avec l’invitation
web-option-spectators-off = personne avant la fin
web-option-spectator-delay = Les spectateurs voient la partie
web-option-spectator-delay-live = en direct
web-option-spectator-delay-plies = { $count ->
    [one] avec { $count } demi-coup de retard
   *[other] avec { $count } demi-coups de retard
}
web-option-weekends = Week-ends
web-option-weekends-run = les pendules tournent
web-option-weekends-pause = les pendules s’arrêtent (UTC)

## Les coups en mots.
web-action-pass = passe
web-action-end-propose = propose de finir la partie
web-action-end-agree = accepte de finir la partie
web-action-end-refuse = refuse de finir la partie
web-action-timeout = a dépassé le temps
web-action-magma-enter = fait entrer une pièce : { $path }
web-action-magma-remove = retire la pièce en { $cell }
web-action-magnetism-magnet = pose l’aimant en { $cell }
web-action-magnetism-move = aimant en { $magnet }, pièce { $from }→{ $to }
web-action-magneton-slide = fait glisser { $path }
web-action-magneton-drop = pose en { $cell }
web-action-magnet-setup = a placé ses pièces
web-action-magnet-magnet = aimant en { $cell }
web-action-magnet-order = pièces de { $cells } dans cet ordre
web-action-magnet-promote = promeut en { $cells }

## Les pièces et ce qu'un coup a fait.
web-piece-piece = pièce
web-piece-magnet = aimant
web-piece-a-piece = une pièce
web-piece-the-king = le Roi
web-piece-the-magnet = l’aimant
web-piece-a-trap = un piège { $value }
web-piece-a-kind = un { $kind }
web-effect-place = { $piece } en { $cell }
web-effect-place-side = { $piece } ({ $side }) en { $cell }
web-effect-move-magnet = aimant { $path }
web-effect-enter = entrée { $path }
web-effect-push = { $from }→{ $to } repoussée
web-effect-pull = { $from }→{ $to } attirée
web-effect-capture = { $cell } a pris { $piece }
web-effect-trapped = { $cell } : { $piece } détruit par un piège
web-effect-promote = { $cell } promue au rang { $rank }
web-effect-remove = { $cell } retirée
web-effect-remove-side = { $cell } retirée ({ $side })
web-effect-line = ligne gagnante { $cells }
web-effect-claim = { $side } prend { $count ->
    [one] { $count } case
   *[other] { $count } cases
}

## La fin d'une partie.
web-end-no-result = Pas de résultat.
web-end-a-draw = Partie nulle.
web-end-wins = { $count ->
    [one] { $won } gagne.
   *[other] { $won } gagnent.
}
web-end-resigned = { $by } a abandonné.
web-end-out-of-time = { $by } a dépassé le temps de la pendule de la salle.
web-end-claimed = { $by } était absent à son tour, alors { $won } a réclamé la partie.
web-end-claimed-others = { $by } était absent à son tour, alors les autres ont réclamé la partie.
web-end-draw-agreed = Une nulle a été proposée et acceptée : les deux camps sont d’accord.
web-end-aborted = { $by } a annulé la partie avant que chaque joueur ait joué : elle n’a pas de résultat.
web-end-closed = { $owner } a fermé la salle avant le début de la partie.
web-end-closed-owner = Le propriétaire a fermé la salle avant le début de la partie.
web-end-abandoned = Tous les joueurs sont restés absents trop longtemps : la partie a été abandonnée sans résultat.
web-end-expired = Personne n’a lancé la partie à temps : la salle a expiré.
web-end-four-in-a-row = { $won } a aligné quatre pierres, mises en place par l’effet magnétique.
web-end-all-far-row = { $won } a amené ses { $count } pièces sur la dernière rangée.
web-end-ahead-far-row = { $won } a pris l’avantage sur la dernière rangée, { $ahead } à { $behind }, et le coup suivant de { $lost } n’a pas égalisé.
web-end-cannot-move = { $lost } n’a pas pu jouer un coup complet.
web-end-king-captured = { $won } a pris le Roi de { $lost }.
web-end-king-trapped = Le Roi de { $lost } a pris un piège et a été détruit avec lui.
web-end-king-centre = Le Roi de { $won } est resté au centre pendant tout un tour.
web-end-two-king-race = Il ne restait que les deux Rois, et celui de { $won } a atteint le centre le premier.
web-end-repetition = La même position est revenue une troisième fois : partie nulle.
web-end-neither-can-move = Aucun camp ne pouvait jouer : partie nulle.
web-end-agreed = Les deux camps ont accepté la nulle.
web-end-all-passed = Tout le monde a passé à la suite : la partie a été comptée.
web-end-agreed-end = Tout le monde a accepté de finir : la partie a été comptée.
web-end-scores = Scores : { $scores }.
web-end-out = (éliminé)
web-end-tie-goes-to = Les meilleurs scores étaient à égalité ; { $color } a joué en dernier et l’emporte.
web-end-tie-draw = Les meilleurs scores étaient à égalité et aucune couleur à égalité n’a joué : partie nulle.

## La case où l'on peut taper un coup.
web-typed-hint-magneton = p. ex. D4, ou D4-D6 quand les mains sont vides
web-typed-hint-magnetism = p. ex. magnet g3, puis (f5) j1-g4
web-typed-hint-magnet = p. ex. F6, ou F6 E5,G6 pour un ordre
web-typed-hint-magma = p. ex. e3-e5, enter d10, ou pass

## Pendules.
web-clock-for-you = pour vous
web-clock-for-seat = pour { $seat }
web-clock-left = { $time } restant { $whom }
web-clock-stale = (pas en direct : en attente du serveur)
web-clock-stale-title = pas en direct : cette pendule est arrêtée jusqu’au retour de la connexion
web-clock-turn = tour { $time }
web-clock-days-hours = { $days } j { $hours } h

## Places.
web-seat-stand-in = ⚙ un robot joue pour lui
web-seat-stand-in-title = absent trop longtemps : un robot joue à cette place jusqu’à son retour
web-seat-connected = connecté
web-seat-not-connected = pas connecté
web-seat-online = ● en ligne
web-seat-away = ○ ailleurs
web-seat-absent = ○ absent
web-seat-nobody = personne
web-seat-the-seat = la place ({ $color })

## Comptes robots.
web-bot-made = Ce compte est maintenant un compte robot.
web-bot-make-sure = Oui, en faire un compte robot pour de bon
web-bot-explain = Un programme peut jouer avec ce compte (docs/bots.md) une fois que c’est un compte robot : il est montré partout comme un robot, et ne joue contre des personnes en parties classées que là où une salle le permet. C’est irréversible, et un compte qui a joué des parties classées ne peut pas le devenir.
web-bot-make = Faire de ce compte un compte robot…
web-bot-is-bot = C’est un compte robot : son programme dit bonjour avec un jeton d’API au lieu du mot de passe.
web-bot-token-made = créé le { $date }
web-bot-token-revoked = Le jeton { $label } est révoqué.
web-bot-revoke = Révoquer
web-bot-no-tokens = Pas encore de jeton d’API.
web-bot-token-name = Nom d’un nouveau jeton
web-bot-make-token = Créer un jeton
web-bot-token-shown = Le jeton { $label }, montré seulement maintenant :
web-bot-unavailable = Les réglages du robot ne sont pas disponibles pour l’instant.
web-bot-account = Compte robot

## Vacances.
web-vacation-tag = en vacances jusqu’au { $until }
web-vacation-tag-title = Ses pendules par correspondance sont arrêtées en attendant.
web-vacation-placeholder = De retour le 12
web-vacation-take = Partir en vacances
web-vacation-end = Revenir maintenant
web-vacation-taken = Vos pendules par correspondance sont arrêtées jusqu’à votre retour.
web-vacation-days = Jours
web-vacation-message = Message à vos adversaires
web-vacation = Vacances
web-vacation-hint = En vacances, vos pendules des parties par correspondance (un jour ou plus par coup) sont arrêtées ; vos adversaires voient jusqu’à quand.
web-vacation-days-left = Il vous reste { $left ->
    [one] { $left } jour
   *[other] { $left } jours
} de vacances sur { $total } cette année.
web-vacation-on-until = En vacances jusqu’au { $until }. { $left }
web-vacation-back = Bon retour : vos pendules tournent à nouveau.

## Notifications, parties où c'est votre tour, page hors ligne.
web-notify-unsupported = Ce navigateur ne peut pas recevoir de notifications (sur un iPhone, ajoutez d’abord Lodestone à l’écran d’accueil).
web-notify-blocked = Les notifications sont bloquées pour ce site : autorisez-les dans les réglages du navigateur.
web-notify-no-key = Le serveur n’a pas de clé de notification (HTTP { $status }).
web-notify-me = Me prévenir quand c’est mon tour
web-notify-on = Notifications activées (cet appareil)
web-notify-enabled = Cet appareil sera prévenu quand ce sera votre tour.
web-turns-your-move = { $count ->
    [one] À vous de jouer dans { $count } partie
   *[other] À vous de jouer dans { $count } parties
}
web-turns-next = Suivante : { $game }
web-offline = Vous êtes hors ligne.
web-offline-games = Les parties telles que vues la dernière fois (en lecture seule jusqu’au retour du réseau) :
web-offline-your-move-since = { $game } : à vous de jouer depuis le { $since }
web-offline-other = Une partie qui attend un autre joueur

## Comptes, pages des joueurs et classements.
web-key-magma-players = { $game }, { $count } joueurs
web-server-answered = Le serveur a répondu { $status }.
web-rating-provisional = { $rating } (provisoire)
web-account-give-both = Donnez un nom et un mot de passe (de 8 à 128 caractères).
web-account-registered = Vous êtes maintenant le compte { $name } : connectez-vous avec lui sur un autre appareil.
web-account-welcome-back = Bon retour, { $name }.
web-account-optional = Facultatif : un compte garde vos parties et vos classements sur chaque appareil. Pas besoin d’adresse e-mail.
web-account-name = Nom du compte
web-account-password = Mot de passe
web-account-login = Se connecter
web-account-register = Faire de cet invité un compte
web-account-status = Compte
web-account-your-page = votre page
web-account-unavailable = Les comptes ne sont pas disponibles pour l’instant.
web-account = Compte
web-account-leaderboards = Classements :
web-player-you = Vous
web-player-safety = Sécurité et mes données
web-player-block-or-report = Bloquer ou signaler
web-player-unblock = Débloquer { $name }
web-player-block = Bloquer { $name }
web-player-report = Signaler { $name }
web-player-loading = Chargement du joueur…
web-player-game = Jeu
web-player-rating = Classement
web-player-rated-games = Parties classées
web-player-no-rated = Pas encore de partie classée.
web-player-recent-result = { $game } : { $result }
web-player-rated = (classée)
web-player-no-finished = Pas encore de partie terminée.
web-back-to-lobby = ← Salon
web-player-bot-account = Un compte robot : un programme le joue.
web-player-computer = Un joueur ordinateur.
web-player-account = Un compte.
web-player-guest = Un invité.
web-player-ratings = Classements
web-player-rating-explained = Un classement est l’estimation du niveau moins trois fois son incertitude (Weng-Lin) ; provisoire jusqu’à cinq parties classées.
web-player-recent = Parties récentes
web-leaderboard-loading = Chargement du classement…
web-leaderboard = Classement : { $game }
web-leaderboard-player = Joueur
web-leaderboard-bot = robot
web-leaderboard-empty = Personne n’a encore joué de partie classée de ce type.
web-default-name = Invité { $number }

## La salle.
web-room = Salle
web-room-invite-friend = Inviter un ami
web-room-type-move = Taper un coup
web-room-play = Jouer
web-room-download-record = Télécharger la partie
web-room-moved-on = La partie a avancé avant l’arrivée de votre coup : il n’a pas été joué.
web-room-moves = Coups
web-room-not-legal = « { $move } » n’est pas l’un de vos coups légaux en ce moment.
web-room-no-record = La partie n’est pas disponible (HTTP { $status }).
web-room-private = privée
web-room-invite-link = Lien d’invitation :
web-room-link-copied = Lien copié.
web-room-copy = Copier
web-room-closed = Cette salle est fermée.
web-room-back-to-lobby = Retour au salon
web-room-board-later = Le plateau apparaît quand la partie commence.
web-room-secret-action = a joué une action secrète
web-room-last-move = Dernier coup : { $who } { $what }.
web-room-no-such-room = Cette salle n’existe pas.

## Les places.
web-seats = Places
web-seat-plays-nth = { $color } · joue { NUMBER($n, type: "ordinal") ->
    [one] en { $n }er
   *[other] en { $n }e
}
web-seat-team = équipe { $n }
web-seat-free-mark = — libre —
web-seat-you = vous
web-seat-bot = robot
web-seat-owner = propriétaire
web-seat-to-act = ◀ doit jouer
web-seat-sit = S’asseoir ici
web-seat-remove-bot = Retirer le robot
web-seat-kick-ask = Libérer la place de { $name } ? Il ou elle pourra toujours regarder.
web-seat-kick-yes = Libérer la place
web-seat-kick = Libérer la place
web-seat-bot-level = Force du robot
web-seat-bot-level-option = { $name } : { $description }
web-seat-add-bot-title = Un joueur ordinateur prend cette place
web-seat-add-bot = Ajouter un robot
web-seat-you-own = Cette salle est à vous.
web-seat-owns = Cette salle est à { $name }.
web-seat-close-ask = Fermer cette salle pour de bon ? Tous ceux qui y sont perdent leur place.
web-seat-close-yes = Fermer la salle
web-seat-close = Fermer la salle
web-seat-leave = Quitter la place
web-seat-start = Commencer la partie
web-seat-start-waiting = Commencer (en attente de chaque place)

## Demander avant un coup.
web-confirm-loses = Ce coup perd la partie aussitôt.
web-confirm-allows-win = Après ce coup, votre adversaire peut gagner sur-le-champ.
web-confirm-play-it = Le jouer
web-confirm-cancel = Annuler
web-confirm-play-anyway = Le jouer quand même : { $move } ({ $action }) ?
web-confirm-play-this = Jouer ce coup : { $move } ({ $action }) ?
web-title-your-turn = ● À vous · { $game }

## La connexion.
web-connection-lost-request = La connexion a été perdue ; la demande n’est peut-être pas arrivée.
web-connection-not-connected = Pas connecté au serveur pour l’instant.

## Choisir un coup sur le plateau.
web-pick-chosen = Choisi : { $path }
web-pick-play = Jouer { $action }
web-pick-cancel = Annuler (Échap)
web-board-whole = ⤢ Tout le plateau
web-board-cannot-draw = Ce client ne sait pas encore dessiner { $game } ; la position est :

## La table : à qui le tour, offres, abandon, fin de partie.
web-table-closed = Cette salle est fermée.
web-table-closed-why = Cette salle est fermée. { $why }
web-table-waiting-players = En attente de joueurs : { $taken ->
    [one] { $taken } place prise
   *[other] { $taken } places prises
} sur { $seats }.
web-table-all-seated = Toutes les places sont prises : n’importe quel joueur peut commencer.
web-table-over = La partie est terminée.
web-table-end-proposed = { $who } propose de finir la partie. Êtes-vous d’accord ?
web-table-end-agree = Accepter de finir
web-table-end-refuse = Refuser, continuer
web-table-end-waiting = { $who } propose de finir la partie ; en attente de la réponse de { $names }.
web-table-penalty-yours = { $who } a dépassé le temps : touchez une des pièces { $color } pour la retirer.
web-table-penalty-waiting = { $who } a dépassé le temps ; en attente que { $names } retire une des pièces { $color }.
web-table-your-turn-together = À vous de jouer (les autres choisissent en même temps).
web-table-your-turn = À vous de jouer.
web-table-waiting-for = En attente de { $names }.
web-table-watching-waiting-for = Vous regardez. En attente de { $names }.
web-table-draw-waits = Votre offre de nulle attend une réponse.
web-table-draw-offered = { $who } propose la nulle.
web-table-draw-accept = Accepter la nulle
web-table-decline = Refuser
web-table-offer-draw = Proposer la nulle
web-table-resign-ask = Abandonner cette partie ? Elle compte comme une défaite.
web-table-resign = Abandonner
web-table-berserk-ask = Passer en berserk ? La moitié de votre temps de départ disparaît et vous n’avez plus d’incrément ; une victoire rapporte un point de plus.
web-table-berserk = Berserk
web-clock-berserk = berserk
web-table-claim-ask = Réclamer la partie ? { $names } perdra comme au temps.
web-table-claim-yes = Réclamer
web-table-claim = Réclamer la partie
web-table-abort-ask = Annuler cette partie ? Elle se termine sans résultat et la salle ferme.
web-table-abort-yes = Annuler la partie
web-table-abort = Annuler
web-table-rematch-played = Une revanche a été jouée après cette partie.
web-table-rematch-go = Aller à la revanche
web-table-rematch-proposed-by = { $who } propose une revanche.
web-table-rematch = Revanche
web-table-rematch-waiting = Revanche proposée : en attente de { $names }.
web-table-withdraw = Retirer
web-table-rematch-accept = Accepter la revanche
web-table-you-win = Vous gagnez !
web-table-you-lose = Vous perdez.
web-table-game-over = Partie terminée.
web-table-line-drawn = La ligne gagnante est tracée sur le plateau.
web-table-far-row-marked = Les pièces du gagnant sur la dernière rangée sont marquées sur le plateau.
web-table-in-record = Dans la partie enregistrée : { $result }

## La discussion de la salle.
web-chat-placeholder = Dites quelque chose
web-chat-to = À
web-chat-off = Le propriétaire de la salle a coupé la discussion.
web-chat-zen = Le mode zen est activé : le serveur ne vous envoie aucune discussion.
web-chat-change-it = Le changer
web-chat-message = Message
web-chat-send = Envoyer
web-chat = Discussion
web-chat-mute-label = Masquer { $name }
web-chat-mute = masquer
web-chat-report-label = Signaler cette ligne de { $name }
web-chat-report = signaler
web-chat-block-label = Bloquer { $name }
web-chat-block = bloquer
web-chat-muted = Masqués sur cet écran :
web-chat-unmute-label = Ne plus masquer { $name }
web-chat-unmute = { $name } (ne plus masquer)
web-chat-to-players = aux joueurs
web-chat-to-team = à mon équipe
web-chat-to-spectators = aux spectateurs
web-chat-turn-on = Activer la discussion
web-chat-turn-off = Couper la discussion

## Parcourir une partie.
web-replay-first = Début
web-replay-back = Précédent
web-replay-forward = Suivant
web-replay-last = Fin
web-replay-link = Lien vers cette position
web-replay-bar = Parcourir la partie
web-replay-live = Direct
web-replay-start = Le début, avant le coup 1 sur { $total }
web-replay-after = Après le coup { $ply } sur { $total }
web-replay-end = La fin : coup { $total } sur { $total }
web-replay-live-move = En direct : coup { $total }
web-replay-where = Relecture. { $where }
web-replay-secret = secret
web-replay-secret-commitment = secret (engagement { $commitment })
## Un tournoi de Magma à équipes fixes pour tout le tournoi (les pages des tournois).
web-tournament-teams-option = Équipes de deux, fixes pour tout le tournoi (Magma, tables de 4 ou 6)
web-tournament-team-name = Votre équipe (un nouveau nom crée une équipe ; le nom d'une équipe la rejoint)
web-tournament-teams = Équipes
web-tournament-teams-caption = Classement des équipes, la meilleure d'abord
web-tournament-team = Équipe
web-tournament-team-players = Joueurs
web-tournament-team-tag = équipe { $team }
