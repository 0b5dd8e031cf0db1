//! A map kept as a `Vec` of pairs sorted by key ([`VecMap`]), for a room's
//! small maps (its watchers by connection, what each audience was sent):
//! a `BTreeMap`'s first node has room for 11 entries and costs several
//! hundred bytes for the two or three a game has. Iterated in key order,
//! like a `BTreeMap`.

/// A map of `K` to `V` as a sorted `Vec`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct VecMap<K, V> {
    pairs: Vec<(K, V)>,
}

impl<K, V> Default for VecMap<K, V> {
    fn default() -> Self {
        VecMap { pairs: Vec::new() }
    }
}

impl<K: Ord, V> VecMap<K, V> {
    fn find(&self, key: &K) -> Result<usize, usize> {
        self.pairs.binary_search_by(|(k, _)| k.cmp(key))
    }

    pub(super) fn get(&self, key: &K) -> Option<&V> {
        self.find(key).ok().map(|i| &self.pairs[i].1)
    }

    pub(super) fn get_mut(&mut self, key: &K) -> Option<&mut V> {
        self.find(key).ok().map(|i| &mut self.pairs[i].1)
    }

    pub(super) fn contains_key(&self, key: &K) -> bool {
        self.find(key).is_ok()
    }

    /// Sets `key`'s value; the one it replaces, if any.
    pub(super) fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.pairs[i].1, value)),
            Err(i) => {
                self.pairs.insert(i, (key, value));
                None
            }
        }
    }

    pub(super) fn remove(&mut self, key: &K) -> Option<V> {
        self.find(key).ok().map(|i| self.pairs.remove(i).1)
    }

    /// The pairs in key order.
    pub(super) fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.pairs.iter().map(|(k, v)| (k, v))
    }

    pub(super) fn values(&self) -> impl Iterator<Item = &V> {
        self.pairs.iter().map(|(_, v)| v)
    }

    pub(super) fn values_mut(&mut self) -> impl Iterator<Item = &mut V> {
        self.pairs.iter_mut().map(|(_, v)| v)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::VecMap;

    #[test]
    fn it_keeps_what_a_btree_map_keeps_in_the_same_order() {
        let mut map = VecMap::default();
        let mut tree = BTreeMap::new();
        // A fixed shuffle of inserts, replacements and removals.
        for step in 0..200u64 {
            let key = (step * 37) % 23;
            if step % 5 == 3 {
                assert_eq!(map.remove(&key), tree.remove(&key));
            } else {
                assert_eq!(map.insert(key, step), tree.insert(key, step));
            }
            assert_eq!(map.contains_key(&key), tree.contains_key(&key));
            assert_eq!(map.get(&key), tree.get(&key));
        }
        assert!(map.iter().eq(tree.iter()));
        for v in map.values_mut() {
            *v += 1;
        }
        assert!(map.values().copied().eq(tree.values().map(|v| v + 1)));
        assert_eq!(map.get_mut(&100), None);
    }
}
