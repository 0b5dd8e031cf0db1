# Les phrases du serveur. Les codes (`room-full`…) ne changent jamais avec
# la langue ; seules ces phrases changent. Comme celles du serveur en
# anglais, elles commencent par une minuscule et finissent sans point.

## La phrase de chaque code d'erreur : error-CODE.
error-bad-json = le message n'est pas du JSON
error-bad-message = le serveur ne connaît pas ce message, ou un champ manque ou est faux
error-too-large = le message est plus long que ce que le serveur accepte
error-rate-limited = trop de messages : ralentissez
error-unsupported-protocol = le client parle une autre version du protocole
error-not-identified = dites d'abord hello
error-bad-token = ce jeton n'appartient à aucun invité
error-bad-name = le nom est vide, trop long ou contient des caractères interdits
error-unknown-game = le serveur ne propose pas ce jeu
error-bad-option = le jeu n'a pas cette option, ou pas cette valeur
error-bad-level = il n'y a pas de bot de ce niveau
error-unknown-room = cette salle n'existe pas
error-invite-required = cette salle est privée : il faut son invitation
error-no-such-seat = le jeu n'a pas cette place
error-seat-taken = quelqu'un occupe déjà cette place
error-room-full = toutes les places sont prises
error-already-seated = vous occupez une autre place dans cette salle
error-not-seated = vous n'avez pas de place dans cette salle
error-not-watching = vous ne regardez pas cette salle
error-already-started = la partie a commencé : les places ne peuvent plus changer
error-not-started = la partie n'a pas commencé
error-seats-not-full = une place est encore libre
error-storage-failure = le serveur n'a pas pu joindre son stockage ; rien n'a changé, réessayez
error-game-over = la partie est terminée
error-not-your-turn = ce n'est pas votre tour
error-wrong-phase = ce genre d'action n'a pas sa place dans cette phase de la partie
error-illegal-action = ce coup n'est pas permis ici
error-wrong-game = ce coup appartient à un autre jeu
error-bad-notation = ce n'est pas un coup dans la notation du jeu
error-moved-on = la partie a avancé depuis votre choix : rien n'a changé, regardez de nouveau
error-too-many-rooms = vous avez autant de salles ouvertes que permis
error-too-many-watched = vous regardez autant de salles qu'une connexion le peut
error-too-many-guests = trop de nouveaux invités depuis cette adresse cette heure-ci : réessayez plus tard
error-server-full = le serveur est plein : réessayez plus tard
error-too-many-connections = cette adresse a autant de connexions ouvertes que permis
error-origin-not-allowed = les pages de cette origine ne peuvent pas se connecter
error-token-in-url = un jeton ne doit pas figurer dans l'adresse : envoyez-le dans un en-tête
error-not-owner = seul le propriétaire de la salle peut faire cela
error-too-early = pas encore : c'est trop tôt
error-too-late = plus maintenant : c'est trop tard
error-no-draw-offers = ce jeu n'a pas de nulle par accord
error-no-offer = aucune offre n'attend de réponse
error-offer-pending = une offre attend déjà une réponse
error-not-a-bot = une personne occupe cette place, pas un bot
error-seat-empty = cette place est libre
error-bad-ply = la partie n'a pas ce coup
error-chat-off = la discussion de cette salle est fermée
error-bad-chat = le message est vide ou contient des caractères interdits
error-chat-too-long = le message dépasse 500 caractères
error-chat-rate-limited = vous écrivez trop vite : attendez un instant
error-no-teams = ce jeu n'a pas d'équipes
error-spectators-only = seuls les spectateurs peuvent écrire aux spectateurs
error-no-rematch = pas de revanche possible ici
error-bad-password = un mot de passe a de 8 à 128 caractères
error-name-taken = un compte porte déjà ce nom
error-already-registered = cette connexion est déjà un compte
error-bad-login = aucun compte n'a ce nom et ce mot de passe
error-too-many-logins = trop de connexions : attendez une minute
error-rated-needs-accounts = une partie classée se joue entre comptes seulement, sans bots
error-unknown-player = ce joueur n'existe pas
error-not-an-account = seul un compte a des réglages
error-has-ratings = ce compte a des parties classées : il ne peut pas devenir un bot
error-not-a-bot-account = seul un compte de bot a des jetons d'API
error-too-many-tokens = ce compte a autant de jetons d'API que permis
error-unknown-token = ce compte n'a pas ce jeton
error-login-required = il faut un appareil connecté, pas un jeton d'API
error-not-allowed = vous n'avez pas le droit de faire cela
error-banned = vous êtes banni
error-timed-out = vous ne pouvez pas écrire pour l'instant
error-blocked = vous ne pouvez pas jouer avec ce joueur
error-rated-banned = vous ne pouvez pas jouer de parties classées pour l'instant, ayant abandonné des parties
error-no-spectators = cette partie n'a pas de spectateurs tant qu'elle se joue
error-spectators-muted = le joueur a rendu les spectateurs muets
error-unknown-report = ce signalement ou cette sanction n'existe pas, ou est clos
error-in-game = vous jouez une partie qui n'est pas terminée
error-unknown-tournament = ce tournoi n'existe pas
error-tournament-full = le tournoi est complet
error-not-invited = ce tournoi est sur invitation seulement
error-bots-not-allowed = les bots ne peuvent pas participer à ce tournoi
error-too-many-tournaments = vous avez autant de tournois que permis
error-not-entered = vous n'êtes pas inscrit à ce tournoi
error-bad-subscription = l'abonnement aux notifications n'est pas valide
error-endpoint-not-allowed = le serveur n'envoie pas de notifications à ce service
error-too-many-subscriptions = vous avez autant d'abonnements aux notifications que permis : retirez-en un d'abord
error-bad-webhook = l'adresse du webhook n'est pas une URL http(s), ou est trop longue
error-address-not-allowed = l'adresse du webhook n'est pas publique
error-too-many-webhooks = il y a ici autant de webhooks que permis : retirez-en un d'abord
error-account-required = seul un compte peut faire cela
error-not-subscribed = il n'y a rien de tel à retirer
error-bad-vacation = des vacances demandent un nombre de jours et un court message
error-vacation-used-up = il ne vous reste pas autant de jours de vacances cette année
error-on-vacation = vous êtes déjà en vacances
error-not-on-vacation = vous n'êtes pas en vacances
error-no-berserk = pas de berserk possible ici maintenant : seulement avant votre premier coup, une fois, avec une pendule à réserve de temps

