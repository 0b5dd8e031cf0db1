//! Black-box tests of the server: a real server on a loopback port 0 with a
//! fresh database (each test on SQLite and on PostgreSQL), real WebSocket
//! clients. One test binary, one module per area.

mod absence;
mod accounts;
mod attacks;
mod backup;
mod bad_input;
mod berserk;
mod bot_accounts;
mod bot_pool;
mod bots;
mod chat;
mod clocks;
mod database;
mod described;
mod embed;
mod exhaustion;
mod games;
mod host;
mod languages;
mod lifecycle;
mod limits;
mod lobby;
mod magma;
mod magnet;
mod moderation;
mod monitoring;
mod notify;
mod owner;
mod player_safety;
mod python_bot;
mod ratings;
mod rematch;
mod replay;
mod resend;
mod restart;
mod secrets;
mod spectators;
mod spoken;
mod table;
mod takeover;
mod test_script;
mod tls;
mod upgrade;
mod vacation;
mod web;
