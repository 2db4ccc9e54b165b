//! Exact chip amounts (reference §6, "Amounts"). Every amount of a game state is a whole
//! number ([`Chips`]) of the state's [`Unit`], 10^-p chips for p from 0 to 9: the finest
//! decimal any of its amounts is written with, so `0.15` and `0.45` are 15 and 45 units of
//! 0.01, and a call of the 0.30 owed leaves exactly 0 to call. Decimals are read from their
//! text ([`Decimal`]), never through a binary float, and printed back digit for digit; the
//! betting is counted in whole units, so no amount is ever "almost" another.

use std::fmt;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// The most decimal places an amount may have: the finest unit is 0.000000001 chips.
pub const MAX_PLACES: u32 = 9;

/// The finest chip, 10^-[`MAX_PLACES`], as messages write it.
pub const FINEST_CHIP: &str = "0.000000001";

/// The most units an amount may count: 2^53, so that every amount is also exactly a binary
/// float (a script's number).
pub const MAX_UNITS: i64 = 1 << 53;

/// An exact amount: a whole number of the state's [`Unit`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Chips(pub i64);

impl Chips {
    pub const ZERO: Chips = Chips(0);
    /// This amount, or 0 when it is negative.
    pub fn at_least_zero(self) -> Chips {
        Chips(self.0.max(0))
    }
}

impl Add for Chips {
    type Output = Chips;
    fn add(self, o: Chips) -> Chips {
        Chips(self.0.saturating_add(o.0))
    }
}
impl Sub for Chips {
    type Output = Chips;
    fn sub(self, o: Chips) -> Chips {
        Chips(self.0.saturating_sub(o.0))
    }
}
impl AddAssign for Chips {
    fn add_assign(&mut self, o: Chips) {
        *self = *self + o;
    }
}
impl SubAssign for Chips {
    fn sub_assign(&mut self, o: Chips) {
        *self = *self - o;
    }
}

/// The unit a state's amounts count: 10^-places chips.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Unit {
    places: u8,
}

impl Unit {
    /// Whole chips.
    pub const WHOLE: Unit = Unit { places: 0 };
    /// A millionth of a chip.
    pub const MILLIONTH: Unit = Unit { places: 6 };

    /// 10^-places chips; `None` past [`MAX_PLACES`].
    pub fn new(places: u32) -> Option<Unit> {
        (places <= MAX_PLACES).then_some(Unit {
            places: places as u8,
        })
    }
    /// The decimal places of the unit: 0 for whole chips, 2 for 0.01.
    pub fn places(self) -> u32 {
        self.places as u32
    }
    fn per_chip(self) -> i64 {
        10i64.pow(self.places())
    }

    /// The amount as a number of chips, for a script: the binary float nearest the exact
    /// decimal (one correctly rounded division), so `0.3` is the float `0.3` reads as.
    #[inline]
    pub fn to_f64(self, c: Chips) -> f64 {
        if self.places == 0 {
            c.0 as f64
        } else {
            c.0 as f64 / self.per_chip() as f64
        }
    }

    /// The amount as a decimal, exactly: `0.3`, `1500`, `-2.25` (no trailing zeros).
    pub fn format(self, c: Chips) -> String {
        self.decimal(c).to_string()
    }

    /// The amount as an exact [`Decimal`] (no trailing zeros): 30 units of 0.01 are `0.3`.
    pub fn decimal(self, c: Chips) -> Decimal {
        Decimal::units(c.0, self.places())
    }

    /// The amount `d` in this unit; `None` when it has more places than the unit or counts
    /// more than [`MAX_UNITS`] units either way.
    pub fn of(self, d: Decimal) -> Option<Chips> {
        let shift = self.places().checked_sub(d.places)?;
        let n = d.digits.checked_mul(10i128.pow(shift))?;
        (n.abs() <= MAX_UNITS as i128).then_some(Chips(n as i64))
    }

    /// `x` chips rounded to the nearest whole multiple of `step` units (half away from
    /// zero): the one place a size a script computed becomes an amount. Saturates at
    /// [`MAX_UNITS`]; NaN is 0.
    pub fn round(self, x: f64, step: Chips) -> Chips {
        let step = step.0.max(1);
        let steps = (x * self.per_chip() as f64 / step as f64).round();
        let limit = (MAX_UNITS / step) as f64;
        let steps = if steps.is_nan() {
            0.0
        } else {
            steps.clamp(-limit, limit)
        };
        Chips(steps as i64 * step)
    }
}

/// A decimal number as written: `digits × 10^-places`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Decimal {
    digits: i128,
    places: u32,
}

/// Why a text is not a decimal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecimalError {
    /// Not a number at all.
    NotANumber,
    /// More digits than are counted exactly (about 36).
    TooLong,
}