## Les notifications (sur un téléphone ou un navigateur) : un titre, puis
## une ligne. $game est le nom du jeu (Magneton), $against les autres
## joueurs.
notify-your-move-title = À vous de jouer
notify-your-move = À vous de jouer dans { $game } contre { $against }
notify-to-move-title = Au tour de { $who }
notify-to-move = Au tour de { $who } dans { $game } ({ $players })
notify-started-title = Partie commencée
notify-started = La partie de { $game } avec { $against } a commencé
notify-draw-title = { $who } propose la nulle
notify-draw = { $who } propose la nulle dans { $game }
notify-rematch-title = { $who } propose une revanche
notify-rematch = { $who } propose une revanche dans { $game }
notify-time-title = Le temps presse
# $left : le temps qui reste (notify-days…).
notify-time = À vous de jouer dans { $game } contre { $against } : il reste { $left }
notify-their-time-title = Le temps de { $who } presse
notify-their-time = Au tour de { $who } dans { $game } : il reste { $left }
notify-over-title = Partie terminée
# $result : la fin de la partie, dite par les règles du jeu.
notify-over = { $game } avec { $against } : { $result }
notify-no-result = la partie s'est terminée sans résultat
notify-days = { $count ->
    [one] { $count } jour
   *[other] { $count } jours
}
notify-hours = { $count ->
    [one] { $count } heure
   *[other] { $count } heures
}
notify-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
notify-seconds = { $count ->
    [one] { $count } seconde
   *[other] { $count } secondes
}

