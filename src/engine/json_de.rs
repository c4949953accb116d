//! serde's side of the JSON reader (`json_read.rs`): each method generic over the visitor does
//! one check and one call, and leaves the parse and its errors to the plain functions there.
//! A struct is read from an object only: serde's derive writes an array reader for every struct
//! and struct variant too, and since no document writes a struct as an array, those readers are
//! never called here, so they are never linked (issue 32).

use super::json_read::{Error, Number, Reader, Text};
use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

/// serde_json's private name for a `RawValue` (its `Deserialize` asks for a newtype of it).
const RAW_TOKEN: &str = "$serde_json::private::RawValue";

/// Hands a string read to `visitor`, borrowed when it can be.
fn visit_text<'de, V: Visitor<'de>>(text: Text<'de>, visitor: V) -> Result<V::Value, Error> {
    match text {
        Text::Borrowed(s) => visitor.visit_borrowed_str(s),
        Text::Owned(s) => visitor.visit_string(s),
    }
}

/// Hands a number read to `visitor`.
fn visit_number<'de, V: Visitor<'de>>(n: Number, visitor: V) -> Result<V::Value, Error> {
    match n {
        Number::Unsigned(n) => visitor.visit_u64(n),
        Number::Negative(n) => visitor.visit_i64(n),
        Number::Float(f) => visitor.visit_f64(f),
    }
}

macro_rules! numbers {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let n = self.numeric(&visitor)?;
            visit_number(n, visitor)
        }
    )*};
}

macro_rules! texts {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let text = self.text(&visitor)?;
            visit_text(text, visitor)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Reader<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.peek() {
            Some(b'"') => {
                let text = self.string()?;
                visit_text(text, visitor)
            }
            Some(b'-' | b'0'..=b'9') => {
                let n = self.number()?;
                visit_number(n, visitor)
            }
            Some(b't' | b'f') => {
                let b = self.boolean(&visitor)?;
                visitor.visit_bool(b)
            }
            Some(b'n') => {
                self.keyword("null")?;
                visitor.visit_unit()
            }
            Some(b'[') => self.deserialize_seq(visitor),
            Some(b'{') => self.deserialize_map(visitor),
            Some(_) => Err(self.error_here("expected value")),
            None => Err(self.eof()),
        }
    }

    numbers! {
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64
    }

    texts! {
        deserialize_char deserialize_str deserialize_string deserialize_identifier
        deserialize_bytes deserialize_byte_buf
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let b = self.boolean(&visitor)?;
        visitor.visit_bool(b)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.null()? {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.null()? {
            visitor.visit_unit()
        } else {
            Err(self.unexpected(&visitor))
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        if name == RAW_TOKEN {
            let raw = self.raw()?;
            return visitor.visit_map(RawValue(Some(raw)));
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.opening(b'[', &visitor)?;
        let value = visitor.visit_seq(Items { reader: self, first: true })?;
        self.close(b']')?;
        Ok(value)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.opening(b'{', &visitor)?;
        let value = visitor.visit_map(Items { reader: self, first: true })?;
        self.close(b'}')?;
        Ok(value)
    }

    /// From an object only: an array is refused before the struct's array reader is reached.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.peek() {
            Some(b'"') => {
                let name = self.string()?;
                visitor.visit_enum(Unit(name))
            }
            Some(b'{') => {
                self.open()?;
                let value = visitor.visit_enum(Variant(self))?;
                self.close(b'}')?;
                Ok(value)
            }
            Some(_) => Err(self.error_here("expected value")),
            None => Err(self.eof()),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.skip()?;
        visitor.visit_unit()
    }
}

/// An array's elements or an object's entries, its `[` or `{` taken.
struct Items<'a, 'de> {
    reader: &'a mut Reader<'de>,
    first: bool,
}

impl<'de> de::SeqAccess<'de> for Items<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        if !self.reader.more(b']', &mut self.first)? {
            return Ok(None);
        }
        seed.deserialize(&mut *self.reader).map(Some)
    }
}

