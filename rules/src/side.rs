//! The two sides of a two-player game (Magnet's red and blue, Magneton's
//! and Magnetism's white and black): one macro, so that each game keeps
//! its own `Color` type with the same small vocabulary, and one for the
//! `Game` methods those games share word for word.

/// Defines `pub enum Color { $first, $second }` with `BOTH`, `other`,
/// `index`, `name` (the lowercase side name), `seat` (the first side is
/// seat 0), `from_seat` and `seat_name`.
macro_rules! two_sides {
    ($(#[$meta:meta])* $first:ident = $first_name:literal, $second:ident = $second_name:literal) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Color {
            $first,
            $second,
        }

        impl Color {
            pub const BOTH: [Color; 2] = [Color::$first, Color::$second];

            pub const fn other(self) -> Color {
                match self {
                    Color::$first => Color::$second,
                    Color::$second => Color::$first,
                }
            }

            pub const fn index(self) -> usize {
                self as usize
            }

            /// The side as players write it.
            pub const fn name(self) -> &'static str {
                match self {
                    Color::$first => $first_name,
                    Color::$second => $second_name,
                }
            }

            pub const fn seat(self) -> $crate::seat::Seat {
                $crate::seat::Seat(self as u8)
            }

            pub fn from_seat(seat: $crate::seat::Seat) -> Option<Color> {
                match seat.0 {
                    0 => Some(Color::$first),
                    1 => Some(Color::$second),
                    _ => None,
                }
            }

            /// The name of `seat`: its side's, or `seat N` for a seat the
            /// game does not have.
            pub fn seat_name(seat: $crate::seat::Seat) -> String {
                Color::from_seat(seat).map_or_else(|| format!("seat {}", seat.0), |c| c.name().into())
            }
        }
    };
}

pub(crate) use two_sides;

/// The `Game` methods the two-player games write alike, inside their
/// `impl Game`: `new` is `from_position` at `Position::start()` and
/// `parse_position` is `from_position` at the parsed `Position`, an action
/// is parsed by its `FromStr`, `options` and `outcome` read the fields of
/// those names, and the two seats are named by `Color`.
macro_rules! two_sided_game {
    () => {
        fn new(options: Options) -> Self {
            Self::from_position(options, Position::start())
        }

        fn options(&self) -> &Options {
            &self.options
        }

        fn seat_count(&self) -> usize {
            2
        }

        fn seat_name(&self, seat: Seat) -> String {
            Color::seat_name(seat)
        }

        fn outcome(&self) -> Option<&Outcome> {
            self.outcome.as_ref()
        }

        fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
            text.parse()
        }

        fn parse_position(options: Options, text: &str) -> Result<Self, NotationError> {
            Ok(Self::from_position(options, text.parse()?))
        }
    };
}

pub(crate) use two_sided_game;
