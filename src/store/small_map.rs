//! A map of a few entries kept as a sorted list: read and written as the same JSON object a
//! `BTreeMap` is (keys in order, a repeated key's last value kept), without the B-tree's code
//! (issue 32: its insert, removal and rebalancing were about 15 KB of the app's code, for the
//! device's settings and the views sent to each seat).

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::borrow::Borrow;
use std::fmt;
use std::marker::PhantomData;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmallMap<K, V>(Vec<(K, V)>);

impl<K, V> Default for SmallMap<K, V> {
    fn default() -> Self {
        SmallMap(Vec::new())
    }
}

impl<K: Ord, V> SmallMap<K, V> {
    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        self.0.binary_search_by(|(k, _)| k.borrow().cmp(key))
    }

    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &self.0[i].1)
    }

    /// Sets `key` to `value`; the value it had.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, value)),
            Err(i) => {
                self.0.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| self.0.remove(i).1)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The entries in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl<K: Serialize, V: Serialize> Serialize for SmallMap<K, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de, K: Ord + Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for SmallMap<K, V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries<K, V>(PhantomData<(K, V)>);
        impl<'de, K: Ord + Deserialize<'de>, V: Deserialize<'de>> Visitor<'de> for Entries<K, V> {
            type Value = SmallMap<K, V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Self::Value, A::Error> {
                let mut out = SmallMap::default();
                while let Some((k, v)) = a.next_entry()? {
                    out.insert(k, v);
                }
                Ok(out)
            }
        }
        d.deserialize_map(Entries(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::SmallMap;
    use std::collections::BTreeMap;

    #[test]
    fn reads_and_writes_the_text_a_btree_map_does() {
        for text in [r#"{}"#, r#"{"b":2,"a":1}"#, r#"{"a":1,"a":3,"c":0}"#, r#"{"x":5}"#] {
            let tree: BTreeMap<String, u64> = serde_json::from_str(text).unwrap();
            let small: SmallMap<String, u64> = crate::engine::json::from_str(text).unwrap();
            assert_eq!(serde_json::to_string(&small).unwrap(), serde_json::to_string(&tree).unwrap(), "{text}");
            assert_eq!(small.len(), tree.len());
            assert!(small.iter().map(|(k, v)| (k.clone(), *v)).eq(tree.clone().into_iter()));
        }
        // Number keys, as the views sent to each seat are kept.
        let tree: BTreeMap<u8, u64> = serde_json::from_str(r#"{"3":7,"0":9}"#).unwrap();
        let small: SmallMap<u8, u64> = crate::engine::json::from_str(r#"{"3":7,"0":9}"#).unwrap();
        assert_eq!(serde_json::to_string(&small).unwrap(), serde_json::to_string(&tree).unwrap());
        assert!(crate::engine::json::from_str::<SmallMap<u8, u64>>(r#"{"300":1}"#).is_err());
        assert!(crate::engine::json::from_str::<SmallMap<u8, u64>>("[1]").is_err());
    }

    #[test]
    fn insert_get_remove_keep_the_keys_in_order() {
        let mut m = SmallMap::default();
        let mut tree = std::collections::BTreeMap::new();
        for (i, k) in [5u8, 1, 9, 1, 3, 9, 0].into_iter().enumerate() {
            assert_eq!(m.insert(k, i), tree.insert(k, i));
        }
        for k in [1u8, 7, 0] {
            assert_eq!(m.remove(&k), tree.remove(&k));
        }
        for k in 0..10u8 {
            assert_eq!(m.get(&k), tree.get(&k));
        }
        assert!(m.iter().map(|(k, v)| (*k, *v)).eq(tree.into_iter()));
    }
}
