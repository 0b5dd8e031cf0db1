//! Monte Carlo tree search (UCT), shared by every game's searching bot.
//!
//! Each iteration takes a *world* from the game's [`Model`] (the position
//! itself, or, where the view hides something, one guess consistent with
//! the searcher's view), walks down the tree choosing by UCB1 among the
//! actions available in that world, adds one node, values the leaf (a
//! short playout and an evaluation) and backs the values up.
//!
//! Values are one number in [0, 1] per seat, so the same search serves two
//! players and Magma's two to six (each node is judged by the seat that
//! moved into it, as in max^n; teammates get equal values from their
//! model). With hidden information the tree is a single-observer
//! information-set tree: a node's actions may differ from world to world,
//! and a child is scored against how often it was available.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::Think;
use super::fast::Fast;
use crate::game::{Game, Millis, Outcome};
use crate::{MAX_SEATS, Seat};

/// One value in [0, 1] per seat: 1 a sure win, 0 a sure loss.
pub(crate) type Values = [f32; MAX_SEATS];

type Action<M> = <<M as Model>::G as Game>::Action;

/// What a search needs to know of a game.
pub(crate) trait Model {
    type G: Game;
    /// Whether every world is the same (no hidden information): a node's
    /// actions are then listed once.
    const PERFECT: bool;
    /// The exploration constant of UCB1.
    const EXPLORE: f32 = 0.7;
    /// Progressive widening (hidden information only): a node visited `n`
    /// times tries at most `WIDEN·√n` of its actions, in the order
    /// [`Model::actions`] gives them (best first, by the model's own
    /// guess); `None` tries every action once before choosing (and
    /// shuffles them).
    const WIDEN: Option<f32> = None;

    /// The world of one iteration.
    fn world(&mut self, rng: &mut Fast) -> Self::G;
    /// A key of what `seat` knows in `game`: worlds with equal keys offer
    /// it the same actions. Only asked when not [`Model::PERFECT`].
    fn knowledge(&self, _game: &Self::G, _seat: Seat) -> u64 {
        0
    }
    /// The actions the search tries for `seat`.
    fn actions(&mut self, game: &Self::G, seat: Seat) -> Vec<Action<Self>>;
    /// The value of a leaf that is not over: a playout and an evaluation.
    fn leaf(&mut self, game: &mut Self::G, rng: &mut Fast) -> Values;
    /// The time the search's actions are played at.
    fn at(&self) -> Millis {
        Millis(0)
    }
}

/// The model of a game with nothing hidden: every world is `root`; what
/// the search tries and how it values a leaf are the game's evaluation
/// `E`'s.
pub(crate) struct Perfect<G, E> {
    pub root: G,
    pub eval: E,
}

/// The part of a [`Model`] a game with nothing hidden writes itself.
pub(crate) trait Evaluation<G: Game> {
    /// The actions the search tries for `seat`: every legal one unless the
    /// game says otherwise.
    fn actions(&self, game: &G, seat: Seat) -> Vec<G::Action> {
        game.legal_actions(seat)
    }
    /// See [`Model::leaf`].
    fn leaf(&mut self, game: &mut G, rng: &mut Fast) -> Values;
    /// See [`Model::at`].
    fn at(&self) -> Millis {
        Millis(0)
    }
}

impl<G: Game, E: Evaluation<G>> Model for Perfect<G, E> {
    type G = G;
    const PERFECT: bool = true;

    fn world(&mut self, _rng: &mut Fast) -> G {
        self.root.clone()
    }

    fn actions(&mut self, game: &G, seat: Seat) -> Vec<G::Action> {
        self.eval.actions(game, seat)
    }

    fn leaf(&mut self, game: &mut G, rng: &mut Fast) -> Values {
        self.eval.leaf(game, rng)
    }

    fn at(&self) -> Millis {
        self.eval.at()
    }
}

/// The values of a finished game: 1 for the winners (a whole team), 0 for
/// the others, ½ for everyone in a draw.
pub(crate) fn outcome_values(outcome: &Outcome) -> Values {
    match outcome {
        Outcome::Win { winners, .. } => {
            let mut v = [0.0; MAX_SEATS];
            for s in winners.iter() {
                v[s.index()] = 1.0;
            }
            v
        }
        Outcome::Draw { .. } => [0.5; MAX_SEATS],
    }
}

/// A logistic squash of `x / scale` into (0, 1).
pub(crate) fn squash(x: f32, scale: f32) -> f32 {
    1.0 / (1.0 + (-x / scale).exp())
}

