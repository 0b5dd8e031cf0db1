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

## Les plateaux : leurs noms, chaque case telle qu'un lecteur d'écran la dit,
## les panneaux à côté. $side est une couleur du protocole (white, black,
## red, blue, yellow) : on choisit le mot d'après elle pour l'accord.
web-board-magneton = Plateau de Magneton
web-board-magnetism = Plateau de Magnetism
web-board-magnet = Plateau de Magnet
web-board-magma = Plateau de Magma
web-color-letter = { $side ->
    [white] B
    [black] N
    [red] R
    [blue] B
   *[yellow] J
}
web-magnet-letter = A
web-cell-empty = { $cell }, vide
web-cell-magneton-stone = { $cell }, pierre { $side ->
    [white] blanche
   *[black] noire
}
web-cell-magnetism-piece = { $cell }, pièce { $side ->
    [white] blanche
   *[black] noire
}
web-cell-magnetism-magnet = { $cell }, aimant { $side ->
    [white] blanc
   *[black] noir
}
web-cell-magma-piece = { $cell }, pièce { $side ->
    [red] rouge
    [blue] bleue
   *[yellow] jaune
}
web-cell-magma-home = { $cell }, maison de { $who }
web-cell-magnet-piece = { $cell }, { $kind ->
    [hidden] pièce { $side ->
        [red] rouge
       *[blue] bleue
    } cachée
    [king] Roi { $side ->
        [red] rouge
       *[blue] bleu
    }
    [trap] piège { $value } { $side ->
        [red] rouge
       *[blue] bleu
    }
   *[value] { $value } { $side ->
        [red] rouge
       *[blue] bleu
    }
}, rang { $rank }
web-cell-magnet-arranging = { $cell }, votre { $kind ->
    [king] Roi
    [trap] piège { $value }
   *[value] { $value }
} (en cours de placement)

## Ce qu'a fait le dernier coup, ajouté au nom de chaque case pour les
## lecteurs d'écran ($piece est l'un des deux messages ci-dessous).
web-fx-piece = { $kind ->
    [stone] une pierre
    [magnet] un aimant
    [king] un Roi
    [trap] un piège { $value }
    [value] un { $value }
   *[piece] une pièce
}
web-fx-piece-side = { $kind ->
    [stone] une pierre { $side ->
        [white] blanche
        [black] noire
        [red] rouge
        [blue] bleue
       *[yellow] jaune
    }
    [magnet] un aimant { $side ->
        [white] blanc
        [black] noir
        [red] rouge
        [blue] bleu
       *[yellow] jaune
    }
    [king] un Roi { $side ->
        [white] blanc
        [black] noir
        [red] rouge
        [blue] bleu
       *[yellow] jaune
    }
    [trap] un piège { $value } { $side ->
        [white] blanc
        [black] noir
        [red] rouge
        [blue] bleu
       *[yellow] jaune
    }
    [value] un { $value } { $side ->
        [white] blanc
        [black] noir
        [red] rouge
        [blue] bleu
       *[yellow] jaune
    }
   *[piece] une pièce { $side ->
        [white] blanche
        [black] noire
        [red] rouge
        [blue] bleue
       *[yellow] jaune
    }
}
web-fx-placed = on vient de poser ici { $piece }
web-fx-left = { $piece } vient de partir d’ici vers { $to }
web-fx-entered-through = { $piece } vient d’entrer par ici
web-fx-passed = { $piece } vient de passer par ici
web-fx-moved-here = { $piece } vient d’arriver ici depuis { $from }
web-fx-entered-here = { $piece } vient d’entrer ici par sa maison { $home }
web-fx-pushed-away = on vient de repousser { $piece } d’ici vers { $to }
web-fx-pulled-away = on vient d’attirer { $piece } d’ici vers { $to }
web-fx-pushed-here = on vient de repousser { $piece } ici depuis { $from }
web-fx-pulled-here = on vient d’attirer { $piece } ici depuis { $from }
web-fx-captured = on vient de prendre ici { $piece }
web-fx-trapped = un piège vient de détruire ici { $piece }, qui l’avait pris
web-fx-promoted = la pièce d’ici vient de monter au rang { $rank }
web-fx-removed = on vient de retirer d’ici { $piece }
web-fx-claimed = territoire { $color }
web-fx-line = fait partie de la ligne gagnante ({ $color })
web-fx-cell = { $cell } ; dernier coup : { $notes }

