//! Computer players inside the server. A bot is a guest like any other
//! (its level stored with it, so a restarted server sets it playing
//! again); it joins through the room's ordinary requests and reads the
//! very frames a client connection would receive, so it sees only its
//! seat's view. It chooses with `lodestone_rules::bot`, like
//! `lodestone bot`.

use std::sync::Arc;

use lodestone_protocol::{Code, RequestId, RoomStatus, SeatRef, ServerMessage, codes};
use lodestone_rules::bot::{Level, Situation, choose};
use lodestone_rules::{GameKind, Seat};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use crate::app::App;
use crate::room::{Outbox, Player, RoomHandle, RoomRequest};
use crate::secrets;
use crate::store::Op;

/// A bot's inbox: the frames the room sends it.
type Inbox = mpsc::Receiver<axum::extract::ws::Utf8Bytes>;

fn outbox(app: &App) -> (Outbox, Inbox) {
    let (tx, rx) = mpsc::channel(app.config.outbox);
    let outbox = Outbox {
        conn: app.next_conn(),
        tx,
        close: CancellationToken::new(),
    };
    (outbox, rx)
}

/// Waits for the reply to `id` among the frames.
async fn reply(inbox: &mut Inbox, id: &RequestId) -> Option<ServerMessage> {
    while let Some(frame) = inbox.recv().await {
        let Ok(message) = serde_json::from_str::<ServerMessage>(&frame) else {
            continue;
        };
        match &message {
            ServerMessage::Ack { id: i, .. } if i == id => return Some(message),
            ServerMessage::Error { id: Some(i), .. } if i == id => return Some(message),
            _ => {}
        }
    }
    None
}

/// Makes a bot guest of `level` and seats it in `room` (at `seat`, or any
/// free seat); returns its seat. The bot then plays by itself.
pub async fn add_bot(
    app: &Arc<App>,
    room: RoomHandle,
    seat: Option<SeatRef>,
    invite: Option<String>,
    level: Level,
) -> Result<u8, (Code, String)> {
    let player = Player {
        id: uuid::Uuid::new_v4().to_string(),
        name: format!("Bot ({level})"),
    };
    let op = Op::CreateGuest {
        id: player.id.clone(),
        name: player.name.clone(),
        // Nobody holds this token: only the server plays as the bot.
        token_hash: secrets::token_hash(&secrets::new_token()),
        created_at: app.clock.now_ms(),
        bot: Some(level.name().to_string()),
    };
    if app.store.write(vec![op]).await.is_err() {
        return Err((
            codes::STORAGE,
            "the server could not store the bot; try again".into(),
        ));
    }
    let (outbox, mut inbox) = outbox(app);
    let id = RequestId::Text("bot-join".into());
    let join = RoomRequest::Join { seat, invite };
    if room
        .request(player.clone(), outbox.clone(), id.clone(), join)
        .await
        .is_err()
    {
        return Err((codes::UNKNOWN_ROOM, "the room is not available; try again".into()));
    }
    match reply(&mut inbox, &id).await {
        Some(ServerMessage::Ack { seat: Some(seat), .. }) => {
            app.tasks
                .spawn(play(app.clone(), room, player, outbox, inbox, level));
            Ok(seat)
        }
        Some(ServerMessage::Error { code, message, .. }) => Err((code, message)),
        _ => Err((codes::UNKNOWN_ROOM, "the room closed".into())),
    }
}

/// Sets a stored bot playing again in `room` (after a restart).
pub async fn resume_bot(app: &Arc<App>, room: RoomHandle, player: Player, level: Level) {
    let (outbox, inbox) = outbox(app);
    let watch = RoomRequest::Watch { invite: None };
    if room
        .request(
            player.clone(),
            outbox.clone(),
            RequestId::Text("bot-watch".into()),
            watch,
        )
        .await
        .is_ok()
    {
        app.tasks
            .spawn(play(app.clone(), room, player, outbox, inbox, level));
    }
}

/// The bot's loop: on every update where its seat is to act, choose and
/// send an action. Ends with the game, the room or the server.
async fn play(
    app: Arc<App>,
    room: RoomHandle,
    player: Player,
    outbox: Outbox,
    mut inbox: Inbox,
    level: Level,
) {
    let _counted = app.metrics.bot();
    let mut rng = SmallRng::seed_from_u64(secrets::random_u64());
    let mut acted_on = 0;
    let mut n = 0u64;
    loop {
        let frame = tokio::select! {
            _ = app.shutdown.cancelled() => break,
            frame = inbox.recv() => match frame {
                Some(frame) => frame,
                None => break,
            },
        };
        let Ok(ServerMessage::Update { version, state, .. }) = serde_json::from_str::<ServerMessage>(&frame)
        else {
            continue;
        };
        if state.status == RoomStatus::Finished {
            break;
        }
        let (Some(play), Some(seat)) = (&state.play, state.you) else {
            continue;
        };
        if version <= acted_on || !play.to_act.contains(&seat) {
            continue;
        }
        let Ok(kind) = state.game.parse::<GameKind>() else {
            break;
        };
        let options: Vec<(String, String)> = state
            .options
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let offers: Vec<(String, Vec<String>)> = play
            .legal
            .iter()
            .map(|a| (a.clone(), play.promotions.get(a).cloned().unwrap_or_default()))
            .collect();
        let situation = Situation {
            kind,
            options: &options,
            seat: Seat(seat),
            position: &play.position,
            offers: &offers,
        };
        acted_on = version;
        let Some(action) = choose(&situation, level, &mut rng) else {
            continue;
        };
        n += 1;
        let id = RequestId::Text(format!("bot-{n}"));
        if room
            .request(player.clone(), outbox.clone(), id, RoomRequest::Act { action })
            .await
            .is_err()
        {
            break;
        }
    }
    room.disconnect(outbox.conn).await;
}
