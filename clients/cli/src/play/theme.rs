//! Colours and text styles. With colour off (`--no-color`, or `NO_COLOR`
//! set) only bold, underline and reverse video remain; the boards' letters
//! carry the sides either way.

use ratatui::style::{Color, Modifier, Style};

#[derive(Clone, Copy, Debug)]
pub struct Theme {
    color: bool,
}

impl Theme {
    pub fn new(color: bool) -> Theme {
        Theme { color }
    }

    fn fg(&self, color: Color) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    /// Bold black on `color`; without colour, bold reverse video.
    fn bar(&self, color: Color) -> Style {
        if self.color {
            Style::new()
                .fg(Color::Black)
                .bg(color)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    /// The terminal colour of a side's colour name.
    fn of(&self, side: &str) -> Color {
        match side {
            "white" => Color::White,
            "black" => Color::LightCyan,
            "red" => Color::LightRed,
            "blue" => Color::LightBlue,
            "yellow" => Color::Yellow,
            "green" => Color::LightGreen,
            _ => Color::Magenta,
        }
    }

    /// A piece of `side`.
    pub fn side(&self, side: &str) -> Style {
        self.fg(self.of(side)).add_modifier(Modifier::BOLD)
    }

    /// An empty cell in a side's colour (a home corner).
    pub fn home(&self, side: &str) -> Style {
        self.fg(self.of(side))
    }

    pub fn empty(&self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// An empty cell that continues the choice.
    pub fn target(&self) -> Style {
        self.fg(Color::LightGreen).add_modifier(Modifier::BOLD)
    }

    /// The cells of the last action.
    pub fn last(&self, style: Style) -> Style {
        if self.color {
            style.bg(Color::Indexed(58))
        } else {
            style.add_modifier(Modifier::ITALIC)
        }
    }

    pub fn cursor(&self) -> Style {
        self.fg(Color::LightYellow).add_modifier(Modifier::BOLD)
    }

    pub fn coordinate(&self) -> Style {
        self.fg(Color::Gray)
    }

    pub fn grid(&self) -> Style {
        self.fg(Color::DarkGray)
    }

    pub fn label(&self) -> Style {
        self.fg(Color::DarkGray).add_modifier(Modifier::DIM)
    }

    pub fn title(&self) -> Style {
        self.bar(Color::Cyan)
    }

    pub fn heading(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    pub fn key(&self) -> Style {
        self.fg(Color::LightYellow).add_modifier(Modifier::BOLD)
    }

    pub fn dim(&self) -> Style {
        self.fg(Color::Gray)
    }

    pub fn error(&self) -> Style {
        self.fg(Color::LightRed).add_modifier(Modifier::BOLD)
    }

    pub fn good(&self) -> Style {
        self.fg(Color::LightGreen).add_modifier(Modifier::BOLD)
    }

    /// A line that wants attention (your turn).
    pub fn attention(&self) -> Style {
        self.bar(Color::LightGreen)
    }

    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }
}
