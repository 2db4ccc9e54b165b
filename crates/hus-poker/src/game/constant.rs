//! The named numbers a script can read (reference §7, §11).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use super::{OpponentStat, Phase, Player};

/// FNV-1a: the names of the language are short and not chosen by an adversary who could
/// profit from collisions, and the checker hashes one per use of a name.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A map keyed by lower-cased names.
pub type NameMap<V> = HashMap<String, V, BuildHasherDefault<Fnv>>;

/// Looks `name` up in `map` case-insensitively, lower-casing it on the stack (a name longer
/// than the buffer, such as a long DEFINE, on the heap).
pub fn lookup_folded<'m, V>(map: &'m NameMap<V>, name: &str) -> Option<&'m V> {
    let mut buf = [0u8; 48];
    let bytes = name.as_bytes();
    if bytes.len() > buf.len() {
        return map.get(&name.to_ascii_lowercase());
    }
    let folded = &mut buf[..bytes.len()];
    folded.copy_from_slice(bytes);
    folded.make_ascii_lowercase();
    map.get(std::str::from_utf8(folded).ok()?)
}

/// `name` without `prefix` (compared ignoring ASCII case), if it starts with it.
fn strip_prefix_folded<'a>(name: &'a str, prefix: &str) -> Option<&'a str> {
    let head = name.as_bytes().get(..prefix.len())?;
    // An ASCII prefix matched: its end is a character boundary.
    head.eq_ignore_ascii_case(prefix.as_bytes())
        .then(|| &name[prefix.len()..])
}

/// Every built-in constant with its canonical name (the simple ones, the history family, the
/// opponent statistics, in that order), and the index of each by its lower-cased name.
#[allow(clippy::type_complexity)]
fn by_name() -> &'static (Vec<(String, Constant)>, NameMap<usize>) {
    static TABLE: OnceLock<(Vec<(String, Constant)>, NameMap<usize>)> = OnceLock::new();
    TABLE.get_or_init(|| {
        let all: Vec<(String, Constant)> = SIMPLE
            .iter()
            .map(|(n, c)| (n.to_string(), c.clone()))
            .chain(Constant::all_history())
            .chain(Constant::all_opponent())
            .collect();
        let mut index = NameMap::default();
        for (i, (n, _)) in all.iter().enumerate() {
            // The first of two spellings that differ only in case wins, as a scan would.
            index.entry(n.to_ascii_lowercase()).or_insert(i);
        }
        (all, index)
    })
}

/// A per-round history statistic (`villainFlopRaise`, `heroTurnCallTimes`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stat {
    /// The sum of the player's raise and bet increments in the round (as written in the XML):
    /// in a raise war, the total of all of them, not the last.
    Raise,
    /// The increment of the player's last raise or bet in the round (0 when none).
    LastRaise,
    RaiseTimes,
    CallTimes,
    CheckTimes,
    /// The player's total in the round after their last raise or bet (0 when none).
    LastRaiseTo,
    /// The last raise or bet increment as a fraction of the pot it went into (0 when none).
    LastRaisePot,
}

impl Stat {
    pub const ALL: [Stat; 7] = [
        Stat::Raise,
        Stat::LastRaise,
        Stat::RaiseTimes,
        Stat::CallTimes,
        Stat::CheckTimes,
        Stat::LastRaiseTo,
        Stat::LastRaisePot,
    ];
    fn suffix(self) -> &'static str {
        match self {
            Stat::Raise => "Raise",
            Stat::LastRaise => "LastRaise",
            Stat::RaiseTimes => "RaiseTimes",
            Stat::CallTimes => "CallTimes",
            Stat::CheckTimes => "CheckTimes",
            Stat::LastRaiseTo => "LastRaiseTo",
            Stat::LastRaisePot => "LastRaisePot",
        }
    }
}