## Les refus avec leurs détails (une limite, un nombre, un nom, une
## place, une version), les mêmes que dans la phrase anglaise du serveur.
detail-chat-too-long = une ligne de discussion a au plus { $max } caractères ; celle-ci en a { $length }
detail-reason-too-long = un motif a au plus { $max } caractères ; celui-ci en a { $length }
detail-too-many-rooms-guest = vous avez { $count ->
    [one] { $count } salle ouverte
   *[other] { $count } salles ouvertes
}, autant qu'un invité peut en avoir : lancez ou finissez-en une d'abord
detail-too-many-rooms-address = cette adresse a { $count ->
    [one] { $count } salle ouverte
   *[other] { $count } salles ouvertes
}, autant que permis : lancez ou finissez-en une d'abord
detail-too-many-watched = cette connexion regarde { $count ->
    [one] { $count } salle
   *[other] { $count } salles
}, autant que permis : cessez d'en regarder une d'abord
detail-too-many-guests = cette adresse a créé { $count ->
    [one] { $count } nouvel invité
   *[other] { $count } nouveaux invités
} dans la dernière heure ; revenez avec votre jeton
detail-connect-rate = plus de { $count } nouvelles connexions par minute depuis cette adresse ; attendez un peu
detail-request-rate = plus de { $count } requêtes par minute depuis cette adresse ; attendez un peu
detail-message-rate = plus de { $count } messages par seconde : ralentissez
detail-chat-rate = plus de { $count } lignes de discussion par minute : attendez un peu
detail-open-reports = vous avez { $count ->
    [one] { $count } signalement qui attend
   *[other] { $count } signalements qui attendent
} un modérateur : attendez qu'ils soient lus
detail-too-many-logins = trop de connexions à un compte : au plus { $account } par minute pour un compte et { $address } depuis une adresse ; attendez une minute
detail-too-many-tokens = un compte a au plus { $count } jetons d'API : révoquez-en un d'abord
detail-too-many-subscriptions = cet invité a { $count ->
    [one] { $count } abonnement push
   *[other] { $count } abonnements push
}, autant que permis : supprimez-en un d'abord
detail-too-many-webhooks = il y a ici { $count } webhooks, autant que permis : supprimez-en un d'abord
detail-seats-not-full = { $count ->
    [one] { $count } place est encore libre
   *[other] { $count } places sont encore libres
}
detail-seat-taken = la place { $seat } est prise par { $name }
detail-already-seated = vous occupez déjà la place { $seat } ici
detail-seat-empty = la place { $seat } est libre
detail-not-a-bot = { $name }, à la place { $seat }, est une personne, pas un robot (kick libère la place)
detail-moved-on = la salle a changé après la version { $seen } (elle en est à la version { $now }) ; rien n'a été fait : regardez la salle à nouveau
detail-too-few-players = un tournoi a besoin d'au moins { $count } joueurs pour commencer
detail-too-few-teams = un tournoi a besoin d'au moins deux équipes complètes pour commencer
detail-rated-banned = vous ne pouvez plus jouer de parties classées, pour de bon : { $reason }
detail-rated-banned-for = vous ne pouvez pas jouer de parties classées pour { $left } : { $reason }
detail-name-taken = un compte s'appelle déjà « { $name } » (les noms ne tiennent pas compte de la casse ni des caractères invisibles)
detail-unknown-player = il n'y a pas de joueur « { $name } »
detail-unknown-room = il n'y a pas de salle « { $room } »
detail-room-unavailable = la salle « { $room } » n'est pas disponible ; réessayez
detail-room-unreadable = la salle « { $room } » ne peut pas être lue
detail-unknown-chat-line = la ligne { $seq } n'est pas une ligne de discussion de cette salle que vous pouvez lire
detail-unknown-report = il n'y a pas de signalement ouvert « { $report } »
detail-unknown-sanction = il n'y a pas de sanction « { $sanction } »
detail-not-an-address = « { $address } » n'est pas une adresse IP
detail-rating-games = donnez à ?game= l'une de ces valeurs : { $keys }
detail-replay-unavailable = la salle « { $room } » ne peut pas être rejouée maintenant ; réessayez
detail-vacation-length = des vacances durent de 1 à { $max } jours
detail-on-vacation = vous êtes déjà en vacances jusqu'à { $until }
detail-vacation-used-up = il vous reste { $left ->
    [one] { $left } jour de vacances
   *[other] { $left } jours de vacances
} sur { $max } par période de 365 jours
detail-chat-bidi = une ligne de discussion ne peut pas contenir de caractères de contrôle bidirectionnels (elle contient { $code })
detail-rematch-opened = la revanche est déjà ouverte : salle { $room }
detail-protocol-version = ce serveur parle le protocole { $speaks }, pas le { $asked }
detail-unread = le serveur n'a pas pu { $what ->
    [players] vérifier les joueurs
    [room] lire cette salle
    [reports] lire les signalements
    [sanctions] lire les sanctions
   *[audit-log] lire le journal d'audit
} ; réessayez
detail-not-moderation = { $id } n'est pas un message de modération

## Équipes d'un tournoi de Magma, fixes pour tout le tournoi.
error-team-full = cette équipe est déjà complète : choisissez une autre équipe ou un nouveau nom
error-bad-team = nommez votre équipe (1 à 30 caractères) dans un tournoi à équipes fixes, et aucune équipe ailleurs