## Le panneau de Magneton.
web-magneton-hands-label = Pierres en main
web-magneton-in-hand = En main
web-magneton-hands = Blanc (B) : { $white } · Noir (N) : { $black }
web-magneton-pass = Passer (aucun coup possible)
web-magneton-drop-hint = Phase de pose : touchez une case vide.
web-magneton-move-hint = Phase de glissement : touchez une pierre, puis l’endroit où elle glisse.

## Le panneau de Magnetism.
web-magnetism-magnets = Aimants
web-magnetism-heading = Aimants et course
web-magnetism-magnet-on = aimant { $side ->
    [white] blanc
   *[black] noir
} en { $cell }
web-magnetism-magnet-secret = { $side ->
    [white] Blanc
   *[black] Noir
} a placé son aimant (secret)
web-magnetism-magnet-not-yet = aimant { $side ->
    [white] blanc
   *[black] noir
} pas encore placé
web-magnetism-race = Sur la rangée du fond adverse : blanc { $white }, noir { $black } (sur 12)
web-magnetism-opening-hint = Ouverture secrète : touchez la case de votre aimant (dans votre moitié, hors de votre rangée du fond).
web-magnetism-move-hint = Un coup : touchez la nouvelle case de l’aimant (◆), puis une de vos pièces, puis sa destination.

## Le panneau de Magnet : choisir un tour, le placement, les pièces hors du plateau.
## $kind et $value comme dans web-cell-magnet-piece.
web-magnet-kind = { $kind ->
    [king] Roi
    [trap] piège { $value }
   *[value] { $value }
}
web-magnet-your-move = votre { $kind ->
    [king] Roi
    [trap] piège { $value }
   *[value] { $value }
} { $from }→{ $to }
web-magnet-your-stays = votre { $kind ->
    [king] Roi
    [trap] piège { $value }
   *[value] { $value }
} { $from } (reste en place)
web-magnet-then = { $before }, puis { $after }
web-magnet-summary = Aimant en { $cell } : { $moves }. Les pièces ennemies sur le chemin sont prises (un piège détruit la pièce qui le prend).
web-magnet-summary-none = Aimant en { $cell }.
web-magnet-promote = Promouvoir (la pièce gagne un rang : un pas de plus désormais)
web-magnet-promote-piece = votre { $kind ->
    [king] Roi
    [trap] piège { $value }
   *[value] { $value }
} arrivant en { $cell }, rang { $rank } → { $next }
web-magnet-promote-unknown = la pièce arrivant en { $cell }
web-magnet-order-opening = Quelle pièce bouge (le tour d’ouverture n’en bouge qu’une)
web-magnet-order-first = Quelle pièce bouge en premier
web-magnet-usual-order = { $moves } (l’ordre habituel, ligne par ligne)
web-magnet-waiting-setups = En attente des placements (chaque camp dispose ses pièces en secret).
web-magnet-arrange = Disposez vos pièces : touchez-en deux pour les échanger. Personne d’autre ne les voit ; ce navigateur garde votre disposition jusqu’à ce que vous la confirmiez.
web-magnet-shuffle = Mélanger
web-magnet-confirm-setup = Confirmer le placement
web-magnet-off-label = Pièces hors du plateau
web-magnet-off = Hors du plateau
web-magnet-losses = { $name } ({ $color }) : { $losses }
web-magnet-lost = a perdu { $kinds } par des prises
web-magnet-lost-nothing = n’a rien perdu par des prises
web-magnet-destroyed = { $lost } ; { $count ->
    [one] { $count } détruite
   *[other] { $count } détruites
} par des pièges
web-magnet-destroyed-which = { $lost } ; { $count ->
    [one] { $count } détruite
   *[other] { $count } détruites
} par des pièges ({ $kinds })
web-magnet-hint = Les pièces rouges sont rondes, les bleues carrées. Une pièce montre sa nature (K le Roi, 2–4 sa valeur, T2/T3 un piège, ? cachée) et, une fois promue, un point par rang : le nombre de pas dont l’aimant l’attire.