/// A quick hasher for actions (a few bytes each) in the search's own
/// maps: no defence against chosen keys is needed there, and the default
/// one costs as much as the rest of a node's work.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }

    fn write_u16(&mut self, x: u16) {
        self.write_u64(u64::from(x));
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

type ChildIndex<A> = HashMap<A, u32, BuildHasherDefault<Mix>>;

/// Nodes at most in one tree (a few hundred bytes each); past it the
/// search goes on refining the values of the tree it has.
const MAX_NODES: usize = 1 << 20;

struct Node<A> {
    action: Option<A>,
    /// The seat that played `action`.
    mover: Seat,
    visits: u32,
    /// How often the node's action was available at its parent (hidden
    /// information only).
    avail: u32,
    /// The sum of the mover's values over the visits.
    total: f32,
    children: Vec<u32>,
    /// How many actions the node has, once known (perfect information and
    /// the root); then its actions are listed again only while some have
    /// no child yet, always in the same shuffled order.
    width: Option<u32>,
    /// The actions tried here by knowledge key (hidden information; the
    /// root's one list), each shuffled once so that expansion order is
    /// random.
    lists: Vec<(u64, Vec<A>)>,
    /// Child by action (hidden information only).
    index: Option<Box<ChildIndex<A>>>,
}

impl<A> Node<A> {
    fn new(action: Option<A>, mover: Seat) -> Node<A> {
        Node {
            action,
            mover,
            visits: 0,
            avail: 0,
            total: 0.0,
            children: Vec::new(),
            width: None,
            lists: Vec::new(),
            index: None,
        }
    }

    fn mean(&self) -> f32 {
        self.total / self.visits.max(1) as f32
    }
}

/// What a search found: each root action with its visits and mean value,
/// best first.
#[derive(Debug)]
pub(crate) struct Found<A> {
    pub ranked: Vec<(A, u32, f32)>,
}

impl<A: Clone> Found<A> {
    pub(crate) fn best(&self) -> Option<A> {
        self.ranked.first().map(|(a, _, _)| a.clone())
    }
}

/// Searches from the model's worlds for `me`, choosing among `root`
/// (actions legal in every world), within `think`.
pub(crate) fn search<M: Model>(
    model: &mut M,
    me: Seat,
    root: Vec<Action<M>>,
    think: &Think<'_>,
    rng: &mut Fast,
) -> Found<Action<M>> {
    let mut tree = Tree::<M> {
        nodes: Vec::new(),
        path: Vec::new(),
        salt: rng.next(),
    };
    let mut first = root;
    rng.shuffle(&mut first);
    let mut top = Node::new(None, me);
    top.width = Some(first.len() as u32);
    top.lists.push((0, first));
    tree.nodes.push(top);
    let mut done = 0;
    while !think.should_stop(done) {
        done += 1;
        tree.iterate(model, rng);
    }
    let root = &tree.nodes[0];
    let mut ranked: Vec<(Action<M>, u32, f32)> = root
        .children
        .iter()
        .map(|&c| {
            let n = &tree.nodes[c as usize];
            (
                n.action.clone().expect("children have actions"),
                n.visits,
                n.mean(),
            )
        })
        .collect();
    // Most visited first; equal visits by value (a stable sort keeps the
    // shuffled order for full ties, which the seed decides).
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    // Actions never tried (a budget smaller than the root) come last.
    for a in &root.lists[0].1 {
        if !ranked.iter().any(|(r, _, _)| r == a) {
            ranked.push((a.clone(), 0, 0.0));
        }
    }
    Found { ranked }
}

struct Tree<M: Model> {
    nodes: Vec<Node<Action<M>>>,
    path: Vec<usize>,
    /// Seeds each node's shuffle of its actions.
    salt: u64,
}

impl<M: Model> Tree<M> {
    fn iterate(&mut self, model: &mut M, rng: &mut Fast) {
        let mut world = model.world(rng);
        self.path.clear();
        self.path.push(0);
        let mut node = 0;
        let values = loop {
            if let Some(outcome) = world.outcome() {
                break outcome_values(outcome);
            }
            let Some(seat) = world.to_act().first_seat() else {
                break model.leaf(&mut world, rng);
            };
            let step = if M::PERFECT || node == 0 {
                self.step_listed(node, model, &world, seat)
            } else {
                let list = self.list(node, model, &world, seat, rng);
                self.step_indexed(node, list)
            };
            let Some((action, child)) = step else {
                break model.leaf(&mut world, rng);
            };
            if world.apply(seat, &action, model.at()).is_err() {
                // Only a model whose lists do not fit its worlds gets here:
                // value the position as it is.
                break model.leaf(&mut world, rng);
            }
            match child {
                Some(c) => {
                    node = c;
                    self.path.push(c);
                }
                None => {
                    if self.nodes.len() >= MAX_NODES {
                        break match world.outcome() {
                            Some(o) => outcome_values(o),
                            None => model.leaf(&mut world, rng),
                        };
                    }
                    let c = self.nodes.len();
                    self.nodes.push(Node::new(Some(action.clone()), seat));
                    let parent = &mut self.nodes[node];
                    parent.children.push(c as u32);
                    if !M::PERFECT && node != 0 {
                        parent.index.get_or_insert_default().insert(action, c as u32);
                    }
                    self.path.push(c);
                    break match world.outcome() {
                        Some(o) => outcome_values(o),
                        None => model.leaf(&mut world, rng),
                    };
                }
            }
        };
        for &n in &self.path {
            let node = &mut self.nodes[n];
            node.visits += 1;
            node.total += values[node.mover.index()];
        }
    }

    /// Which of the node's action lists fits this world, made if new.
    fn list(&mut self, node: usize, model: &mut M, world: &M::G, seat: Seat, rng: &mut Fast) -> usize {
        let key = model.knowledge(world, seat);
        if let Some(i) = self.nodes[node].lists.iter().position(|(k, _)| *k == key) {
            return i;
        }
        let mut actions = model.actions(world, seat);
        if M::WIDEN.is_none() {
            rng.shuffle(&mut actions);
        }
        let lists = &mut self.nodes[node].lists;
        // Worlds that differ in what the mover knows (where a hidden piece
        // taken was a trap in one and not in another) are few; keep the
        // latest of them.
        if lists.len() >= 16 {
            lists.remove(1);
        }
        lists.push((key, actions));
        lists.len() - 1
    }

    /// With the same actions in every world: expand the next action in
    /// the node's shuffled order, or choose among the children by UCB1.
    /// Returns the action and the child (`None`: a new one). Only the root
    /// keeps its list; other nodes list their actions again while they
    /// have some without a child, which costs less than keeping every
    /// list (memory is most of a search's cost).
    fn step_listed(
        &mut self,
        node: usize,
        model: &mut M,
        world: &M::G,
        seat: Seat,
    ) -> Option<(Action<M>, Option<usize>)> {
        let tried = self.nodes[node].children.len();
        if self.nodes[node].width.is_none_or(|w| tried < w as usize) {
            let next = if node == 0 {
                self.nodes[0].lists[0].1.get(tried).cloned()
            } else {
                let mut actions = model.actions(world, seat);
                let mut order = Fast::new(self.salt ^ (node as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                order.shuffle(&mut actions);
                self.nodes[node].width = Some(actions.len() as u32);
                actions.into_iter().nth(tried)
            };
            if let Some(action) = next {
                return Some((action, None));
            }
        }
        let n = &self.nodes[node];
        let log = (n.visits.max(1) as f32).ln();
        let best = n
            .children
            .iter()
            .copied()
            .max_by(|&a, &b| self.ucb(a as usize, log).total_cmp(&self.ucb(b as usize, log)))?;
        let best = best as usize;
        Some((self.nodes[best].action.clone()?, Some(best)))
    }

    /// With lists that vary by world: count every available child, expand
    /// the first untried action, or choose by UCB1 against availability.
    fn step_indexed(&mut self, node: usize, list: usize) -> Option<(Action<M>, Option<usize>)> {
        let mut untried = None;
        let mut available: Vec<usize> = Vec::new();
        {
            let n = &self.nodes[node];
            for a in &n.lists[list].1 {
                match n.index.as_ref().and_then(|i| i.get(a)) {
                    Some(&c) => available.push(c as usize),
                    None if untried.is_none() => untried = Some(a.clone()),
                    None => {}
                }
            }
        }
        for &c in &available {
            self.nodes[c].avail += 1;
        }
        let room = M::WIDEN
            .is_none_or(|k| (available.len() as f32) < k * (self.nodes[node].visits.max(1) as f32).sqrt());
        if let Some(a) = untried.filter(|_| room || available.is_empty()) {
            return Some((a, None));
        }
        let best = available.into_iter().max_by(|&a, &b| {
            let la = (self.nodes[a].avail.max(1) as f32).ln();
            let lb = (self.nodes[b].avail.max(1) as f32).ln();
            self.ucb(a, la).total_cmp(&self.ucb(b, lb))
        })?;
        Some((self.nodes[best].action.clone()?, Some(best)))
    }

    fn ucb(&self, child: usize, log_parent: f32) -> f32 {
        let c = &self.nodes[child];
        let n = c.visits.max(1) as f32;
        c.total / n + M::EXPLORE * (log_parent / n).sqrt()
    }
}
