//! The generated script the parse and language-server benchmarks share: 10,000 rules of
//! every construct.

/// `rules` rules in one PREFLOP block, cycling through four shapes.
pub fn script(rules: usize) -> String {
    let mut s = String::from("PREFLOP\n");
    for i in 0..rules {
        match i % 4 {
            0 => s.push_str(&format!(
                "RULE PRIORITY {} heroStack >= 3 villainStack, JT+\n  heroStack >= 3 villainStack, 77+, !pair\n  THEN RAISE 0.5 3BB, 0.5 6BB\n  VILLAIN villainRaise <= 4BB\n    THEN RAISE 2BB\n  ENDVILLAIN\n  VILLAIN villainRaise >= 4BB, villainRaise <=6BB\n    THEN CALL\n  ENDVILLAIN\nENDRULE\n",
                i % 7
            )),
            1 => s.push_str("RULE toCall < 99, 22, A2s-A5s // a comment\n  THEN USE TABLE tables/rfi.tsv\nENDRULE\n"),
            2 => s.push_str("RULE external \"bin/odds heroCards\" > 0.6, potOdds < 0.3\n  THEN external \"bin/decider wholeGame\"\nENDRULE\n"),
            _ => s.push_str("RULE\n  THEN FOLD\nENDRULE\n"),
        }
    }
    s.push_str("ENDPREFLOP\n");
    s
}