## Le panneau de Magma.
web-magma-pass = Passer
web-magma-end-propose = Proposer de finir la partie
web-magma-end-agree = Accepter la fin
web-magma-end-refuse = Refuser (continuer)
web-magma-scores = Scores
web-magma-final-scores = Scores finaux
web-magma-scores-now = Scores actuels
web-magma-in-hand = En main : { $hands }
web-magma-hand = { $name } { $count }
web-magma-passes = Passes d’affilée : { $count }
web-magma-vote = { $who } propose de finir la partie ; en attente de { $names }.
web-magma-penalty = { $who } a dépassé le temps : { $chooser } retire une pièce { $side ->
    [red] rouge
    [blue] bleue
   *[yellow] jaune
}.
web-magma-agreed = Tout le monde a accepté de finir la partie.
web-magma-score-hint = Le score d’une couleur : ses pièces sur le plateau + 3 × les cases vides qu’elle seule peut encore atteindre.
web-magma-colour = Couleur
web-magma-pieces = Pièces
web-magma-cells = Cases ×3
web-magma-total = Total

## Comment jouer : les règles de chaque jeu en bref (la fenêtre ouverte depuis le salon et la salle).
web-rules-button = Comment jouer
web-rules-title = Comment jouer à { $game }
web-rules-close = Fermer
web-rules-none = Il n’y a pas encore de résumé de { $game }.
web-rules-hint = Ce sont les règles en bref ; le texte complet, avec chaque décision que nous avons prise, est dans docs/rules du projet.
web-rules-a-turn = Un tour
web-rules-winning = Gagner
## Magneton.
web-rules-magneton-lead = Deux joueurs, blanc et noir, douze pierres chacun, sur un plateau de 8×8. Alignez-en quatre après que les pierres ont été attirées et repoussées.
web-rules-magneton-turn-drop = Tant que vous avez des pierres en main, posez-en une sur n’importe quelle case vide. Quand les deux mains sont vides, faites plutôt glisser une de vos pierres.
web-rules-magneton-turn-magnet = À partir de la troisième pierre, la pierre que vous venez de poser (ou de faire glisser) agit comme un aimant sur les huit lignes qui en partent, sur la pierre la plus proche de chaque ligne : une pierre adverse est attirée juste à côté d’elle ; une des vôtres est repoussée jusqu’à rencontrer une pierre ou le bord.
web-rules-magneton-figure-drop = Blanc pose une pierre en D4 : sa propre pierre de D6 est repoussée jusqu’en D8 ; la pierre noire de F4 est attirée juste à côté, en E4.
web-rules-magneton-slide = Glisser (une fois les mains vides)
web-rules-magneton-slide-text = Regardez chaque ligne qui passe par votre pierre. Si un seul côté de cette ligne porte une pierre, vous pouvez glisser : vers une pierre adverse jusqu’à la toucher, ou loin de votre propre pierre jusqu’au bord. (L’option « Par direction » juge chacune des huit directions séparément.)
web-rules-magneton-win-text = Quatre pierres d’une couleur ou plus alignées (en ligne, en colonne ou en diagonale) gagnent, mais seulement si l’effet magnétique de ce tour a déplacé au moins l’une d’elles. Le propriétaire de la ligne gagne même quand c’est le tour de l’adversaire qui l’a formée : surveillez ce que font vos attractions !
web-rules-magneton-figure-win = Noir pose en C3 et attire la pierre blanche de C6 jusqu’en C4 et celle de H3 jusqu’en D3 : blanc a maintenant F1–E2–D3–C4 et gagne.
web-rules-magneton-draws = Parties nulles
web-rules-magneton-draws-text = Quand la même position revient pour la troisième fois, ou quand aucun joueur ne peut jouer, la partie est nulle. Un joueur qui ne peut pas jouer doit passer.
## Magnetism.
web-rules-magnetism-lead = Deux joueurs font la course avec leurs douze pièces jusqu’à l’autre bout d’un plateau de 12×8, déplacées uniquement par leur propre aimant.
web-rules-magnetism-opening = L’ouverture secrète
web-rules-magnetism-opening-text = Chaque joueur place d’abord un aimant en secret, dans sa moitié et hors de sa rangée du fond (blanc : rangées 2 à 4, noir : rangées 5 à 7). Les deux sont révélés ensemble ; puis blanc joue.
web-rules-magnetism-move = Un coup : deux parties, toutes deux obligatoires
web-rules-magnetism-move-magnet = Votre aimant se déplace comme une dame aux échecs, uniquement sur des cases vides.
web-rules-magnetism-move-piece = Puis une de vos pièces alignée avec la nouvelle case de l’aimant est attirée vers lui ou repoussée, le long de cette ligne, sur des cases vides. La case que l’aimant vient de quitter compte comme vide.
web-rules-magnetism-figure-move = Le coup de blanc (f5) j1-g4 : l’aimant va de g4 en f5, puis attire la pièce de j1 le long de la diagonale jusqu’en g4.
web-rules-magnetism-blocks = L’aimant adverse bloque l’attraction et la répulsion de votre aimant ; les pièces, non.
web-rules-magnetism-win-text = Comptez vos pièces sur la rangée du fond adverse. Quand un coup vous met en tête, votre adversaire a exactement un coup pour égaliser ; s’il n’y parvient pas, vous gagnez. Les douze arrivées gagnent aussitôt. Un joueur qui ne peut pas jouer un coup entier perd ; la troisième répétition d’une position est nulle.
## Magnet (K, T2, T3 et les cases sont la notation : elles restent).
web-rules-magnet-lead = Deux joueurs, rouge et bleu, avec chacun douze pièces cachées sur les 91 points d’un hexagone. Prenez le Roi ennemi, ou amenez votre propre Roi au centre et gardez-l’y pendant un tour.
web-rules-magnet-pieces = Les pièces
web-rules-magnet-king = K : le Roi (valeur 1). Prenez celui de l’ennemi et vous gagnez.
web-rules-magnet-values = 2, 3, 4 : des pièces ordinaires de cette valeur.
web-rules-magnet-traps = T2, T3 : des pièges. Une pièce qui prend un piège est retirée elle aussi (un Roi qui le fait perd).
web-rules-magnet-rank = Le rang : le nombre de pas que fait une pièce. Il commence à 1 et augmente d’un chaque fois que vous promouvez la pièce après qu’elle a bougé, jusqu’à sa valeur. Les points sous une pièce le montrent.
web-rules-magnet-hidden = Vous voyez la nature de vos pièces ; celles de l’adversaire n’apparaissent que comme « ? » avec leur rang, jusqu’à ce qu’elles soient prises.
web-rules-magnet-figure-start = Le départ vu par rouge : les pièces rouges sur les bords gauche et haut, avec leur nature, les bleues cachées en bas et à droite. L’étoile marque le centre, F6.
web-rules-magnet-turn-text = Posez l’aimant sur n’importe quel point. Sur chacune des six lignes qui en partent, votre pièce la plus proche est attirée vers lui d’au plus son rang, en s’arrêtant sur le point de l’aimant ou avant une de vos propres pièces. Les pièces ennemies ne bloquent pas : chaque pièce ennemie que votre pièce survole ou sur laquelle elle s’arrête est prise.
web-rules-magnet-turn-order = Quand plusieurs pièces sont attirées, vous pouvez choisir leur ordre ; le client décrit en mots les ordres qui ne finissent pas de la même façon. Après le tour, chaque pièce qui a bougé peut être promue. Le tout premier tour de rouge ne déplace qu’une pièce.
web-rules-magnet-win-text = Prenez le Roi ennemi ; ou commencez votre tour avec votre Roi sur le centre F6. Quand il ne reste que les deux Rois, le premier qui atteint le centre gagne. La troisième répétition est nulle.
web-rules-magnet-setup = Mise en place
web-rules-magnet-setup-text = Avant de jouer, chaque camp dispose en secret ses douze pièces sur ses points de départ (ou, avec l’option au hasard, elles sont distribuées).
## Magma (les lettres des couleurs comme dans web-color-letter).
web-rules-magma-lead = De deux à six joueurs (en équipes de couleur à quatre ou six) font entrer des pièces par les coins de leur maison et s’étendent. La couleur qui a le plus de pièces et de territoire à elle gagne.
web-rules-magma-turn = Un tour : faites l’une de ces choses
web-rules-magma-turn-step = avancer une pièce de votre couleur sur une case voisine vide,
web-rules-magma-turn-jump = ou la faire sauter par-dessus une pièce voisine de votre couleur jusqu’à la case vide juste derrière, autant de fois que vous voulez dans un même coup,
web-rules-magma-turn-enter = ou faire entrer une pièce par votre maison (⌂) : dessus si elle est vide, ou en sautant par-dessus votre propre pièce qui s’y trouve,
web-rules-magma-turn-pass = ou passer.
web-rules-magma-figure-board = Le plateau en zigzag. Les six coins sont les maisons (⌂ avec la lettre de la couleur : R rouge, B bleu, J jaune) ; à deux joueurs, rouge commence en d10 et bleu en j1.
web-rules-magma-end = La fin
web-rules-magma-end-text = La partie se termine quand tout le monde passe d’affilée, ou quand tous acceptent de la finir : au lieu de jouer, le joueur au trait peut proposer la fin, et tous les autres répondent oui ou non.
web-rules-magma-scoring = Le décompte
web-rules-magma-scoring-text = Chaque couleur marque ses pièces sur le plateau plus 3 pour chaque case vide qu’elle seule pourrait encore atteindre avec une pièce. En cas d’égalité, la couleur à égalité qui a joué en dernier gagne.
web-rules-magma-hot = Brûlant et Chauffé à blanc
web-rules-magma-hot-text = Avec un minuteur, un tour dure 30 secondes (Chauffé à blanc : un sablier qui passe de main en main, si bien qu’un tour rapide en laisse moins au joueur suivant). Qui dépasse le temps perd son tour, et le joueur précédent retire une de ses pièces.