## Le nom d'un joueur ordinateur, dans la langue de qui l'assoit (le
## propriétaire de la salle, l'organisateur d'un tournoi) ; c'est ensuite
## un nom comme un autre, montré tel quel à tous.
bot-name = Ordinateur ({ $level ->
    [random] hasard
    [greedy] glouton
    [easy] facile
    [normal] normal
    [hard] difficile
   *[other] { $level }
})
bot-name-numbered = Ordinateur { $number } ({ $level ->
    [random] hasard
    [greedy] glouton
    [easy] facile
    [normal] normal
    [hard] difficile
   *[other] { $level }
})

## Refus dits à partir de leurs détails (`detail` d'une erreur ; voir
## server/src/said.rs) : chaque argument est une valeur du refus. $action :
## ce qui est refusé ; $address : yes pour une adresse bannie, no pour un
## compte ; $vacation : yes quand c'est le message de vacances ; $left :
## detail-left ; $names : des noms de joueurs, $count : combien.
detail-left = { $unit ->
    [minute] { $count ->
        [one] encore une minute
       *[other] encore { $count } minutes
    }
    [hour] { $count ->
        [one] encore une heure
       *[other] encore { $count } heures
    }
   *[day] { $count ->
        [one] encore un jour
       *[other] encore { $count } jours
    }
}
detail-banned = { $address ->
    [yes] cette adresse est bannie
   *[no] ce compte est banni
} : { $reason }
detail-banned-for = { $address ->
    [yes] cette adresse est bannie
   *[no] ce compte est banni
} pour { $left } : { $reason }
detail-timed-out = un modérateur a coupé votre discussion pour de bon{ $vacation ->
    [yes] {" "}(prenez les vacances sans message)
   *[no] {""}
} : { $reason }
detail-timed-out-for = un modérateur a coupé votre discussion pour { $left }{ $vacation ->
    [yes] {" "}(prenez les vacances sans message)
   *[no] {""}
} : { $reason }
detail-rated-bots = cette salle est classée : chaque place doit être tenue par un compte, aucun robot ne peut donc s'asseoir
detail-rated-guests = cette salle est classée : chaque place doit être tenue par un compte, et { $names } { $count ->
    [one] est un invité
   *[other] sont des invités
} (inscrivez-vous d'abord)
detail-rated-bot-accounts = cette salle est classée et { $names } { $count ->
    [one] est un compte robot
   *[other] sont des comptes robots
} : les robots ne jouent contre des personnes en partie classée que dans une salle avec l'option rated-bots=yes
detail-not-owner = seul le propriétaire de la salle peut { $action ->
    [seat-bot] asseoir un robot
    [remove-bot] retirer un robot
    [free-seat] libérer la place de quelqu'un
   *[close-room] fermer la salle
} : cette salle n'est pas la vôtre (son propriétaire, { $owner }, le peut)
detail-not-owner-nobody = seul le propriétaire de la salle peut { $action ->
    [seat-bot] asseoir un robot
    [remove-bot] retirer un robot
    [free-seat] libérer la place de quelqu'un
   *[close-room] fermer la salle
} : cette salle n'est pas la vôtre (son propriétaire le peut)
detail-not-organizer = seul l'organisateur ({ $organizer }) peut { $action ->
    [remove-player] retirer un joueur
    [start-tournament] lancer le tournoi
   *[enter-bot] inscrire des joueurs de l'ordinateur
}
detail-already-started = { $action ->
    [start-game] la partie a déjà commencé
    [start-tournament] ce tournoi a déjà commencé
    [take-seat] la partie a commencé : on ne peut plus prendre de place
    [leave-seat] la partie a commencé : on ne peut plus quitter sa place
    [seat-bot] la partie a commencé : on ne peut plus asseoir de robot
    [remove-bot] la partie a commencé : on ne peut plus retirer de robot
    [free-seat] la partie a commencé : on ne peut plus libérer de place
   *[close-room] la partie a commencé : fermez la salle en annulant ou en abandonnant la partie
}
detail-no-such-seat = { $game } n'a pas de place { $seat } (ses places : { $seats })

# The caption of a position's image (`/api/rooms/{id}/ply/{n}.svg`).
embed-versus = contre
embed-caption = { $game } · { $players } · coup { $ply } sur { $plies }
