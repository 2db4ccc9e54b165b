//! `hus replay` over mutated dealer logs: every replay ends in a report or in a log or usage
//! error, never a panic, a bot failure or an invalid game state (reference §13.5). Run through
//! the library, so a few hundred logs cost well under a second.

use hus::{Bot, ReplayErrorKind, ReplayOptions};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Four finished hands between Alice and Bob, and the score.
const LOG: &str = "STATE:0:r200c/cc/cc/r400c:AhTd|Jd7d/2sTh3s/2h/Qc:400|-400:Alice|Bob\n\
                   STATE:1:r200f:3d7c|Jd6h:-100|100:Bob|Alice\n\
                   STATE:2:cr300c/r20000c//:KsKd|2c7h/Kh5d9c/3h/4s:20000|-20000:Alice|Bob\n\
                   STATE:3:cc/cc/cc/cc:9s8h|Ac2d/Kc7h3d/Ts/2h:-100|100:Bob|Alice\n\
                   SCORE:20600|-20600:Alice|Bob\n";

/// The characters a mutation writes: the protocol's own, and a few it never uses.
const ALPHABET: &[u8] = b"0123456789rcf/|:-.STAKQJhdcs \n\r#x\x1b";

fn mutate(rng: &mut ChaCha8Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..6) {
        let at = rng.random_range(0..bytes.len().max(1));
        let c = ALPHABET[rng.random_range(0..ALPHABET.len())];
        match rng.random_range(0..4) {
            0 => {
                let last = bytes.len() - 1;
                bytes[at.min(last)] = c;
            }
            1 => bytes.insert(at, c),
            2 if bytes.len() > 1 => {
                bytes.remove(at.min(bytes.len() - 1));
            }
            _ => {
                // A digit run made long: amounts, hand numbers.
                let run = "9".repeat(rng.random_range(1..40));
                bytes.splice(at..at, run.bytes());
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn mutated_logs_replay_or_fail_as_log_or_usage_errors() {
    let bot = Bot::builtin("caller").unwrap();
    let options = ReplayOptions::new("Alice");
    let report = hus::replay_log(&bot, "m.log", LOG, &options).unwrap();
    assert_eq!(report.hands, 4);
    let mut rng = ChaCha8Rng::seed_from_u64(45);
    let (mut ok, mut failed) = (0, 0);
    for case in 0..400 {
        let text = mutate(&mut rng, LOG);
        match hus::replay_log(&bot, "m.log", &text, &options) {
            Ok(_) => ok += 1,
            Err(e) => {
                assert!(
                    matches!(e.kind, ReplayErrorKind::Log | ReplayErrorKind::Usage),
                    "case {case}: {:?} {}\n{text}",
                    e.kind,
                    e.message
                );
                assert!(e.message.len() < 1000, "case {case}: {}", e.message);
                failed += 1;
            }
        }
    }
    // Both ends are reached: the mutations are neither all harmless nor all fatal.
    assert!(ok > 0 && failed > 0, "{ok} replayed, {failed} failed");
}
