//! A link's meta: the campaign's id, name and times (`code_meta`), and the id alone, as replies
//! name their campaign (`code_id`).

use super::models::{count, int, raw, text, Models, FLAG_APP_ID, FLAG_HEX_ID, FLAG_MS};
use super::range::Coder;
use super::{LinkError, MAX_DECODED};
use crate::share::Meta;

/// A campaign's id: the app's (16 hex digits), other hex, or any text.
pub(super) fn code_id<C: Coder + ?Sized>(c: &mut C, m: &mut Models, id: &str) -> Result<String, LinkError> {
    let hex = !id.is_empty()
        && id.len().is_multiple_of(2)
        && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    let id = if c.bit(&mut m.flags[FLAG_APP_ID], hex && id.len() == 16)? {
        hex_id(c, 8, id)?
    } else if c.bit(&mut m.flags[FLAG_HEX_ID], hex)? {
        let n = count(c, &mut m.count, id.len() / 2, MAX_DECODED)?;
        if n == 0 || n == 8 {
            return Err(LinkError::Corrupt);
        }
        hex_id(c, n, id)?
    } else {
        text(c, &mut m.text, Some(id))?
    };
    Ok(id)
}

pub(super) fn code_meta<C: Coder + ?Sized>(c: &mut C, m: &mut Models, meta: Option<&Meta>) -> Result<Meta, LinkError> {
    let id = code_id(c, m, meta.map_or("", |x| &x.id))?;
    let name = text(c, &mut m.text, meta.map(|x| &*x.name))?;
    const EXACT: f64 = (1u64 << 53) as f64;
    let whole = |t: f64| (t.is_finite() && t >= 0.0 && t.fract() == 0.0 && t <= EXACT).then_some(t as u64);
    let (created, updated) = meta.map_or((0.0, 0.0), |x| (x.created, x.updated));
    let ms = match (whole(created), whole(updated)) {
        (Some(c), Some(u)) if u >= c => Some((c, u - c)),
        _ => None,
    };
    let (created, updated) = if c.bit(&mut m.flags[FLAG_MS], ms.is_some())? {
        let (c0, later) = ms.unwrap_or((0, 0));
        let created = int(c, &mut m.count, c0)?;
        let later = int(c, &mut m.count, later)?;
        let updated = created.checked_add(later).filter(|&u| u <= 1 << 53).ok_or(LinkError::Corrupt)?;
        (created as f64, updated as f64)
    } else {
        let exact = (f64::from_bits(raw(c, 64, created.to_bits())?), f64::from_bits(raw(c, 64, updated.to_bits())?));
        if let (Some(made), Some(u)) = (whole(exact.0), whole(exact.1)) {
            if c.decoding() && u >= made {
                return Err(LinkError::Corrupt);
            }
        }
        exact
    };
    Ok(Meta { id, name, created, updated })
}

/// `n` bytes of lowercase hex digits, two to a byte.
fn hex_id<C: Coder + ?Sized>(c: &mut C, n: usize, id: &str) -> Result<String, LinkError> {
    let digit = |b: u8| if b.is_ascii_digit() { b - b'0' } else { b.wrapping_sub(b'a') + 10 };
    let given = id.as_bytes();
    let mut out = String::with_capacity(2 * n);
    for i in 0..n {
        let v = match given.get(2 * i..2 * i + 2) {
            Some(p) => (digit(p[0]) << 4 | digit(p[1])) as u32,
            None => 0,
        };
        out.push_str(&format!("{:02x}", c.uniform(256, v)?));
    }
    Ok(out)
}