impl<'de> de::MapAccess<'de> for Items<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        if !self.reader.more(b'}', &mut self.first)? {
            return Ok(None);
        }
        let key = self.reader.key()?;
        seed.deserialize(Key(key)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(&mut *self.reader)
    }
}

/// An object's key: a string, read as what the map's key type asks (a number from its digits,
/// as serde_json reads `{"3": ...}` into a map keyed by numbers).
struct Key<'de>(Text<'de>);

impl<'de> Key<'de> {
    fn number(&self) -> Result<Number, Error> {
        let mut reader = Reader::new(self.0.as_str());
        match reader.peek() {
            Some(b'-' | b'0'..=b'9') => {
                let n = reader.number()?;
                reader.end()?;
                Ok(n)
            }
            _ => Err(de::Error::custom("expected a number as the key")),
        }
    }
}

macro_rules! key_numbers {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let n = self.number()?;
            visit_number(n, visitor)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Key<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visit_text(self.0, visitor)
    }

    key_numbers! {
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_enum(Unit(self.0))
    }

    serde::forward_to_deserialize_any! {
        bool f32 f64 char str string bytes byte_buf option unit unit_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

/// A variant's name, read by the enum's own reader of names.
fn variant_name<'de, V: DeserializeSeed<'de>>(seed: V, name: Text<'de>) -> Result<V::Value, Error> {
    match name {
        Text::Borrowed(s) => seed.deserialize(de::value::BorrowedStrDeserializer::<Error>::new(s)),
        Text::Owned(s) => seed.deserialize(s.into_deserializer()),
    }
}

/// An enum written as its variant's name: a unit variant.
struct Unit<'de>(Text<'de>);

impl<'de> de::EnumAccess<'de> for Unit<'de> {
    type Error = Error;
    type Variant = UnitOnly;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, UnitOnly), Error> {
        Ok((variant_name(seed, self.0)?, UnitOnly))
    }
}

/// What follows a variant written by its name alone: nothing, so a unit variant only.
struct UnitOnly;

impl<'de> de::VariantAccess<'de> for UnitOnly {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _: T) -> Result<T::Value, Error> {
        Err(de::Error::invalid_type(de::Unexpected::UnitVariant, &"newtype variant"))
    }
    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(de::Unexpected::UnitVariant, &"tuple variant"))
    }
    fn struct_variant<V: Visitor<'de>>(self, _: &'static [&'static str], _: V) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(de::Unexpected::UnitVariant, &"struct variant"))
    }
}

/// An enum written as an object of one entry, its `{` taken: the variant's name, then its value.
struct Variant<'a, 'de>(&'a mut Reader<'de>);

impl<'a, 'de> de::EnumAccess<'de> for Variant<'a, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let name = self.0.key()?;
        Ok((variant_name(seed, name)?, self))
    }
}

impl<'de> de::VariantAccess<'de> for Variant<'_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        de::Deserialize::deserialize(self.0)
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self.0)
    }
    fn tuple_variant<V: Visitor<'de>>(self, _: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_seq(self.0, visitor)
    }
    fn struct_variant<V: Visitor<'de>>(self, _: &'static [&'static str], visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_map(self.0, visitor)
    }
}

/// A `RawValue` as serde_json hands it to its own `Deserialize`: a map of one entry, its private
/// name, then the value's text.
struct RawValue<'de>(Option<&'de str>);

impl<'de> de::MapAccess<'de> for RawValue<'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        if self.0.is_none() {
            return Ok(None);
        }
        seed.deserialize(de::value::BorrowedStrDeserializer::<Error>::new(RAW_TOKEN)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let raw = self.0.take().ok_or_else(|| <Error as de::Error>::custom("raw value read twice"))?;
        seed.deserialize(de::value::BorrowedStrDeserializer::<Error>::new(raw))
    }
}