/// A constant of the language. Values come from the game state, except the ones computed on
/// demand by the evaluator (`random`, the hand-strength family).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Constant {
    Bb,
    Sb,
    Pot,
    HeroStack,
    VillainStack,
    AllIn,
    EffectiveStack,
    /// `startingEffectiveStackBB`: the smaller stack when the hand began, in big blinds.
    StartingEffectiveStackBb,
    ToCall,
    HandRank169,
    HandRank2652,
    PotOdds,
    Random,
    HandStrength,
    Equity,
    Ppot,
    Npot,
    Ehs,
    PotAfterCall,
    PotBeforeBet,
    Spr,
    BoardHigh,
    RaisesThisRound,
    /// `villainPreflopRaise`, `heroRaiseTimes` (phase `None` = the current round), ...
    History {
        player: Player,
        phase: Option<Phase>,
        stat: Stat,
    },
    /// Any other child of `<init>`, by its lower-cased name (thesis 4.4.4).
    Init(String),
    /// `villainHands`: hands the statistics rest on.
    VillainHands,
    /// `villainVPIP`, ...: a statistic of the villain over past hands.
    Opponent(OpponentStat),
    /// `villainVPIPHands`, ...: the hands a statistic rests on.
    OpponentHands(OpponentStat),
}

const SIMPLE: [(&str, Constant); 23] = [
    ("bb", Constant::Bb),
    ("sb", Constant::Sb),
    ("pot", Constant::Pot),
    ("heroStack", Constant::HeroStack),
    ("villainStack", Constant::VillainStack),
    ("allIn", Constant::AllIn),
    ("effectiveStack", Constant::EffectiveStack),
    (
        "startingEffectiveStackBB",
        Constant::StartingEffectiveStackBb,
    ),
    ("toCall", Constant::ToCall),
    ("handRank169", Constant::HandRank169),
    ("handRank2652", Constant::HandRank2652),
    ("potOdds", Constant::PotOdds),
    ("random", Constant::Random),
    ("handStrength", Constant::HandStrength),
    ("equity", Constant::Equity),
    ("ppot", Constant::Ppot),
    ("npot", Constant::Npot),
    ("ehs", Constant::Ehs),
    ("potAfterCall", Constant::PotAfterCall),
    ("potBeforeBet", Constant::PotBeforeBet),
    ("spr", Constant::Spr),
    ("boardHigh", Constant::BoardHigh),
    ("raisesThisRound", Constant::RaisesThisRound),
];

