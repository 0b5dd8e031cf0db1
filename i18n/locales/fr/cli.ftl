## Les mots de la ligne de commande hors des écrans de `lodestone play`.

## `lodestone tournament` (docs/tournaments.md, « In a terminal »). Les
## programmes lisent `--json`, pas ces lignes : chaque langue les tourne
## et les ordonne à son gré. $status vaut upcoming, running ou finished ;
## $format round-robin, swiss, arena ou magma (les noms du protocole).
tournament-list-line = { $id } { $status ->
    [upcoming] à venir
    [running] en cours
   *[finished] terminé
} { $format ->
    [round-robin] toutes rondes
    [swiss] suisse
    [arena] arène
   *[other] { $format }
} { $game } { $players } { $name }
tournament-header = { $name } : { $format ->
    [round-robin] toutes rondes
    [swiss] système suisse
    [arena] arène
   *[other] { $format }
} de { $game }, { $status ->
    [upcoming] à venir
    [running] en cours
   *[finished] terminé
}
tournament-header-rounds = { $name } : { $format ->
    [round-robin] toutes rondes
    [swiss] système suisse
    [arena] arène
   *[other] { $format }
} de { $game }, { $status ->
    [upcoming] à venir
    [running] en cours
   *[finished] terminé
}, ronde { $round } sur { $rounds }
tournament-standings = classement :
# La ligne d'un joueur ; $sb est le départage Sonneborn-Berger.
tournament-standing = { $place }. { $name } { $points } (gagnées { $won }, nulles { $drawn }, perdues { $lost } ; Buchholz { $buchholz }, Sonneborn-Berger { $sb })
tournament-teams = équipes :
# La ligne d'une équipe, puis les noms de ses joueurs.
tournament-team-standing = { $place }. { $name } { $points } (gagnées { $won }, nulles { $drawn }, perdues { $lost } ; Buchholz { $buchholz }, Sonneborn-Berger { $sb }) : { $members }
tournament-round = ronde { $number } :
# À la place du score d'une partie tant qu'elle dure.
tournament-playing = en cours
tournament-bye = { $name } exempt
tournament-your-game = votre partie : { $room }
tournament-your-game-none = votre partie : aucune
tournament-created = tournoi { $id }
tournament-invite = invitation { $code }
tournament-joined = inscrit à { $id }
tournament-bot-added = ordinateur inscrit
tournament-withdrew = retiré de { $id }
tournament-started = { $id } a commencé
tournament-waiting = en attente de votre partie dans { $name }…
# Pourquoi il s'est arrêté. $message : la phrase du serveur (déjà dans
# la langue) ; $code : son code.
tournament-refused = { $message } ({ $code })
tournament-send-failed = la connexion a échoué : { $error }
tournament-unexpected = réponse inattendue { $answer }
tournament-bad-format = --format « { $format } » n'est ni round-robin, ni swiss, ni arena, ni magma
tournament-bad-teams = --teams « { $teams } » n'est pas pairs
tournament-bad-option = --option « { $option } » n'est pas de la forme CLÉ=VALEUR

## Les autres commandes : replay, verify, perft, load, duel et bot
## (docs/translating.md, « The terminal »). Leurs résultats sur la sortie
## standard sont pour les programmes et restent les mêmes dans chaque
## langue : la position et la ligne `result:` d'une partie, le compte de
## perft, la dernière ligne de verify, les rapports de duel et de load,
## les lignes `room`, `played` et `result:` de bot. Ici, ce que les gens
## lisent autour : erreurs, notes sur la sortie d'erreur, vérifications
## de verify, attentes d'un bot.

