//! The rules of the options every front end takes (the binary, Python and C): one function
//! each, so that the three accept and refuse the same values with the same words. A front
//! end names its own option (`--external-timeout`, `external_timeout=`) before the message.

use std::time::Duration;

use crate::limits::{MAX_CHUNKS, MAX_EXTERNAL_TIMEOUT_SECS, MAX_STACK_CHIPS};

/// The most hands one match or pairing plays (about two weeks at a million hands a second).
pub const MAX_HANDS: u64 = 1_000_000_000_000;

/// A time limit in seconds (an external program's, an ACPC program's): at least a
/// millisecond (below it no program can answer) and at most a day.
pub fn time_limit(seconds: f64) -> Result<Duration, String> {
    let max = MAX_EXTERNAL_TIMEOUT_SECS;
    if seconds.is_finite() && (0.001..=max).contains(&seconds) {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(format!(
            "must be a number of seconds, at least 0.001 (a millisecond) and at most {max} (a day)"
        ))
    }
}

/// Stakes the dealer plays: whole chips with 1 <= small blind <= big blind <= stack, and a
/// stack of at most [`MAX_STACK_CHIPS`] (the competition dealer's limit, so that every result
/// is exact).
pub fn stakes(sb: i64, bb: i64, stack: i64) -> Result<(), String> {
    if sb < 1 || bb < sb || stack < bb {
        return Err(format!(
            "the blinds must be whole chips with 1 <= small blind <= big blind <= stack (got {sb}/{bb}, stack {stack})"
        ));
    }
    if u64::try_from(stack).is_ok_and(|s| s > MAX_STACK_CHIPS) {
        return Err(format!(
            "stacks are at most {MAX_STACK_CHIPS} chips (the competition dealer's limit), so every result is exact (got {stack})"
        ));
    }
    Ok(())
}

/// A seed written as decimal digits (the binary's `--seed`, Python's int as its text): a
/// whole number from 0 to 2^64 - 1. C's seeds are `uint64_t`, this range by their type.
pub fn seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("must be a whole number from 0 to {} (2^64 - 1)", u64::MAX))
}

/// A number of hands to play: at most [`MAX_HANDS`].
pub fn hands(hands: u64) -> Result<(), String> {
    if hands > MAX_HANDS {
        return Err(format!(
            "at most {MAX_HANDS} hands (about two weeks at a million hands a second), not {hands}"
        ));
    }
    Ok(())
}

/// The chunks of a run of `cut` pieces of `hands` hands each in chunks of `chunk` hands, and
/// `whole` pieces played as one chunk: at most [`MAX_CHUNKS`], checked before any is listed.
/// Past it, the message names the smallest chunk (even when `even`) that would do.
pub fn chunks(cut: u64, whole: u64, hands: u64, chunk: u64, even: bool) -> Result<u64, String> {
    let per = hands.div_ceil(chunk.max(1));
    let total = cut.saturating_mul(per).saturating_add(whole);
    if total <= MAX_CHUNKS {
        return Ok(total);
    }
    let room = MAX_CHUNKS.saturating_sub(whole) / cut.max(1);
    if cut == 0 || room == 0 {
        return Err(format!(
            "{} pairings make more than {MAX_CHUNKS} chunks, the most a run has",
            cut.saturating_add(whole)
        ));
    }
    let need = hands.div_ceil(room);
    let need = need + (even && need % 2 == 1) as u64;
    Err(format!(
        "{hands} hands in chunks of {chunk} make {total} chunks, more than the {MAX_CHUNKS} a run has: make chunks of at least {need} hands"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_limit_is_a_millisecond_to_a_day() {
        for ok in [0.001, 5.0, 86_400.0] {
            assert_eq!(time_limit(ok), Ok(Duration::from_secs_f64(ok)));
        }
        for bad in [0.0, 0.0005, -1.0, 86_400.5, f64::NAN, f64::INFINITY] {
            let e = time_limit(bad).unwrap_err();
            assert!(e.starts_with("must be a number of seconds"), "{e}");
        }
    }

    #[test]
    fn stakes_are_ordered_whole_chips_below_the_dealer_s_limit() {
        let at = stakes;
        assert!(at(50, 100, 10_000).is_ok());
        assert!(at(1, 1, 1).is_ok());
        assert!(at(1, 1, MAX_STACK_CHIPS as i64).is_ok());
        assert!(at(0, 100, 10_000).unwrap_err().contains("1 <= small blind"));
        assert!(at(100, 50, 10_000).is_err());
        assert!(at(50, 100, 99).is_err());
        assert_eq!(
            at(1, 2, MAX_STACK_CHIPS as i64 + 1).unwrap_err(),
            "stacks are at most 2147483647 chips (the competition dealer's limit), so every result is exact (got 2147483648)"
        );
    }

    #[test]
    fn chunks_are_counted_before_any_is_listed() {
        assert_eq!(chunks(3, 1, 1000, 300, false), Ok(13));
        let e = chunks(1, 0, MAX_HANDS, 10_000, true).unwrap_err();
        assert_eq!(
            e,
            "1000000000000 hands in chunks of 10000 make 100000000 chunks, more than the 1000000 a run has: make chunks of at least 1000000 hands"
        );
        // Six pairings of a trillion hands: the chunk named is even, and is enough.
        let e = chunks(6, 0, MAX_HANDS, 2, true).unwrap_err();
        assert!(e.ends_with("at least 6000026 hands"), "{e}");
        assert!(chunks(6, 0, MAX_HANDS, 6_000_026, true).is_ok());
        assert!(chunks(0, MAX_CHUNKS + 1, 2, 2, true)
            .unwrap_err()
            .ends_with("the most a run has"));
    }

    #[test]
    fn a_seed_is_a_whole_number_below_2_to_the_64() {
        assert_eq!(seed("0"), Ok(0));
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
        for bad in ["-1", "18446744073709551616", "1.5", "", "x"] {
            assert_eq!(
                seed(bad).unwrap_err(),
                "must be a whole number from 0 to 18446744073709551615 (2^64 - 1)",
                "{bad}"
            );
        }
    }

    #[test]
    fn hands_are_at_most_a_trillion() {
        assert!(hands(MAX_HANDS).is_ok());
        assert!(hands(MAX_HANDS + 1).unwrap_err().starts_with("at most"));
    }
}
