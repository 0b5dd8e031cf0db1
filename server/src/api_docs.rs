//! What several routes' OpenAPI descriptions (`#[utoipa::path]`, put
//! together by `openapi.rs`) share, written once: the refusals described
//! in the same words, as responses the attributes name
//! (`response = inline(StorageFailed)`); the sets of refusals and the
//! parameters that routes of one kind share (the account's routes, a
//! room's record as text or JSON, a tournament's page or its records).

use utoipa::openapi::Required;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{Object, Type};

/// A refusal's description: its body an `HttpError`.
fn refusal(description: &str) -> utoipa::openapi::Response {
    let body = utoipa::openapi::ContentBuilder::new()
        .schema(Some(utoipa::openapi::Ref::new("#/components/schemas/HttpError")))
        .build();
    utoipa::openapi::ResponseBuilder::new()
        .description(description)
        .content("application/json", body)
        .build()
}

/// Declares each refusal several routes describe alike: a type whose
/// response (`ToResponse`) is that description with an `HttpError` body.
macro_rules! refusals {
    ($($name:ident: $description:literal;)*) => {$(
        #[doc = concat!("A refusal: ", $description, ".")]
        pub struct $name;

        impl<'s> utoipa::ToResponse<'s> for $name {
            fn response() -> (&'s str, utoipa::openapi::RefOr<utoipa::openapi::Response>) {
                (stringify!($name), refusal($description).into())
            }
        }
    )*};
}

refusals! {
    StorageFailed: "Storage failed (`storage-failure`)";
    StorageOrReloading: "Storage failed, or the room is reloading";
    BadToken: "The token belongs to no guest (`bad-token`)";
    NotIdentified: "No token (`not-identified`), or one of no guest (`bad-token`)";
    LoginRequired: "An API token (`login-required`)";
    TokenInUrl: "A token in the address (`token-in-url`)";
    UnknownRoom: "No such room (`unknown-room`)";
    UnknownTournament: "No such tournament (`unknown-tournament`)";
    NotInvited: "A private tournament without its invite (`not-invited`)";
}

/// Declares a set of refusals that routes of one kind share
/// (`IntoResponses`): each status with its refusal above.
macro_rules! refusal_set {
    ($(#[$doc:meta])* $name:ident { $($status:literal: $refusal:ident),* $(,)? }) => {
        $(#[$doc])*
        pub struct $name;

        impl utoipa::IntoResponses for $name {
            fn responses() -> std::collections::BTreeMap<String, utoipa::openapi::RefOr<utoipa::openapi::Response>> {
                [$(($status.to_string(), <$refusal as utoipa::ToResponse>::response().1)),*].into()
            }
        }
    };
}

refusal_set! {
    /// The refusals every account route may answer (`/api/account…`: a
    /// caller identified by a token, and storage).
    AccountRefused { 401: NotIdentified, 503: StorageFailed }
}

refusal_set! {
    /// The refusals of a room's record, as text or JSON (besides its 403).
    RecordRefused { 400: TokenInUrl, 401: BadToken, 404: UnknownRoom, 503: StorageOrReloading }
}

refusal_set! {
    /// The refusals of a tournament's page or records.
    TournamentRefused { 403: NotInvited, 404: UnknownTournament, 503: StorageFailed }
}

/// Declares the address that routes of one kind share (`IntoParams`): the
/// path's `id` and the query's optional `invite`, with their descriptions.
macro_rules! addresses {
    ($($(#[$doc:meta])* $name:ident: $id:literal, $invite:literal;)*) => {$(
        $(#[$doc])*
        pub struct $name;

        impl utoipa::IntoParams for $name {
            fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
                vec![parameter("id", ParameterIn::Path, $id), parameter("invite", ParameterIn::Query, $invite)]
            }
        }
    )*};
}

/// A text parameter: required in the path, optional in the query.
fn parameter(name: &str, within: ParameterIn, description: &str) -> Parameter {
    let required = if within == ParameterIn::Path {
        Required::True
    } else {
        Required::False
    };
    ParameterBuilder::new()
        .name(name)
        .parameter_in(within)
        .required(required)
        .description(Some(description))
        .schema(Some(Object::with_type(Type::String)))
        .build()
}

addresses! {
    /// A room's record (as text or JSON) and its plies (as JSON or an image).
    RecordAddress: "The room's id", "A private room's invite code, for a guest without a seat there";
    /// A tournament's page or records.
    TournamentAddress: "The tournament's id", "A private tournament's invite code";
}