## La console des modérateurs (#/console). Statuts, rôles et genres arrivent
## en codes et se choisissent par ($status, $role, $kind) ; les noms d'actions
## du journal d'audit restent des codes.
web-console = Console de modération
web-console-asking = Le serveur vérifie qui vous êtes…
web-console-not-for-you = Cette page est réservée aux modérateurs et aux administrateurs.
web-console-you-admin = Vous êtes administrateur.
web-console-you-moderator = Vous êtes modérateur.
web-console-reason = Motif des actions
web-console-reason-placeholder = pourquoi (gardé dans le journal d’audit)
web-console-write-reason = Écrivez d’abord un motif (le champ en haut).
web-console-refresh = Actualiser
web-console-lookup = L’historique d’un joueur (nom ou id)
web-console-show = Afficher
web-console-none = aucun
web-console-action = Action
web-console-action-none = aucune action
web-console-action-timeout-10 = exclusion de la discussion, 10 minutes
web-console-action-timeout-60 = exclusion de la discussion, 1 heure
web-console-action-timeout-1440 = exclusion de la discussion, 24 heures
web-console-action-ban-1440 = bannir pour un jour
web-console-action-ban-10080 = bannir pour une semaine
web-console-action-ban-forever = bannir définitivement
web-console-action-close = fermer la salle
web-console-kind = { $kind ->
    [ban] bannissement
    [timeout] exclusion de la discussion
   *[rated_ban] interdiction de parties classées
}
web-console-timeout-given = Exclusion de la discussion prononcée.
web-console-ban-given = Bannissement prononcé.
web-console-address-banned = Adresse bannie.
web-console-room-closed = Salle fermée.
web-console-col-room = Salle
web-console-col-game = Jeu
web-console-col-status = Statut
web-console-col-players = Joueurs
web-console-col-listed = Listée
web-console-col-act = Agir
web-console-col-name = Nom
web-console-col-address = Adresse
web-console-col-connections = Connexions
web-console-col-kind = Genre
web-console-col-whom = Qui
web-console-col-where = Où
web-console-col-reason = Motif
web-console-col-until = Jusqu’à
web-console-col-result = Résultat
web-console-col-rated = Classée
web-console-col-ended = Terminée
web-console-col-when = Quand
web-console-col-by = Par
web-console-col-about = Visé
web-console-col-given = Prononcée
web-console-col-who = Qui
web-console-col-action = Action
web-console-col-detail = Détail
web-console-col-how = Comment
web-console-live = En direct sur ce nœud
web-console-rooms = Salles en mémoire
web-console-online = Personnes en ligne
web-console-room-status = { $status ->
    [open] ouverte
    [playing] en cours
    [finished] terminée
   *[closed] fermée
}
web-console-public = publique
web-console-private = privée
web-console-close-room = Fermer la salle { $room }
web-console-close = Fermer
web-console-history-title = Historique de { $name }
web-console-reports-waiting = Signalements en attente ({ $count })
web-console-no-reports = Aucun signalement en attente.
web-console-report = { $status } { $when } : { $reporter } signale { $player } : « { $reason } »
web-console-report-status = { $status ->
    [open] ouvert
    [taken] pris
    [resolved] résolu
   *[dismissed] classé
}
web-console-context = Contexte : une salle de { $game }
web-console-context-room = Salle { $room }
web-console-line-from = { $name } :
web-console-taken-by = Pris par { $name }
web-console-taken-by-note = Pris par { $name } — { $note }
web-console-take = Prendre
web-console-report-taken = Signalement pris.
web-console-note = Note
web-console-note-placeholder = ce qui a été fait et pourquoi
web-console-write-note = Écrivez d’abord une note.
web-console-resolve = Résoudre
web-console-dismiss = Classer
web-console-report-reason = signalement : { $reason } ; { $note }
web-console-report-resolved = Signalement résolu.
web-console-report-dismissed = Signalement classé.
web-console-in-force = Exclusions et bannissements en vigueur
web-console-sanctions = Sanctions
web-console-everywhere = partout
web-console-for-good = définitivement
web-console-lift-label = Lever { $kind ->
    [ban] le bannissement
    [timeout] l’exclusion de la discussion
   *[rated_ban] l’interdiction de parties classées
} de { $whom }
web-console-lift = Lever
web-console-lifted = Levée.
web-console-lifted-at = levée le { $when }
web-console-target-placeholder = nom, id ou adresse
web-console-give-target = Joueur ou adresse
web-console-give-room = Salle (exclusions)
web-console-give = Prononcer
web-console-rename-to = Renommer ce joueur en
web-console-rename = Renommer
web-console-renamed = Renommé.
web-console-history = Historique de { $name }
web-console-file = { $account ->
    [yes] Compte
   *[no] Invité
}, { $role ->
    [player] joueur
    [moderator] modérateur
   *[admin] administrateur
}, depuis le { $since }.
web-console-make-moderator = Nommer modérateur
web-console-unmake-moderator = Retirer le rôle de modérateur
web-console-role-changed = Rôle modifié.
web-console-games = Parties
web-console-reports-about = Signalements le visant
web-console-reports-by = Signalements qu’il a faits
web-console-actions-about = Actions le concernant
web-console-the-host = l’hôte
web-console-left-games = Parties classées abandonnées
web-console-offense = { $kind ->
    [left] quittée
    [aborted] annulée
   *[other] { $kind }
}
web-console-audit = Journal d’audit (derniers)
web-console-export = Tout exporter (JSON)
web-console-entries = Entrées
web-console-room-short = salle { $room }

