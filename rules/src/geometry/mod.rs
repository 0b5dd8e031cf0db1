//! Board geometry shared between games: the square grid (Magneton,
//! Magnetism) and the hexagonal grid (Magnet's vertices, Magma's cells).

pub mod hex;
pub mod square;