impl Constant {
    /// Looks up a built-in constant by name, case-insensitively. `<init>` extras are not
    /// built in: the caller decides whether an unknown name may be one.
    ///
    /// Read off the name's parts (player, round, statistic) rather than a table, so a run
    /// that looks up a few dozen names builds nothing first (`hus decide`'s start-up); the
    /// families are tried in the table's order, so the first spelling still wins.
    pub fn from_name(name: &str) -> Option<Constant> {
        if let Some((_, c)) = SIMPLE.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
            return Some(c.clone());
        }
        for (player, word) in [(Player::Villain, "villain"), (Player::Hero, "hero")] {
            let Some(rest) = strip_prefix_folded(name, word) else {
                continue;
            };
            let phases = [None].into_iter().chain(Phase::ALL.map(Some));
            for phase in phases {
                let stat = match phase {
                    None => Some(rest),
                    Some(ph) => strip_prefix_folded(rest, ph.title()),
                }
                .and_then(|s| {
                    Stat::ALL
                        .into_iter()
                        .find(|t| t.suffix().eq_ignore_ascii_case(s))
                });
                if let Some(stat) = stat {
                    return Some(Constant::History {
                        player,
                        phase,
                        stat,
                    });
                }
            }
        }
        let rest = strip_prefix_folded(name, "villain")?;
        if rest.eq_ignore_ascii_case("Hands") {
            return Some(Constant::VillainHands);
        }
        OpponentStat::ALL.into_iter().find_map(|s| {
            let after = strip_prefix_folded(rest, s.name())?;
            if after.is_empty() {
                Some(Constant::Opponent(s))
            } else if after.eq_ignore_ascii_case("Hands") {
                Some(Constant::OpponentHands(s))
            } else {
                None
            }
        })
    }

    /// The canonical spelling of a built-in constant's name (`potOdds` for `POTODDS`).
    pub fn canonical_name(name: &str) -> Option<&'static str> {
        let by_name = by_name();
        lookup_folded(&by_name.1, name).map(|&i| by_name.0[i].0.as_str())
    }

    /// Every built-in name in its canonical spelling with its constant, built once: the
    /// checker looks names up for every use in a script.
    fn table() -> &'static [(String, Constant)] {
        &by_name().0
    }

    /// `villainHands`, then each statistic and its hands (`villainVPIP`, `villainVPIPHands`).
    fn all_opponent() -> impl Iterator<Item = (String, Constant)> {
        std::iter::once(("villainHands".to_string(), Constant::VillainHands)).chain(
            OpponentStat::ALL.into_iter().flat_map(|s| {
                [
                    (format!("villain{}", s.name()), Constant::Opponent(s)),
                    (
                        format!("villain{}Hands", s.name()),
                        Constant::OpponentHands(s),
                    ),
                ]
            }),
        )
    }

    /// True for the statistics over past hands (`villainHands`, `villainVPIP`, ...).
    pub fn is_opponent(&self) -> bool {
        matches!(
            self,
            Constant::VillainHands | Constant::Opponent(_) | Constant::OpponentHands(_)
        )
    }

    /// Every built-in name in its canonical spelling (for did-you-mean and documentation).
    pub fn all_names() -> Vec<String> {
        Constant::names().map(str::to_string).collect()
    }

    /// [`Self::all_names`] without copying them.
    pub fn names() -> impl Iterator<Item = &'static str> {
        Constant::table().iter().map(|(n, _)| n.as_str())
    }

    fn all_history() -> impl Iterator<Item = (String, Constant)> {
        let players = [(Player::Villain, "villain"), (Player::Hero, "hero")];
        let phases = [
            None,
            Some(Phase::Preflop),
            Some(Phase::Flop),
            Some(Phase::Turn),
            Some(Phase::River),
        ];
        players.into_iter().flat_map(move |(player, p)| {
            phases.into_iter().flat_map(move |phase| {
                Stat::ALL.into_iter().map(move |stat| {
                    let ph = phase.map_or("", |ph| ph.title());
                    (
                        format!("{p}{ph}{}", stat.suffix()),
                        Constant::History {
                            player,
                            phase,
                            stat,
                        },
                    )
                })
            })
        })
    }

    /// The canonical spelling.
    pub fn name(&self) -> String {
        match self {
            Constant::Init(n) => n.clone(),
            Constant::VillainHands => "villainHands".to_string(),
            Constant::Opponent(s) => format!("villain{}", s.name()),
            Constant::OpponentHands(s) => format!("villain{}Hands", s.name()),
            Constant::History {
                player,
                phase,
                stat,
            } => {
                let p = match player {
                    Player::Hero => "hero",
                    Player::Villain => "villain",
                };
                format!("{p}{}{}", phase.map_or("", |ph| ph.title()), stat.suffix())
            }
            c => SIMPLE
                .iter()
                .find(|(_, k)| k == c)
                .map(|(n, _)| n.to_string())
                .unwrap_or_default(),
        }
    }

    /// True for the hand-strength family of reference §7 (computed lazily by the evaluator).
    pub fn is_strength(&self) -> bool {
        matches!(
            self,
            Constant::HandStrength
                | Constant::Equity
                | Constant::Ppot
                | Constant::Npot
                | Constant::Ehs
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for n in Constant::all_names() {
            let c = Constant::from_name(&n.to_uppercase()).unwrap();
            assert_eq!(c.name(), n);
        }
        assert_eq!(
            Constant::from_name("villainPreflopRaiseTimes"),
            Some(Constant::History {
                player: Player::Villain,
                phase: Some(Phase::Preflop),
                stat: Stat::RaiseTimes
            })
        );
        assert_eq!(Constant::from_name("BB"), Some(Constant::Bb));
        assert_eq!(Constant::from_name("nope"), None);
    }

    /// Reading a name off its parts finds exactly what the table of every spelling finds,
    /// in any case, and nothing for a part too many or too few.
    #[test]
    fn names_read_off_their_parts_match_the_table() {
        let table = by_name();
        for (n, c) in &table.0 {
            for spelling in [n.clone(), n.to_uppercase(), n.to_lowercase()] {
                let expected = lookup_folded(&table.1, &spelling).map(|&i| table.0[i].1.clone());
                assert_eq!(Constant::from_name(&spelling), expected, "{spelling}");
                assert_eq!(expected.as_ref(), Some(c), "{spelling}");
            }
            for wrong in [
                format!("{n}s"),
                format!("x{n}"),
                n[..n.len() - 1].to_string(),
            ] {
                let expected = lookup_folded(&table.1, &wrong).map(|&i| table.0[i].1.clone());
                assert_eq!(Constant::from_name(&wrong), expected, "{wrong}");
            }
        }
        for odd in [
            "",
            "villain",
            "hero",
            "villainFlop",
            "heroHands",
            "villainVPIPHand",
            "villainé",
        ] {
            assert_eq!(Constant::from_name(odd), None, "{odd}");
        }
    }
}