## Sécurité et données personnelles (#/safety), bloquer et signaler.
web-safety-blocked = Vous bloquez { $name } : vous ne voyez plus ses messages, et vous ne serez jamais assis à la même table.
web-safety-unblocked = Vous ne bloquez plus { $name }.
web-safety-report-title = Signaler { $name } aux modérateurs
web-safety-report-line = À propos du message : { $line }
web-safety-report-reason = Ce qui ne va pas (les modérateurs le lisent)
web-safety-report-send = Envoyer le signalement
web-safety-report-sent = Votre signalement concernant { $name } est entre les mains des modérateurs.
web-safety-zen = Zen : me cacher tous les messages de discussion
web-safety-mute = Rendre muets les spectateurs de mes parties (ils ne peuvent pas y discuter)
web-safety-zen-now = Zen : { $on ->
    [yes] activé
   *[no] désactivé
}.
web-safety-mute-now = Spectateurs muets : { $on ->
    [yes] oui
   *[no] non
}.
web-safety-blocks = Joueurs que je bloque
web-safety-unblock = Débloquer
web-safety-no-blocks = Vous ne bloquez personne. Bloquez un joueur depuis sa page ou depuis l’un de ses messages.
web-safety-data = Mes données
web-safety-data-hint = Tout ce que le serveur garde sur vous, dans un seul fichier JSON.
web-safety-download = Télécharger mes données (JSON)
web-safety-downloaded = Vos données sont téléchargées.
web-safety-delete = Supprimer mon compte
web-safety-delete-hint = Vos parties restent, votre nom y est remplacé ; vos classements, réglages et blocages disparaissent. C’est irréversible.
web-safety-delete-start = Supprimer mon compte…
web-safety-delete-ask = Supprimer votre compte pour de bon ?
web-safety-delete-password = Tapez votre mot de passe pour confirmer.
web-safety-delete-guest = Vous jouez en invité : cet invité et son nom disparaissent, tout de suite.
web-safety-delete-yes = Oui, supprimer mon compte
web-safety-delete-no = Non, le garder
web-safety-wrong-password = Ce n’est pas votre mot de passe : rien n’a été supprimé.
web-safety-deleted = Votre compte est supprimé.
web-safety-deleted-back = Retour au salon en tant que nouvel invité