# Le séparateur décimal (0,5 s).
cli-decimal-mark = ,
# L'erreur de toute commande, après le nom du programme.
cli-failed = lodestone : { $message }
# $value : ce qui a été donné, entre guillemets.
cli-not-seconds = { $value } n'est pas un nombre de secondes
cli-seconds-from-zero = { $value } n'est pas un nombre de secondes à partir de 0
cli-not-rate = { $value } n'est pas un nombre de coups par seconde
cli-rate-above-zero = { $value } coups par seconde : le rythme doit être un nombre supérieur à 0 (omettez --rate pour jouer aussi vite que le serveur répond)
cli-cannot-write = impossible d'écrire la sortie : { $error }
cli-cannot-read = impossible de lire { $file } : { $error }
cli-games-at-least-one = --games doit valoir au moins 1
# Une valeur de la ligne de commande que les règles ne connaissent pas.
# $game, $level, $option : ce qui a été donné, entre guillemets ; les noms
# entre parenthèses restent.
cli-unknown-game = jeu inconnu { $game } (l'un de magnet, magma, magnetism, magneton)
cli-unknown-level = niveau de bot inconnu { $level } (random, greedy, easy, normal ou hard)
cli-not-key-value = l'option { $option } n'a pas la forme KEY=VALUE

## `lodestone replay` et `lodestone perft`. $game, $wanted : le nom d'un
## jeu (magneton…) ; $seats : les noms des places du jeu, tels que les
## règles les écrivent ; `spectator` est le mot que prend --as.
replay-illegal-action = la partie enregistrée contient une action illégale
replay-not-a-seat = { $name } n'est pas une place de { $game } ({ $seats } ou spectator)
perft-other-game = { $file } est une partie de { $game }, pas de { $wanted }
perft-option-with-record = --option ne peut pas s'ajouter à --record : les en-têtes de la partie donnent les options

## `lodestone verify` : une ligne par vérification. [Seed],
## [SeedCommitment] et [Commitment] sont les en-têtes de la partie
## (NOTATION.md), SHA-256 le hachage ; $number compte les actions depuis
## 1 ; $action, $expected : des actions dans la notation du jeu ; $seat :
## le nom d'une place ; $error : les mots des règles.
verify-does-not-verify = { $file } ne passe pas la vérification
verify-commitment-twice = action { $number } : plus d'un [Commitment]
verify-commitment-unreadable = [Commitment "{ $value }"] n'a pas la forme "<numéro d'action> <engagement> <sel>"
verify-seed-matches = graine : le SHA-256 de [Seed] est bien [SeedCommitment] { $committed }
verify-seed-differs = graine : le SHA-256 de [Seed] est { $actual }, mais [SeedCommitment] vaut { $committed }
verify-seed-uncommitted = graine : révélée, mais la partie n'a pas de [SeedCommitment] pour la vérifier
verify-seed-unrevealed = graine : pas encore révélée (la partie n'est pas finie) : installations distribuées non vérifiées
verify-bad-options = les options de la partie : { $error }
verify-bad-game = le jeu de la partie : { $error }
verify-over = action { $number } : { $action } : la partie est déjà finie
verify-illegal = action { $number } : { $action } : { $error }
verify-dealt = action { $number } : distribuée par la graine
verify-dealt-otherwise = action { $number } : { $action } : la graine distribue à { $seat } { $expected }
verify-commitment-matches = action { $number } : l'engagement { $commitment } correspond
verify-commitment-differs = action { $number } : le SHA-256 de "{ $salt }:{ $action }" est { $actual }, mais [Commitment] annonce { $commitment }
verify-uncommitted = action { $number } : { $action } était secrète quand elle a été jouée, mais n'a pas de [Commitment]
verify-commitment-past-end = [Commitment] nomme l'action { $number }, mais la partie compte { $actions } actions
verify-deal-missing = la graine distribue à { $seat } { $expected } après la dernière action, ce qui manque à la partie

## `lodestone load` : son départ et ses erreurs (le rapport lui-même
## reste en anglais : des scripts le lisent). Boucle fermée : chaque
## partie joue dès qu'elle peut ; boucle ouverte : $rate coups par
## seconde en tout.
load-starting = lodestone load : { $games } parties de { $game } simultanées, { $mode }, { $seconds } s
load-starting-nodes = lodestone load : { $games } parties de { $game } simultanées sur { $nodes } nœuds, { $mode }, { $seconds } s
load-closed-loop = boucle fermée
load-open-loop = boucle ouverte à { $rate } coups/s
load-no-url = donnez l'URL du serveur
load-rate-too-small = --rate { $rate } est trop faible pour { $games } parties (chacune attendrait plus longtemps qu'une durée ne peut l'être)
load-magnet-dealt-only = lodestone load ne joue Magnet qu'avec des installations distribuées (--option setup=random, la valeur par défaut ici) : il ne dispose pas d'installations choisies
load-had-errors = la course a eu des erreurs
load-limits-hint = conseil : le serveur a refusé des requêtes à cause de ses limites : pour un test de charge, lancez-le avec --rate-limit 0 --per-address 0 --connect-rate 0 --request-rate 0 --guests-per-hour 0 --rooms-per-guest 0 --rooms-per-address 0 (docs/operating.md), ou restez sous ses limites
load-slot-failed = lodestone load : une place de partie a échoué : { $error }
load-bot-room-failed = lodestone load : une salle de bots a échoué : { $error }
load-connection = connexion { $number } à { $url }
load-game-setup = la mise en place d'une partie
load-a-connection = une connexion à { $url }
load-closed-in-game = une connexion s'est fermée pendant une partie
load-bot-room-closed = la connexion d'une salle de bots s'est fermée
load-no-process = aucun processus { $pid }
load-no-rss = pas de ligne VmRSS

## La connexion (`lodestone load` et `lodestone bot`). $url : l'adresse
## d'un serveur ; $code, $message : le refus du serveur.
## Un « transfert » : une salle déplacée vers un autre nœud (`moved`).
net-url-scheme = { $url } : utilisez ws://HÔTE:PORT ou http://HÔTE:PORT (TLS est l'affaire du proxy)
net-url-host = { $url } : l'hôte doit être une adresse IP et un port, comme 127.0.0.1:8080
net-url-remote = { $url } n'est pas une adresse de bouclage ; passez --allow-remote pour charger un autre hôte
net-connecting = connexion
net-handshake = poignée de main WebSocket
net-no-node = aucun nœud où aller
net-no-welcome = { $url } ne nous a pas accueillis à temps
net-going-to = en allant vers { $url }
net-closed-before-welcome = { $url } a fermé la connexion avant son accueil
net-hello-refused = { $url } : hello après un transfert de salle : { $code } : { $message }
net-no-answer = pas de réponse en { $seconds } s
net-lost = la connexion est tombée avant la réponse
net-lost-request = { $lost } ; la requête a pu être effectuée ou non
net-stalled-no-node = le serveur ne répond pas, et il n'y a aucun nœud où aller
net-moved = le serveur a transféré la salle { $room } vers { $url }
net-moved-before-hello = le serveur a transféré la salle { $room } vers { $url } avant hello
net-moved-too-often = la salle { $room } a été transférée vers { $url } { $times } fois de suite ; abandon
net-following-move = en suivant le transfert de la salle vers un autre nœud
net-not-understood = le serveur a répondu par un message que ce client ne comprend pas
# $request : le nom de la demande dans le protocole (hello, join…).
net-unexpected-reply = réponse inattendue à { $request } : { $reply }

## `lodestone duel`, sur la sortie d'erreur à la fin de chaque partie. A
## et B sont les deux niveaux ; $why : la fin d'une partie, dans les
## phrases end-* (play.ftl) avec A et B pour les camps, sans leur point.
duel-jobs-range = --jobs doit être entre 1 et 64
duel-think-at-least-one = --think et --iterations doivent valoir au moins 1
duel-a-wins = A gagne ({ $why })
duel-b-wins = B gagne ({ $why })
duel-draw = nulle ({ $why })
duel-unfinished = inachevée après { $actions } actions
# $won, $lost, $drawn : les parties de A jusqu'ici ; $seconds, $total :
# des secondes.
duel-game = partie { $number }/{ $games } : { $result }, { $actions } actions, { $seconds } s (A { $won }-{ $lost }-{ $drawn } jusqu'ici, { $total } s en tout)
duel-thought = { $side } a réfléchi { $cpu } s de CPU par coup ({ $moves } coups avec un choix)
duel-game-failed = partie { $number } : { $error }
duel-chance-refused = les règles ont refusé l'action du hasard { $action } : { $error }
duel-deadline-refused = les règles ont refusé leur propre { $action } : { $error }
duel-choice-refused = { $level } a choisi { $action }, que les règles refusent : { $error }

## `lodestone bot` : ce qu'il dit en plus de ses coups. $what : une
## action, ou bot-the-start / bot-the-request.
bot-think-at-least-one = --think doit valoir au moins 1
bot-no-server = aucun serveur où jouer
bot-joining = en rejoignant la salle
bot-waiting = en attente de joueurs : rejoignez la salle { $room }
bot-waiting-invite = en attente de joueurs : rejoignez la salle { $room } avec l'invitation { $code }
bot-declined-draw = proposition de nulle refusée
bot-draw-answer-failed = lodestone bot : en répondant à la proposition de nulle : { $error }
bot-moved-on = lodestone bot : { $action } non joué : la salle a dépassé la version { $version } (peut-être par ce coup, envoyé plus tôt) ; nouvelle décision
bot-refused = lodestone bot : { $action } refusé : { $error }
bot-retrying = lodestone bot : { $what } non effectué ({ $error }) ; nouvel essai dans { $ms } ms
bot-the-start = le lancement
bot-the-request = la requête
bot-closed = le serveur a fermé la connexion

## `lodestone --help` et l'aide de chaque commande (clients/cli/src/help.rs) :
## usage-CMD-about (une ligne), usage-CMD-long (--help), usage-CMD-examples,
## usage-CMD-arg-ARG (l'aide d'un argument). Les options, les valeurs en
## capitales (URL, FILE, KEY=VALUE), les commandes et les noms de fichiers
## restent tels quels.
usage-about = Le client en ligne de commande de Lodestone pour les jeux d'aimants
usage-examples =
    Exemples :
      lodestone play http://127.0.0.1:8080
          jouer dans ce terminal : l'accueil, les salles, les plateaux, les robots (docs/play.md)
      lodestone play 'http://127.0.0.1:8080/#/room/ID?invite=CODE'
          ouvrir la salle d'un lien d'invitation
      lodestone replay tests/records/magneton/valid/forced-pass.txt
          afficher la position finale et le résultat d'une partie enregistrée
      lodestone replay game.txt --as black
          la position finale telle que noir peut la voir
      lodestone verify game.txt
          vérifier les engagements et les installations distribuées d'une partie finie d'après sa graine révélée
      lodestone perft magneton 2
          compter les positions distinctes à deux actions du début (4032)
      lodestone perft magneton 1 --record game.txt
          compter depuis la position après un enregistrement (ses en-têtes donnent les options)
      lodestone perft magneton 2 --option move-rule=per-ray --position "8/8/8/3W4/8/8/8/8 b 11 12"
          compter depuis une position écrite dans le format de position du jeu
      lodestone load ws://127.0.0.1:8080 --game magneton --games 100 --duration 30 --server-pid 4242
          100 parties simultanées de coups au hasard pendant 30 s ; débit, latence, CPU par coup
      lodestone load ws://127.0.0.1:8080 --idle 1000 --server-pid 4242
          1000 connexions inactives ; la mémoire du serveur par connexion
      lodestone duel magneton --a hard --b greedy --games 40
          deux niveaux de robot jouent 40 parties ; victoires, score et écart Elo
usage-play-about = Jouer dans ce terminal : un client plein écran pour l'accueil et les parties, par le même protocole que le navigateur
usage-play-long =
    Jouer dans ce terminal : un client plein écran pour l'accueil et les parties, par le même protocole que le navigateur.

    Créez une salle pour n'importe quel jeu, prenez une place ou regardez, ajoutez des robots, rejoignez une salle privée par son lien ou son code d'invitation, et jouez avec les flèches ou en tapant les coups. Votre nom et votre jeton d'invité sont gardés dans le fichier d'identité, pour revenir comme le même joueur ; une connexion perdue ou un serveur redémarré est rejoint tout seul. Sort avec 0 quand vous quittez ; 1 si le serveur est injoignable ; 2 pour une URL ou une option erronée. Touches et écrans : docs/play.md.
usage-play-examples =
    Exemples :
      lodestone play http://127.0.0.1:8080
      lodestone play 127.0.0.1:8080 --name Ann --bell
      lodestone play 'http://127.0.0.1:8080/#/room/7c9e...?invite=0f3a...'
      lodestone play http://127.0.0.1:8080 --identity ~/second.json --no-color
usage-play-arg-url = Le serveur (http://HOST:PORT, https://…, ws://…), ou le lien d'invitation d'une salle (http://HOST:PORT/#/room/ID?invite=CODE) pour ouvrir cette salle
usage-play-arg-name = Votre nom affiché ; gardé dans le fichier d'identité pour la prochaine fois
usage-play-arg-identity = Le fichier d'identité (nom et jetons d'invité). Par défaut : $XDG_CONFIG_HOME/lodestone/identity.json, d'ordinaire ~/.config/lodestone/identity.json
usage-play-arg-bell = Faire sonner le terminal quand c'est à vous de jouer
usage-play-arg-no-color = Sans couleurs (comme quand NO_COLOR est défini) ; des lettres distinguent encore les camps
usage-tournament-about = Les tournois depuis le terminal : les lister, en montrer un (classement, rondes, votre partie), s'inscrire ou se retirer, en organiser un (--create, --add-bot, --start), et avec --play attendre votre prochaine partie et l'ouvrir dans `lodestone play`. Utilise le fichier d'identité de `lodestone play`. Écrit des lignes dans la langue du terminal, ou les réponses du serveur en JSON avec --json : docs/tournaments.md (« In a terminal »)
usage-tournament-examples =
    Exemples :
      lodestone tournament http://127.0.0.1:8080
      lodestone tournament http://127.0.0.1:8080 --create 'Friday league' --game magneton --format swiss --rounds 5 --bots
      lodestone tournament http://127.0.0.1:8080 5b0c8a0e-... --join --play
usage-tournament-arg-url = Le serveur (http://HOST:PORT, https://…, ws://…)
usage-tournament-arg-id = L'identifiant du tournoi ; sans lui, la liste des tournois
usage-tournament-arg-join = S'inscrire au tournoi (ou revenir après s'être retiré)
usage-tournament-arg-invite = Le code d'invitation d'un tournoi privé
usage-tournament-arg-withdraw = Partir avant le début, ou se retirer pendant l'épreuve
usage-tournament-arg-create = Organiser un tournoi de ce nom (avec --game, --format, …) ; écrit `tournament ID`
usage-tournament-arg-game = Avec --create : le jeu
usage-tournament-arg-format = Avec --create : round-robin, swiss, arena ou magma
usage-tournament-arg-rounds = Avec --create : les rondes d'une épreuve suisse ou Magma
usage-tournament-arg-seconds = Avec --create : la durée d'une arène en secondes
usage-tournament-arg-table = Avec --create : les joueurs par table d'une épreuve Magma
usage-tournament-arg-teams = Avec --create : une épreuve Magma d'équipes fixées pour toute l'épreuve (`pairs` : équipes de deux, à des tables de 4 ou 6)
usage-tournament-arg-team = Avec --join ou --add-bot : l'équipe (un nouveau nom la crée, le nom d'une équipe la rejoint)
usage-tournament-arg-options = Avec --create : les options des parties, CLÉ=VALEUR (comme pour une salle)
usage-tournament-arg-bots = Avec --create : des joueurs ordinateurs peuvent s'inscrire
usage-tournament-arg-private = Avec --create : privé (rejoint par son code d'invitation)
usage-tournament-arg-add-bot = L'organisateur inscrit un joueur ordinateur de ce niveau
usage-tournament-arg-start = L'organisateur commence le tournoi maintenant
usage-tournament-arg-play = Attendre votre prochaine partie et l'ouvrir dans `lodestone play`
usage-tournament-arg-name = Votre nom affiché ; gardé dans le fichier d'identité
usage-tournament-arg-identity = Le fichier d'identité (tel que `lodestone play` le garde)
usage-tournament-arg-json = Pour les programmes : chaque réponse du serveur sur une ligne de JSON (le message `tournaments` ou `tournament` du protocole), la même dans toutes les langues, au lieu de lignes en mots
usage-replay-about = Rejouer l'enregistrement d'une partie et afficher la position finale et le résultat
usage-replay-long =
    Rejouer l'enregistrement d'une partie et afficher la position finale et le résultat.

    Écrit la position finale dans le format de position du jeu, puis une dernière ligne `result: ongoing`, `result: draw (<reason>)` ou `result: <seat> wins (<reason>)`, et sort avec 0. Si une action ne peut être lue ou est illégale, écrit `action N: <the action>: <reason>` (N compte les actions depuis 1 ; les en-têtes et les commentaires ne comptent pas) et sort avec 1.
usage-replay-examples =
    Exemple :
      lodestone replay game.txt --as white
usage-replay-arg-file = Le fichier de l'enregistrement (format de NOTATION.md)
usage-replay-arg-viewer = Afficher la position telle que cette place peut la voir (`white`, `red`, `3` ou `spectator`) au lieu de toute la position
usage-verify-about = Vérifier l'enregistrement d'une partie finie contre ce à quoi le serveur s'est engagé
usage-verify-long =
    Vérifier l'enregistrement d'une partie finie contre ce à quoi le serveur s'est engagé.

    Vérifie la [Seed] révélée contre [SeedCommitment], chaque [Commitment "N <commitment> <salt>"] contre l'action N (actions comptées depuis 1, comme replay les compte), chaque installation distribuée contre un nouveau tirage depuis la graine, que chaque action secrète a un engagement, et que chaque action est légale. Écrit une ligne par vérification et une dernière ligne `result: verified (N checks)` (sortie 0) ou `result: F of N checks failed` (sortie 1).
usage-verify-examples =
    Exemple :
      lodestone verify game.txt
usage-verify-arg-file = Le fichier de l'enregistrement, tel que le serveur le donne une fois la partie finie
usage-perft-about = Compter perft : les positions distinctes atteignables en DEPTH actions
usage-perft-long =
    Compter perft : les positions distinctes atteignables en DEPTH actions.

    Compte depuis le début de GAME, ou depuis la position après les actions d'un enregistrement. Écrit le nombre et sort avec 0.
usage-perft-examples =
    Exemples :
      lodestone perft magneton 3
      lodestone perft magneton 2 --option move-rule=per-ray
usage-perft-arg-game = magnet, magma, magnetism ou magneton
usage-perft-arg-depth = À combien d'actions de profondeur compter
usage-perft-arg-options = Une option du jeu, CLÉ=VALEUR (peut se répéter)
usage-perft-arg-record = Compter depuis la position après cet enregistrement (ses en-têtes donnent les options)
usage-perft-arg-position = Compter depuis cette position, écrite dans le format de position du jeu
usage-load-about = Charger un serveur de parties simultanées de coups légaux au hasard, ou de connexions inactives, et dire ce qu'il tient
usage-load-long =
    Charger un serveur de parties simultanées de coups légaux au hasard, ou de connexions inactives, et dire ce qu'il tient.

    Écrit les parties commencées et finies, les coups et les coups par seconde, les centiles de latence aller-retour d'un coup (de l'envoi d'une action jusqu'à ce que son auteur reçoive la mise à jour qui la contient), le temps CPU du serveur par coup (avec --server-pid), les erreurs et les déconnexions. S'arrête tout seul. Avec plusieurs serveurs (les nœuds d'une grappe), y répartit les joueurs, suit `moved` et ajoute une ligne par nœud.
usage-load-examples =
    Exemples :
      lodestone load ws://127.0.0.1:8080 --game magma --option players=6 --games 100 --duration 20
      lodestone load ws://127.0.0.1:8081,ws://127.0.0.1:8082 --server ws://127.0.0.1:8083 --games 30
      lodestone load ws://127.0.0.1:8080 --games 500 --rate 5000 --duration 20 --server-pid 4242
      lodestone load ws://127.0.0.1:8080 --idle 15000 --sources 4 --server-pid 4242
usage-load-arg-urls = Le serveur : ws://HOST:PORT ou http://HOST:PORT (une adresse IP). Plusieurs nœuds d'une grappe : d'autres URL, ou une liste séparée par des virgules ; les joueurs y sont répartis
usage-load-arg-servers = Un serveur (nœud) de plus où répartir les joueurs (peut se répéter, ou une liste séparée par des virgules) ; comme d'autres URL
usage-load-arg-game = Le jeu à jouer (Magnet avec des installations distribuées : `setup=random`)
usage-load-arg-options = Une option du jeu, CLÉ=VALEUR (peut se répéter)
usage-load-arg-games = Parties simultanées
usage-load-arg-duration = Secondes de jeu ; les parties encore en cours sont alors laissées inachevées (avec --total-games, la course peut finir plus tôt)
usage-load-arg-total-games = S'arrêter après ce nombre de parties en tout
usage-load-arg-rate = Boucle ouverte : coups par seconde offerts par toutes les parties ensemble (chaque partie joue selon un horaire fixe). Sans : boucle fermée
usage-load-arg-idle = Au lieu de parties, ouvrir ce nombre de connexions inactives et donner la mémoire du serveur par connexion
usage-load-arg-live-games = Au lieu de jouer, ouvrir ce nombre de parties vivantes (une connexion par place, toutes les places prises, la partie commencée, aucun coup) et donner la mémoire du serveur par partie vivante (avec --server-pid)
usage-load-arg-after-game = Avec --live-games : jouer d'abord chaque partie jusqu'à sa fin, ses joueurs la regardant toujours, pour mesurer une salle terminée gardée pour une revanche
usage-load-arg-hold = Secondes pendant lesquelles garder les connexions inactives (ou les parties vivantes)
usage-load-arg-server-pid = L'identifiant de processus du serveur, pour lire son temps CPU et sa mémoire dans /proc (peut se répéter : les chiffres de plusieurs nœuds s'additionnent)
usage-load-arg-sources = Répartir les connexions de 127.0.0.1 à 127.0.0.N (au-delà de la limite de ports éphémères d'une adresse source)
usage-load-arg-seed = La graine des choix de coups au hasard
usage-load-arg-bot-rooms = Ouvrir aussi ce nombre de salles où un client joue contre les robots du serveur (les autres places), en répondant aussitôt, pour que les robots réfléchissent toute la course ; leurs coups sont comptés à part
usage-load-arg-bot-level = Le niveau de ces robots
usage-load-arg-risks = Demander les risques des coups proposés, comme le client d'une personne (par défaut, les joueurs disent en juger eux-mêmes)
usage-load-arg-allow-remote = Accepter un serveur qui n'est pas sur une adresse de bouclage
usage-bot-about = Jouer une place d'une partie en joueur ordinateur, par le protocole public, en ne voyant que la vue de cette place
usage-bot-long =
    Jouer une place d'une partie en joueur ordinateur, par le protocole public, en ne voyant que la vue de cette place.

    Rejoint une salle (--room), ou en ouvre une et attend des joueurs ; joue jusqu'à la fin de la partie ; écrit `room ID seat N`, chaque `played ACTION` et une dernière ligne `result: ...`. Niveaux : random (n'importe quelle action offerte), greedy (la meilleure action à un coup selon une évaluation simple propre à chaque jeu), et les niveaux qui cherchent easy, normal et hard (docs/bots.md).