impl Decimal {
    /// The decimal without trailing zeros after the point (`1.50` is `1.5`).
    fn normalized(mut self) -> Decimal {
        while self.places > 0 && self.digits % 10 == 0 {
            self.digits /= 10;
            self.places -= 1;
        }
        self
    }
    /// Decimal places once trailing zeros are dropped: 2 for `0.15`, 0 for `1500`.
    pub fn places(self) -> u32 {
        self.places
    }
    pub fn is_negative(self) -> bool {
        self.digits < 0
    }
    pub fn is_zero(self) -> bool {
        self.digits == 0
    }
    /// `count` × 10^-places, without trailing zeros (`units(250, 2)` is `2.5`): an amount
    /// given as a whole number of a decimal unit, as C gives an act's total.
    pub fn units(count: i64, places: u32) -> Decimal {
        Decimal {
            digits: count as i128,
            places,
        }
        .normalized()
    }
    /// The binary float nearest this decimal (correctly rounded, as Rust reads its text).
    pub fn to_f64(self) -> f64 {
        self.to_string().parse().unwrap_or(f64::NAN)
    }
    /// A whole number.
    pub const fn whole(n: i64) -> Decimal {
        Decimal {
            digits: n as i128,
            places: 0,
        }
    }
    /// This decimal times `n`; `None` past the digits counted exactly.
    pub fn times(self, n: i64) -> Option<Decimal> {
        Some(
            Decimal {
                digits: self.digits.checked_mul(n as i128)?,
                places: self.places,
            }
            .normalized(),
        )
    }
    /// The shortest decimal that reads back as `x` (`0.1` for the float 0.1): how a binary
    /// float given by a program is taken as an amount. `None` for infinities and NaN.
    pub fn from_f64(x: f64) -> Option<Decimal> {
        if !x.is_finite() {
            return None;
        }
        format!("{x}").parse().ok()
    }
    /// The float's exact value when it is a decimal of at most [`MAX_PLACES`] places (`0.25`
    /// is; the float 0.1, really 0.1000000000000000055…, is not).
    pub fn exact_f64(x: f64) -> Option<Decimal> {
        if !x.is_finite() {
            return None;
        }
        if x == 0.0 {
            return Some(Decimal::whole(0));
        }
        let bits = x.to_bits();
        let exp = ((bits >> 52) & 0x7ff) as i32;
        let mut mant = (bits & ((1 << 52) - 1)) as i128;
        let mut e = if exp == 0 {
            -1074
        } else {
            mant |= 1 << 52;
            exp - 1075
        };
        while mant % 2 == 0 && e < 0 {
            mant /= 2;
            e += 1;
        }
        let sign = if x < 0.0 { -1 } else { 1 };
        if e >= 0 {
            let digits = mant.checked_mul(2i128.checked_pow(e as u32)?)?;
            return Some(Decimal {
                digits: sign * digits,
                places: 0,
            });
        }
        // `mant / 2^k` with `mant` odd is `mant · 5^k / 10^k`: k places, no fewer.
        let k = (-e) as u32;
        (k <= MAX_PLACES).then(|| Decimal {
            digits: sign * mant * 5i128.pow(k),
            places: k,
        })
    }
}

impl From<i64> for Decimal {
    fn from(n: i64) -> Decimal {
        Decimal::whole(n)
    }
}

impl std::str::FromStr for Decimal {
    type Err = DecimalError;
    /// `12`, `-0.50`, `+3.`, `.25`, `1.5e3`: digits with an optional point and exponent.
    fn from_str(text: &str) -> Result<Decimal, DecimalError> {
        let t = text.trim();
        let (mantissa, exponent) = match t.find(['e', 'E']) {
            Some(i) => (&t[..i], Some(&t[i + 1..])),
            None => (t, None),
        };
        let (negative, body) = match mantissa.as_bytes().first() {
            Some(b'-') => (true, &mantissa[1..]),
            Some(b'+') => (false, &mantissa[1..]),
            _ => (false, mantissa),
        };
        let (int, frac) = body.split_once('.').unwrap_or((body, ""));
        let digit_ok = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if int.len() + frac.len() == 0 || !digit_ok(int) || !digit_ok(frac) {
            return Err(DecimalError::NotANumber);
        }
        let mut digits: i128 = 0;
        for b in int.bytes().chain(frac.bytes()) {
            digits = digits
                .checked_mul(10)
                .and_then(|d| d.checked_add((b - b'0') as i128))
                .ok_or(DecimalError::TooLong)?;
        }
        let mut places = frac.len() as i64;
        if let Some(e) = exponent {
            let e: i64 = e.parse().map_err(|_| DecimalError::NotANumber)?;
            places = places.checked_sub(e).ok_or(DecimalError::TooLong)?;
        }
        if places < 0 {
            if digits != 0 {
                let scale = 10i128
                    .checked_pow((-places).try_into().map_err(|_| DecimalError::TooLong)?)
                    .ok_or(DecimalError::TooLong)?;
                digits = digits.checked_mul(scale).ok_or(DecimalError::TooLong)?;
            }
            places = 0;
        }
        let mut d = Decimal {
            digits: if negative { -digits } else { digits },
            places: 0,
        };
        // Trailing zeros first, so that `1.500000…0` with many zeros is still 1.5.
        while places > 0 && d.digits % 10 == 0 {
            d.digits /= 10;
            places -= 1;
        }
        d.places = u32::try_from(places).map_err(|_| DecimalError::TooLong)?;
        Ok(d.normalized())
    }
}