## La relecture intégrable (/embed/room/…), affichée dans les pages d'autres sites.
web-embed-versus = { $before } contre { $after }
web-embed-title = { $game } : { $players }
web-embed-title-end = { $game } : { $players } · { $result }
web-embed-at = Coup { $ply } sur { $plies }
web-embed-page-title = Relecture de { $game } · Lodestone

## Tournois : la liste, le formulaire pour en organiser un, la page d'un tournoi.
web-tournament-format-round-robin = Toutes rondes
web-tournament-format-swiss = Système suisse
web-tournament-format-arena = Arène
web-tournament-format-magma = Tournoi Magma (tables)
web-tournament-upcoming = À venir
web-tournament-running = En cours
web-tournament-finished = Terminés
web-tournament-hours = { $hours } h { $minutes } min
web-tournament-minutes = { $minutes } min { $seconds } s
web-tournament-default-name = Ligue du vendredi
web-tournament-name = Nom
web-tournament-format = Formule
web-tournament-rounds = Rondes (suisse, Magma)
web-tournament-arena-minutes = Minutes (arène)
web-tournament-table = Table (Magma)
web-tournament-bots = Les joueurs ordinateur et les comptes robots peuvent s’inscrire
web-tournament-private = Privé (sur invitation)
web-tournament-create = Créer le tournoi
web-tournament-organize = Organiser un tournoi
web-tournament-line = — { $game }, { $format }, { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}, par { $organizer }
web-tournament-line-starts = — { $game }, { $format }, { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}, par { $organizer }, début le { $date }
web-tournament-none = Aucun.
web-tournament-bot-account = Un compte robot : un programme qui joue par le protocole
web-tournament-computer = ordinateur
web-tournament-standings = Classement
web-tournament-rounds-heading = Rondes
web-tournament-go-to-game = Aller à votre partie
web-tournament-your-game = { $link } contre { $names }
web-tournament-starts-in = Début dans { $time } (le { $date }).
web-tournament-starts-when-said = Commence quand l’organisateur le décide.
web-tournament-over = Ce tournoi est terminé.
web-tournament-ends-in = Fin dans { $time }.
web-tournament-waiting-ends-in = En attente de votre prochaine partie. Fin dans { $time }.
web-tournament-next-round-in = Prochaine ronde dans { $time } au plus tard.
web-tournament-waiting-next-round = En attente de la prochaine ronde.
web-tournament-under-way = En cours.
web-tournament-status = { $status ->
    [upcoming] à venir
    [running] en cours
   *[finished] terminé
}
web-tournament-about = { $format } de { $game } — { $status }. Organisé par { $organizer }.
web-tournament-about-rounds = { $format } de { $game } — { $status }, ronde { $round } sur { $total }. Organisé par { $organizer }.
web-tournament-invite = Lien d’invitation : { $link }
web-tournament-join = S’inscrire
web-tournament-come-back = Revenir
web-tournament-leave = Se désinscrire
web-tournament-withdraw = Abandonner
web-tournament-start = Commencer maintenant
web-tournament-add-bot = Ajouter un joueur ordinateur
web-tournament-records = Télécharger toutes les feuilles de partie
web-tournament-standings-caption = Classement, le meilleur en premier
web-tournament-col-place = #
web-tournament-col-place-long = Place
web-tournament-col-points = Pts
web-tournament-col-points-long = Points
web-tournament-col-performance = Perf
web-tournament-col-performance-long = Performance
web-tournament-col-buchholz = Bh
web-tournament-col-buchholz-long = Buchholz
web-tournament-col-streak = Série
web-tournament-col-sb = SB
web-tournament-col-sb-long = Sonneborn–Berger
web-tournament-col-won = G
web-tournament-col-won-long = Gagnées
web-tournament-col-drawn = N
web-tournament-col-drawn-long = Nulles
web-tournament-col-lost = P
web-tournament-col-lost-long = Perdues
web-tournament-on-fire = en feu
web-tournament-nobody = Personne ne s’est encore inscrit.
web-tournament-round = Ronde { $number }
web-tournament-wave = Vague { $number }
web-tournament-bye = { $name } : exempt
web-tournament-scored = { $name } { $points }
web-tournament-no-show = { $player } (absent)
web-tournament-versus = { $before } contre { $after }
web-tournament-game-label = { $action } : { $players }
web-tournament-replay = Revoir
web-tournament-cannot-show = Ce tournoi ne peut pas être affiché.

