//! The one way JSON text is read into the app's types (issue 32): serde_json's reader, seen
//! through a deserializer that reads a struct from an object only.
//!
//! serde's derive gives every struct (and every struct variant of an enum) two readers, one
//! for an object and one for an array, and serde_json calls whichever the text has. Field Desk
//! never writes a struct as an array (serde_json writes objects), so the array reader of every
//! stored type was code no document needs. Read through `Strict`, a struct in an array is
//! refused ("invalid type: sequence, expected struct ..."), and the array readers are never
//! called, so the linker leaves them out. Everything else passes through unchanged: the same
//! errors, line and column, `RawValue`, `Option`, enums and tuples.

use serde::de::{self, DeserializeOwned, DeserializeSeed, Deserializer, Visitor};
use std::fmt;

/// `text` read as a `T`: what `serde_json::from_str` reads, but for structs written as arrays.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = T::deserialize(Strict(&mut de))?;
    de.end()?;
    Ok(value)
}

/// A part of a document kept as text (`RawValue`) read as a `T`, for readers that read the
/// parts every system shares once for all and leave the system's own part to its code (issue
/// 32). Its error is the part's, without the part's own line and column: the reader of the
/// whole document puts its place there.
pub fn part<T: DeserializeOwned, E: de::Error>(raw: &serde_json::value::RawValue) -> Result<T, E> {
    from_str(raw.get()).map_err(|e| E::custom(unplaced(e)))
}

/// An error's words without serde_json's " at line L column C".
#[inline(never)]
fn unplaced(e: serde_json::Error) -> String {
    let text = e.to_string();
    let cut = if e.line() > 0 { text.rfind(" at line ") } else { None };
    match cut {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// A deserializer as `D` reads, but for structs, read from an object only.
struct Strict<D>(D);

/// A visitor seen through `Strict`: what it is handed is read strictly in turn.
struct Wrap<V>(V);

/// A struct's visitor: an object only.
struct Fields<V>(V);

macro_rules! forward {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method(Wrap(visitor))
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Strict<D> {
    type Error = D::Error;

    forward! {
        deserialize_any deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32
        deserialize_i64 deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32
        deserialize_u64 deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char
        deserialize_str deserialize_string deserialize_bytes deserialize_byte_buf
        deserialize_option deserialize_unit deserialize_seq deserialize_map
        deserialize_identifier deserialize_ignored_any
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_unit_struct(name, Wrap(visitor))
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_newtype_struct(name, Wrap(visitor))
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, Wrap(visitor))
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple_struct(name, len, Wrap(visitor))
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_struct(name, fields, Fields(visitor))
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_enum(name, variants, Wrap(visitor))
    }
    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// What a visitor is handed (a value, an array, an object, an enum) passed on read strictly.
macro_rules! pass {
    ($($method:ident: $t:ty)*) => {$(
        fn $method<E: de::Error>(self, v: $t) -> Result<Self::Value, E> {
            self.0.$method(v)
        }
    )*};
}

macro_rules! visitor {
    ($name:ident) => {
        impl<'de, V: Visitor<'de>> Visitor<'de> for $name<V> {
            type Value = V::Value;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                self.0.expecting(f)
            }
            pass! {
                visit_bool: bool visit_i8: i8 visit_i16: i16 visit_i32: i32 visit_i64: i64
                visit_i128: i128 visit_u8: u8 visit_u16: u16 visit_u32: u32 visit_u64: u64
                visit_u128: u128 visit_f32: f32 visit_f64: f64 visit_char: char
                visit_str: &str visit_borrowed_str: &'de str visit_string: String
                visit_bytes: &[u8] visit_borrowed_bytes: &'de [u8] visit_byte_buf: Vec<u8>
            }
            fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
                self.0.visit_none()
            }
            fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
                self.0.visit_unit()
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
                self.0.visit_some(Strict(d))
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
                self.0.visit_newtype_struct(Strict(d))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                self.0.visit_map(Strict(map))
            }
            fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
                self.0.visit_enum(Strict(data))
            }
            visitor!(@seq $name);
        }
    };
    (@seq Wrap) => {
        fn visit_seq<A: de::SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
            self.0.visit_seq(Strict(seq))
        }
    };
    // A struct in an array: refused before its array reader is reached (so it is never linked).
    (@seq Fields) => {
        fn visit_seq<A: de::SeqAccess<'de>>(self, _: A) -> Result<Self::Value, A::Error> {
            Err(de::Error::invalid_type(de::Unexpected::Seq, &self))
        }
    };
}
visitor!(Wrap);
visitor!(Fields);