impl Decimal {
    /// The decimal as a message quotes it: in full up to 24 characters, else in short
    /// scientific form (`1e-300`, not 300 zeros).
    pub fn short(self) -> String {
        let full = self.to_string();
        match full.parse::<f64>() {
            Ok(x) if full.len() > 24 => super::format_amount(x),
            _ => full,
        }
    }
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.digits < 0 { "-" } else { "" };
        let abs = self.digits.unsigned_abs().to_string();
        let p = self.places as usize;
        if p == 0 {
            return write!(f, "{sign}{abs}");
        }
        let padded = format!("{abs:0>width$}", width = p + 1);
        let (int, frac) = padded.split_at(padded.len() - p);
        write!(f, "{sign}{int}.{frac}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn the_finest_chip_is_one_unit_of_the_most_places() {
        let finest = Unit::new(MAX_PLACES).expect("the finest unit");
        assert_eq!(finest.format(Chips(1)), FINEST_CHIP);
    }

    #[test]
    fn decimals_read_and_print_exactly() {
        for (text, shown, places) in [
            ("0.15", "0.15", 2),
            ("1.50", "1.5", 1),
            ("1500", "1500", 0),
            ("-0.25", "-0.25", 2),
            (".5", "0.5", 1),
            ("2.", "2", 0),
            ("1.5e3", "1500", 0),
            ("25e-3", "0.025", 3),
            ("0.000000001", "0.000000001", 9),
        ] {
            let d = dec(text);
            assert_eq!(
                (d.to_string().as_str(), d.places()),
                (shown, places),
                "{text}"
            );
        }
        for bad in [
            "", ".", "-", "1.2.3", "abc", "1e", "0x10", "1,5", "inf", "NaN",
        ] {
            assert_eq!(
                bad.parse::<Decimal>(),
                Err(DecimalError::NotANumber),
                "{bad}"
            );
        }
        assert_eq!("1e400".parse::<Decimal>(), Err(DecimalError::TooLong));
    }

    #[test]
    fn units_count_exactly_and_give_the_nearest_float() {
        let cents = Unit::new(2).unwrap();
        let [sb, bb] = [dec("0.15"), dec("0.45")].map(|d| cents.of(d).unwrap());
        assert_eq!((sb, bb), (Chips(15), Chips(45)));
        // The limp: 0.30 more, and nothing is left to call.
        assert_eq!(bb - (sb + cents.of(dec("0.3")).unwrap()), Chips::ZERO);
        assert_eq!(cents.to_f64(Chips(30)), 0.3);
        assert_eq!(cents.format(Chips(30)), "0.3");
        assert_eq!(cents.format(Chips(-5)), "-0.05");
        assert_eq!(cents.decimal(Chips(250)), dec("2.5"));
        assert_eq!(Decimal::units(6000, 2), Decimal::whole(60));
        assert_eq!(Decimal::units(6000, 2).places(), 0);
        assert_eq!(cents.of(dec("0.001")), None);
        assert_eq!(Unit::WHOLE.of(dec("9007199254740993")), None);
        assert_eq!(Unit::new(10), None);
    }

    #[test]
    fn sizes_round_to_the_chip_in_one_place() {
        let cents = Unit::new(2).unwrap();
        assert_eq!(cents.round(1.5, Chips(1)), Chips(150));
        assert_eq!(cents.round(0.125, Chips(1)), Chips(13));
        assert_eq!(cents.round(0.3, Chips(25)), Chips(25));
        assert_eq!(cents.round(f64::NAN, Chips(1)), Chips(0));
        assert_eq!(Unit::WHOLE.round(1e300, Chips(1)), Chips(MAX_UNITS));
    }

    #[test]
    fn floats_are_exact_or_not() {
        assert_eq!(Decimal::exact_f64(0.25), Some(dec("0.25")));
        assert_eq!(Decimal::exact_f64(-3.0), Some(dec("-3")));
        assert_eq!(Decimal::exact_f64(0.1), None);
        assert_eq!(Decimal::exact_f64(f64::NAN), None);
        assert_eq!(Decimal::from_f64(0.1), Some(dec("0.1")));
        assert_eq!(
            Decimal::from_f64(0.1 + 0.2),
            Some(dec("0.30000000000000004"))
        );
    }
}
