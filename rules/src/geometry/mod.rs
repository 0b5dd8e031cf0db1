//! Board geometry shared between games: the square grid (Magneton,
//! Magnetism) and the hexagonal grid (Magnet's vertices, Magma's cells).

pub mod hex;
pub mod square;

/// A set of indices (cells, squares, vertices) as the bits of an integer.
pub trait BitSet: Copy {
    /// The lowest index, taken out of the set; `None` once it is empty.
    fn pop_lowest(&mut self) -> Option<u8>;
}

macro_rules! bit_set {
    ($($int:ty),*) => {$(
        impl BitSet for $int {
            #[inline]
            fn pop_lowest(&mut self) -> Option<u8> {
                (*self != 0).then(|| {
                    let i = self.trailing_zeros();
                    *self &= *self - 1;
                    i as u8
                })
            }
        }
    )*};
}

bit_set!(u64, u128);

/// The indices of a bit set, ascending.
#[inline]
pub fn indices<B: BitSet>(mut set: B) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || set.pop_lowest())
}