## Niveaux des robots.
web-bot-level-name = { $level ->
    [random] Hasard
    [greedy] Glouton
    [easy] Facile
    [normal] Normal
    [hard] Difficile
   *[other] { $name }
}
web-bot-level-about = { $level ->
    [random] joue n’importe quel coup légal
    [greedy] prend le coup qui semble le meilleur, un coup à l’avance
    [easy] regarde quelques coups à l’avance, brièvement
    [normal] réfléchit environ un quart de seconde par coup
    [hard] réfléchit environ une seconde par coup
   *[other] { $description }
}

## Ce que fait chaque option de salle (le formulaire de nouvelle salle), par sa clé.
web-option-help-move-rule = règle de la ligne : une ligne passant par la pierre ne permet de glisser que si l’un de ses côtés est vide ; par direction : chacune des huit directions réagit à sa pierre la plus proche
web-option-help-repetition = activée : la troisième apparition de la même position (pièces, aimants, camp au trait) est nulle ; désactivée : on continue
web-option-help-setup = chaque camp dispose ses pièces en secret, ou elles sont distribuées au hasard
web-option-help-trap-victims = si la nature d’une pièce détruite par un piège reste secrète ou est montrée comme celle d’une pièce prise
web-option-help-players = le nombre de joueurs ; à 4 et à 6 on joue en équipes de couleur, à 5 il y a un joueur solitaire
web-option-help-solo = la couleur du joueur solitaire de la partie à cinq (seulement avec 5 joueurs)
web-option-help-board = zigzag : 91 cases aux coins pointus à deux voisines ; hexagone simple : le plateau hexagonal ordinaire
web-option-help-timer = brûlant : 30 secondes par tour ; chauffé à blanc : un sablier qui passe de main en main (15 s d’abord, puis 30 moins ce qui restait)
web-option-help-first = la place qui joue le premier tour
web-option-help-clock = la pendule de la salle : aucune ; des minutes par joueur plus des secondes ajoutées après chacun de ses coups (5+3) ; un temps pour chaque coup (30 s par coup, ou 3 jours par coup pour jouer par correspondance) ; ou une réserve de temps par correspondance (10 jours au départ, 36 heures de plus après chaque coup, jamais plus de 10 jours) ; un joueur dont le temps s’épuise perd (à Magma à plus de deux joueurs, il quitte la partie)
web-option-help-absent = ce qui se passe quand un joueur est absent au-delà du délai de grâce (une minute ; un jour avec une pendule d’un jour ou plus par coup) : on l’attend ; les autres peuvent réclamer la partie quand c’est à l’absent de jouer (il perd comme au temps) ; ou un robot joue pour lui jusqu’à son retour
web-option-help-chat = la discussion de la salle : activée, ou désactivée (personne ne peut écrire ; le propriétaire de la salle peut l’activer ou la couper à tout moment)
web-option-help-rated = si la partie change les classements des joueurs : oui seulement quand chaque place est tenue par un compte (ni invités, ni robots)
web-option-help-rated-bots = dans une salle classée, si des comptes robots (des programmes qui jouent par le protocole) peuvent affronter des personnes : non, une partie classée oppose seulement des personnes ou seulement des robots ; oui, des comptes robots peuvent s’asseoir avec des personnes et la partie est classée quand même
web-option-help-spectators = qui peut regarder la partie sans place : tout le monde (la salle figure parmi les parties en cours) ; seulement les personnes qui ont l’invitation de la salle ; ou personne avant la fin de la partie
web-option-help-spectator-delay = de combien de demi-coups les spectateurs voient la partie en retard pendant qu’elle se joue (de 0 à 100 ; ils la voient en entier une fois finie) ; 0 sauf choix contraire, mais une ronde de tours (le nombre de places) dans une partie de Magma en équipes
web-option-help-weekends = si les pendules de la salle s’arrêtent le week-end : elles tournent, ou elles s’arrêtent et aucun temps n’est décompté du samedi 00:00 au lundi 00:00 UTC (il faut une pendule)
web-option-help-berserk = si un joueur peut passer en berserk avant son premier coup : la moitié de son temps de départ retirée et plus d'incrément, pour un point de plus sur une victoire en arène après sept coups de sa part ; on demande une pendule avec une réserve de temps (5+3, bank:10d+36h)

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
## L'option de salle berserk, telle que le salon la montre.
web-option-berserk = Berserk (moitié du temps, un point de plus pour une victoire en arène)

## Le manifeste de l'application web (/manifest.webmanifest), rempli par
## le serveur dans la langue de la page.
web-manifest-name = Lodestone
web-manifest-short-name = Lodestone
web-manifest-description = Quatre jeux de plateau à aimants, à jouer en ligne entre amis : Magneton, Magnetism, Magnet et Magma.
