//! Magnet's own chooser, as the protocol lets the client compose Magnet
//! actions: the secret setup (any arrangement of the twelve pieces on the
//! side's start vertices, which the server judges) and a turn (an offered
//! magnet vertex and order, plus promotions from `promotions`).

use std::collections::{BTreeMap, BTreeSet};

use rand::Rng;
use rand::seq::SliceRandom;

use super::boards::read_turn;

/// A side's twelve pieces (docs/rules/magnet.md), in the order a new
/// arrangement starts from.
pub const MATERIAL: [&str; 12] = ["K", "2", "2", "2", "T2", "3", "3", "3", "T3", "4", "4", "4"];

/// The setup being arranged.
#[derive(Clone, Debug)]
pub struct Arrangement {
    /// The kind on each start vertex, in the order of the board's `start`.
    pub kinds: Vec<String>,
    /// The first vertex (index) picked for a swap.
    pub picked: Option<usize>,
}

impl Default for Arrangement {
    fn default() -> Arrangement {
        Arrangement {
            kinds: MATERIAL.iter().map(|k| k.to_string()).collect(),
            picked: None,
        }
    }
}

impl Arrangement {
    /// Picks the piece at `index`, or swaps it with the one picked before.
    pub fn pick(&mut self, index: usize) {
        if index >= self.kinds.len() {
            return;
        }
        match self.picked.take() {
            None => self.picked = Some(index),
            Some(first) => self.kinds.swap(first, index),
        }
    }

    pub fn shuffle(&mut self, rng: &mut impl Rng) {
        self.kinds.shuffle(rng);
        self.picked = None;
    }

    /// `setup A2:K A3:2 …` for the side's start vertices.
    pub fn action(&self, start: &[String]) -> String {
        let parts: Vec<String> = start
            .iter()
            .zip(&self.kinds)
            .map(|(v, k)| format!("{v}:{k}"))
            .collect();
        format!("setup {}", parts.join(" "))
    }
}

/// The choice of a turn for the magnet on one vertex.
#[derive(Clone, Debug)]
pub struct Chooser {
    pub vertex: String,
    /// The offered turns for this vertex (orders of the pulls).
    pub offers: Vec<String>,
    /// The offer chosen.
    pub order: usize,
    /// Promotions chosen, by vertex.
    pub promote: BTreeSet<String>,
}

impl Chooser {
    pub fn new(vertex: &str, offers: Vec<String>) -> Chooser {
        Chooser {
            vertex: vertex.to_string(),
            offers,
            order: 0,
            promote: BTreeSet::new(),
        }
    }

    pub fn offer(&self) -> &str {
        &self.offers[self.order]
    }

    /// The vertices the chosen offer may promote.
    pub fn promotable<'a>(&self, promotions: &'a BTreeMap<String, Vec<String>>) -> &'a [String] {
        promotions.get(self.offer()).map_or(&[], Vec::as_slice)
    }

    /// Chooses the next or previous order; promotions start afresh.
    pub fn move_order(&mut self, forward: bool) {
        let n = self.offers.len();
        self.order = if forward {
            (self.order + 1) % n
        } else {
            (self.order + n - 1) % n
        };
        self.promote.clear();
    }

    /// Turns the promotion of the `index`th promotable vertex on or off.
    pub fn toggle(&mut self, index: usize, promotions: &BTreeMap<String, Vec<String>>) {
        if let Some(vertex) = self.promotable(promotions).get(index)
            && !self.promote.remove(vertex)
        {
            self.promote.insert(vertex.clone());
        }
    }

    /// The action to send: the offer, then `+V,W` for the chosen
    /// promotions, in the order the server lists them.
    pub fn action(&self, promotions: &BTreeMap<String, Vec<String>>) -> String {
        let chosen: Vec<&str> = self
            .promotable(promotions)
            .iter()
            .filter(|v| self.promote.contains(*v))
            .map(String::as_str)
            .collect();
        if chosen.is_empty() {
            self.offer().to_string()
        } else {
            format!("{} +{}", self.offer(), chosen.join(","))
        }
    }

    /// The pieces the chosen order pulls, in order (empty: the default
    /// order, which the offer does not spell out).
    pub fn pulls(&self) -> Vec<String> {
        read_turn(self.offer()).1
    }
}

/// The offered turns (not setups).
pub fn turns(legal: &[String]) -> impl Iterator<Item = &String> {
    legal
        .iter()
        .filter(|a| !a.to_ascii_lowercase().starts_with("setup"))
}

/// The offered turns whose magnet stands on `vertex`.
pub fn offers_for(legal: &[String], vertex: &str) -> Vec<String> {
    turns(legal)
        .filter(|a| read_turn(a).0 == vertex)
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn an_arrangement_swaps_two_picked_pieces_and_writes_the_setup() {
        let start: Vec<String> = [
            "A2", "A3", "A4", "A5", "B7", "C8", "D9", "E10", "G10", "H9", "I8", "J7",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let mut arrangement = Arrangement::default();
        arrangement.pick(0);
        assert_eq!(arrangement.picked, Some(0));
        arrangement.pick(11);
        assert_eq!(arrangement.picked, None);
        assert_eq!(
            arrangement.action(&start),
            "setup A2:4 A3:2 A4:2 A5:2 B7:T2 C8:3 D9:3 E10:3 G10:T3 H9:4 I8:4 J7:K"
        );
        let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
        arrangement.shuffle(&mut rng);
        let mut kinds = arrangement.kinds.clone();
        kinds.sort();
        let mut material: Vec<String> = MATERIAL.iter().map(|k| k.to_string()).collect();
        material.sort();
        assert_eq!(kinds, material, "a shuffle keeps the twelve pieces");
    }

    #[test]
    fn a_turn_is_an_offer_plus_allowed_promotions() {
        let legal: Vec<String> = ["F6 E5,G6", "F6 G6,E5", "A1", "setup x"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let promotions = BTreeMap::from([("F6 G6,E5".to_string(), vec!["F6".to_string(), "G5".to_string()])]);
        assert_eq!(turns(&legal).count(), 3);
        let mut chooser = Chooser::new("F6", offers_for(&legal, "F6"));
        assert_eq!(chooser.offers.len(), 2);
        assert_eq!(chooser.pulls(), ["E5", "G6"]);
        chooser.toggle(0, &promotions);
        assert_eq!(
            chooser.action(&promotions),
            "F6 E5,G6",
            "the first order allows no promotion"
        );
        chooser.move_order(true);
        chooser.toggle(1, &promotions);
        chooser.toggle(0, &promotions);
        assert_eq!(chooser.action(&promotions), "F6 G6,E5 +F6,G5");
        chooser.toggle(0, &promotions);
        assert_eq!(chooser.action(&promotions), "F6 G6,E5 +G5");
        chooser.move_order(false);
        assert_eq!(chooser.action(&promotions), "F6 E5,G6");
    }
}