impl<'de, T: DeserializeSeed<'de>> DeserializeSeed<'de> for Strict<T> {
    type Value = T::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T::Value, D::Error> {
        self.0.deserialize(Strict(d))
    }
}

impl<'de, A: de::SeqAccess<'de>> de::SeqAccess<'de> for Strict<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(Strict(seed))
    }
    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: de::MapAccess<'de>> de::MapAccess<'de> for Strict<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(Strict(seed))
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.0.next_value_seed(Strict(seed))
    }
    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: de::EnumAccess<'de>> de::EnumAccess<'de> for Strict<A> {
    type Error = A::Error;
    type Variant = Strict<A::Variant>;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self::Variant), A::Error> {
        self.0.variant_seed(Strict(seed)).map(|(v, variant)| (v, Strict(variant)))
    }
}

impl<'de, A: de::VariantAccess<'de>> de::VariantAccess<'de> for Strict<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.0.newtype_variant_seed(Strict(seed))
    }
    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, Wrap(visitor))
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(fields, Fields(visitor))
    }
}

#[cfg(test)]
mod tests {
    use super::from_str;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Deserialize)]
    struct Point {
        x: i32,
        y: Option<u8>,
    }

    #[derive(Debug, PartialEq, Deserialize)]
    enum Step {
        Stay,
        Move(Point),
        Jump { to: Point, high: bool },
        Pair(u8, String),
    }

    #[test]
    fn reads_what_serde_json_reads() {
        let text = r#"[{"Move":{"x":-3,"y":null}},"Stay",{"Jump":{"to":{"x":1,"y":2},"high":true}},{"Pair":[7,"a"]}]"#;
        let strict: Vec<Step> = from_str(text).unwrap();
        assert_eq!(strict, serde_json::from_str::<Vec<Step>>(text).unwrap());
        let raw: Box<serde_json::value::RawValue> = from_str(r#" {"a": [1, 2]} "#).unwrap();
        assert_eq!(raw.get(), r#"{"a": [1, 2]}"#);
    }

    #[test]
    fn a_part_read_alone_errs_in_its_own_words() {
        let raw: Box<serde_json::value::RawValue> = from_str(r#"{"x":"1"}"#).unwrap();
        let e = super::part::<Point, serde_json::Error>(&raw).unwrap_err().to_string();
        assert_eq!(e, "invalid type: string \"1\", expected i32");
        let raw: Box<serde_json::value::RawValue> = from_str(r#"{"x":1}"#).unwrap();
        assert_eq!(super::part::<Point, serde_json::Error>(&raw).unwrap(), Point { x: 1, y: None });
    }

    #[test]
    fn refuses_a_struct_in_an_array_and_trailing_text() {
        assert!(serde_json::from_str::<Point>("[1,2]").is_ok());
        let e = from_str::<Point>("[1,2]").unwrap_err().to_string();
        assert!(e.contains("invalid type: sequence"), "{e}");
        assert!(from_str::<Step>(r#"{"Jump":[{"x":1,"y":2},true]}"#).is_err());
        let e = from_str::<Point>(r#"{"x":1,"y":2} x"#).unwrap_err();
        assert_eq!((e.line(), e.column()), (1, 15));
        assert_eq!(
            from_str::<Point>(r#"{"x":"1"}"#).unwrap_err().to_string(),
            serde_json::from_str::<Point>(r#"{"x":"1"}"#).unwrap_err().to_string()
        );
    }
}
