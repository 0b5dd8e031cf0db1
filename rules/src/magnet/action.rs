//! Magnet's actions: a side's secret setup, and a turn (magnet, order,
//! promotions) with its short lists of vertices.

use super::board::Vertex;
use super::setup::Setup;
use super::turn::MAX_AFFECTED;

/// Up to six vertices: the order of a turn's pieces, or its promotions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VertexList {
    items: [Option<Vertex>; MAX_AFFECTED],
    len: u8,
}

impl VertexList {
    pub const fn new() -> VertexList {
        VertexList {
            items: [None; MAX_AFFECTED],
            len: 0,
        }
    }

    /// The list of `vertices`, if there are at most six.
    pub fn from_slice(vertices: &[Vertex]) -> Option<VertexList> {
        let mut list = VertexList::new();
        vertices.iter().all(|&v| list.push(v)).then_some(list)
    }

    /// Appends `v`; false if the list is full.
    pub fn push(&mut self, v: Vertex) -> bool {
        let Some(slot) = self.items.get_mut(usize::from(self.len)) else {
            return false;
        };
        *slot = Some(v);
        self.len += 1;
        true
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn iter(&self) -> impl Iterator<Item = Vertex> + '_ {
        self.items[..self.len()]
            .iter()
            .map(|v| v.expect("within the length"))
    }
}

/// A turn: the magnet's vertex, optionally the order of the affected
/// pieces (by their starting vertices; left out, the default order), and
/// the pieces to promote (by their foreseen final vertices: where each
/// would end if every enemy piece were ordinary).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub magnet: Vertex,
    pub order: Option<VertexList>,
    pub promote: VertexList,
}

/// One action of Magnet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A side's secret arrangement: `setup A2:K A3:2 …`.
    Setup(Setup),
    /// A turn: `F6`, `F6 E5,G6`, `F6 E5,G6 +F6,G5`.
    Turn(Turn),
}