usage-bot-examples =
    Exemples :
      lodestone bot ws://127.0.0.1:8080 --game magnet --level greedy
      lodestone bot ws://127.0.0.1:8080 --room 7c9e... --seat black --level random
usage-bot-arg-url = Le serveur : ws://HOST:PORT ou http://HOST:PORT (une adresse IP). Plusieurs nœuds d'une grappe : une liste séparée par des virgules ; le robot commence au premier, et quand le nœud auquel il parle tombe, il passe aux suivants à tour de rôle
usage-bot-arg-room = Rejoindre cette salle ; sans, ouvrir une nouvelle salle et attendre des joueurs
usage-bot-arg-invite = Le code d'invitation d'une salle privée
usage-bot-arg-seat = La place à prendre : un indice depuis 0 ou le nom de la place
usage-bot-arg-game = Le jeu d'une salle que le robot ouvre
usage-bot-arg-options = Une option d'une salle que le robot ouvre, CLÉ=VALEUR (peut se répéter)
usage-bot-arg-private = Ouvrir une salle privée (rejointe avec son code d'invitation)
usage-bot-arg-level = random, greedy, easy, normal ou hard
usage-bot-arg-think = Millisecondes qu'un niveau qui cherche peut réfléchir par coup (au lieu de son budget d'itérations) ; le minuteur d'un tour le borne toujours
usage-bot-arg-name = Le nom affiché du robot (avec --token, le compte garde le sien sauf si celui-ci est donné)
usage-bot-arg-token = Jouer en compte robot : le jeton d'API créé dans ses réglages (docs/api.md), au lieu d'un nouvel invité. Mieux vaut le donner dans l'environnement que sur la ligne de commande
usage-bot-arg-seed = La graine des choix au hasard du robot
usage-bot-arg-allow-remote = Accepter un serveur qui n'est pas sur une adresse de bouclage
usage-duel-about = Faire jouer deux niveaux de robot l'un contre l'autre dans ce processus et dire comment ils s'en sont tirés
usage-duel-long =
    Faire jouer deux niveaux de robot l'un contre l'autre dans ce processus et dire comment ils s'en sont tirés.

    Joue GAMES parties en alternant les camps (Magma : les deux niveaux répartis sur les équipes), en annonçant chaque partie sur la sortie d'erreur quand elle finit. Écrit une ligne d'en-tête, puis `A wins: N`, `B wins: N`, `draws: N` (et `unfinished: N` pour les parties coupées par --max-actions, qui comptent comme nulles), `score A: X%` et `elo A-B: D (95%: LOW to HIGH)`. Sans --think, les niveaux qui cherchent utilisent leurs propres budgets d'itérations, si bien qu'une course se reproduit depuis --seed.
usage-duel-examples =
    Exemples :
      lodestone duel magneton --a hard --b greedy --games 40
      lodestone duel magma --a normal --b greedy --games 20 --option players=4 --think 250
      lodestone duel magnet --a easy --b random --games 10 --iterations 200 --jobs 2
usage-duel-arg-game = magnet, magma, magnetism ou magneton
usage-duel-arg-a = Niveau A : random, greedy, easy, normal ou hard
usage-duel-arg-b = Niveau B
usage-duel-arg-games = Combien de parties jouer
usage-duel-arg-think = Millisecondes qu'un niveau qui cherche peut réfléchir par coup (au lieu de son budget d'itérations)
usage-duel-arg-iterations = Itérations de recherche par coup pour les deux niveaux qui cherchent (au lieu de celles de chaque niveau)
usage-duel-arg-options = Une option du jeu, CLÉ=VALEUR (peut se répéter)
usage-duel-arg-max-actions = Nombre d'actions après lequel une partie est coupée, inachevée
usage-duel-arg-seed = La graine des parties (la partie i utilise une graine faite d'elle et de i)
usage-duel-arg-jobs = Parties jouées en même temps, sur autant de fils
