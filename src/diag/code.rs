//! Diagnostic codes: one enum, each with its stable kebab-case name (what `--format json`,
//! `--format short` and the reference show) and a one-line meaning. Code that reacts to a
//! diagnostic matches on the enum, never on the text.

use std::fmt;

macro_rules! codes {
    ($($variant:ident $name:literal $meaning:literal,)*) => {
        /// What a diagnostic is about. The names are stable: tools may match on them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $(#[doc = $meaning] $variant,)*
        }

        impl Code {
            /// Every code, in the order of the reference's table.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable kebab-case name, e.g. `unknown-name`.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            /// One line saying what the code means (the reference lists the same lines).
            pub fn meaning(self) -> &'static str {
                match self { $(Code::$variant => $meaning,)* }
            }

            /// The code with this name.
            pub fn from_name(name: &str) -> Option<Code> {
                match name { $($name => Some(Code::$variant),)* _ => None }
            }
        }
    };
}

codes! {
    ActedTwice "acted-twice" "a player acts twice in a row in a game state",
    ActionMadeLegal "action-made-legal" "(warning) the chosen action was not legal here and was turned into the nearest legal one",
    BadAmount "bad-amount" "an action's or post's amount is missing, negative or not a number of chips",
    BadCard "bad-card" "a card's rank or suit in the game state is not one the reader knows",
    BadNumber "bad-number" "an `<init>` value is not a number in its allowed range",
    BadPost "bad-post" "a blind post is neither SB nor BB, or does not match the blinds",
    BadPriority "bad-priority" "a `PRIORITY` is not a whole number",
    BadQuery "bad-query" "a card query is not of the form `AK`, `Q8s+`, `JJ-`, `A2s-A5s`",
    BadSpan "bad-span" "a card query range (`A2s-A5s`) does not run along one row of the hand chart",
    BadWeight "bad-weight" "a raise weight is not more than 0",
    BbFirst "bb-first" "(warning) the game state has the big blind act first before the flop",
    BoardPredicatePreflop "board-predicate-preflop" "(warning) a predicate about the board is used before the flop, where it never holds",
    ButtonFirst "button-first" "(warning) the game state has the button act first after the flop",
    CallMismatch "call-mismatch" "a call's amount is not what the player owed",
    CannotRaise "cannot-raise" "a raise against a player who is all in, or after the raises are capped",
    CardTwice "card-twice" "the same card is dealt twice in a game state",
    CheckOwed "check-owed" "a player checks while owing chips",
    ConstantAsCondition "constant-as-condition" "a constant is written as a condition without a comparison",
    DuplicateNo "duplicate-no" "two actions of a game state have the same `no`",
    EmptyExternal "empty-external" "an `external` command is empty",
    EndMismatch "end-mismatch" "an END word closes a different block than the one open",
    ExternalFailed "external-failed" "an `external` program failed: not run, timed out, exited non-zero or printed no usable answer",
    ExternalNoProgram "external-no-program" "an `external` command names no program",
    ExternalPlaceholderInWord "external-placeholder-in-word" "(warning) a placeholder is glued to other text inside a word, where it is not replaced",
    ExternalQuote "external-quote" "an `external` command has an unclosed quote",
    ExternalUnknownPlaceholder "external-unknown-placeholder" "(warning) a word in an `external` command looks like a placeholder but is none",
    HandOver "hand-over" "the game state goes on after the hand ended (a fold, or all in and called)",
    InvalidProgram "invalid-program" "an `external` action program answered something that is not an action",
    LaterRoundConstant "later-round-constant" "(warning) a constant about a later round is used where that round has not been played",
    MissingComma "missing-comma" "two conditions on one line without the comma (AND) between them",
    MissingConstant "missing-constant" "the game state lacks an `<init>` constant the script uses",
    MissingEnd "missing-end" "a block, rule or reaction is not closed by its END word",
    MissingThen "missing-then" "a rule has no `THEN` action",
    NameCase "name-case" "(warning) a name is written in an unusual case",
    NoRuleMatched "no-rule-matched" "no rule gives an action in this game state",
    NoRules "no-rules" "(warning) the script has no rules",
    NotHeroTurn "not-hero-turn" "the game state is not at a decision of the hero",
    OutOfTurn "out-of-turn" "a player acts when it is not their turn",
    OutsideBlock "outside-block" "text outside a `PREFLOP`, `FLOP`, `TURN`, `RIVER` or `ALWAYS` block",
    OverStack "over-stack" "a player puts in more chips than they have",
    PotentialAlwaysZero "potential-always-zero" "(warning) a hand-potential constant used where it is always 0 (the river)",
    PredicateAsNumber "predicate-as-number" "a predicate is used as a number in a comparison",
    QueryLowFirst "query-low-first" "(warning) a card query names the lower rank first (`KA` for `AK`)",
    QueryOffsuitPair "query-offsuit-pair" "(warning) a pair written with `o` (`QQo`), which adds nothing",
    RaiseWithoutAmount "raise-without-amount" "`RAISE` with no amount",
    RoundFinished "round-finished" "a betting round goes on after it was finished",
    RoundOrder "round-order" "betting rounds are out of order in the game state",
    RoundUnfinished "round-unfinished" "a betting round ends before both players are done",
    SeveralRulesMatched "several-rules-matched" "(warning) several rules of the same priority matched; one was chosen at random",
    ShadowedRule "shadowed-rule" "(warning) a rule can never be chosen: another rule always wins over it",
    SmallRaise "small-raise" "(warning) a raise smaller than the minimum raise",
    StrayCharacter "stray-character" "a character that is no part of the language",
    SuitedPair "suited-pair" "a pair written with `s`, which never holds",
    BoardMadeHand "board-made-hand" "a rule bets on a made hand the board alone can make, without `!desk...` or `!boardPlays`",
    ReactionOnCheck "reaction-on-check" "a VILLAIN reaction compares potOdds or toCall so that it also holds after a check",
    MixedWeights "mixed-weights" "a RAISE list mixes weighted and unweighted amounts",
    UnreachableReaction "unreachable-reaction" "a VILLAIN reaction comes after one with no condition, which always answers first",
    OutOfRange "out-of-range" "a comparison never holds, or always holds, because of the constant's range",
    RaiseNothing "raise-nothing" "a RAISE amount is 0",
    OverlappingRules "overlapping-rules" "two rules of one priority match the same hole cards with different actions",
    LoneWeight "lone-weight" "a RAISE with one amount has a weight, which does nothing",
    DefineCycle "define-cycle" "a DEFINE uses itself, directly or through other DEFINEs",
    DefineTwice "define-twice" "two DEFINEs give the same name",
    DefineShadows "define-shadows" "a DEFINE gives a name the language already has (a predicate, constant or keyword)",
    DefineKind "define-kind" "a DEFINEd name used as what it is not: a number as a condition, a condition as a number, a condition in a range",
    IncludeMissing "include-missing" "an INCLUDEd file cannot be read",
    IncludeCycle "include-cycle" "a file INCLUDEs itself, directly or through other files",
    IncludeOutside "include-outside" "an INCLUDE path leads outside the script's directory",
    IncludeRules "include-rules" "an INCLUDEd file holds blocks of rules (it may hold only DEFINEs and INCLUDEs)",
    UnusedDefine "unused-define" "(warning) a script's DEFINE that no rule or DEFINE uses",
    ValueAsCondition "value-as-condition" "a number (`3BB`, `pot / 2`) stands where a condition is expected",
    UndefinedValue "undefined-value" "(warning) a value is undefined (a division by zero): the condition does not hold, the raise becomes a call",
    ConstantComparison "constant-comparison" "(warning) a comparison of two numbers known before the game: it always holds or never does",
    MissingStats "missing-stats" "(warning) a rule reads an opponent statistic the game state does not give",
    TableCell "table-cell" "a cell of an action table is not F, C, X, A or R<x>",
    TableMissing "table-missing" "an action table file cannot be read",
    TableOutside "table-outside" "an action table path leads outside the script's directory and the allowed table directories",
    TableSmall "table-small" "an action table does not have 13 rows and 13 columns of cells",
    ThenPosition "then-position" "`THEN` stands where it cannot (inside the conditions, or after the reactions)",
    UnexpectedEof "unexpected-eof" "the script ends in the middle of a construct",
    UnexpectedToken "unexpected-token" "a word or symbol that cannot stand here",
    UnknownAct "unknown-act" "an action of the game state is not fold, check, call, bet or raise",
    UnknownKeyword "unknown-keyword" "a keyword written in the wrong case or misspelt",
    UnknownName "unknown-name" "a name that is no constant or predicate",
    UnknownPlayer "unknown-player" "a player is neither Hero nor Villain",
    UnsatisfiableBranch "unsatisfiable-branch" "(warning) a branch whose conditions can never hold together",
    UnsatisfiableRule "unsatisfiable-rule" "(warning) a rule none of whose branches can hold",
    UnterminatedString "unterminated-string" "a string with no closing quote on its line",
    WrongCardCount "wrong-card-count" "a wrong number of hole or board cards for the round",
    XmlDuplicate "xml-duplicate" "an element that may appear once appears twice",
    XmlMissing "xml-missing" "a required element or attribute is missing",
    XmlSyntax "xml-syntax" "the file is not well-formed XML",
    XmlUnknown "xml-unknown" "an element or attribute the game state does not know",
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_kebab_case_unique_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for &c in Code::ALL {
            let n = c.as_str();
            assert!(
                n.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{n}"
            );
            assert!(seen.insert(n), "{n} twice");
            assert_eq!(Code::from_name(n), Some(c));
            assert!(!c.meaning().is_empty());
        }
    }

    /// The reference (docs/language.md) lists exactly the codes there are, with their meanings.
    #[test]
    fn the_reference_lists_every_code() {
        let doc = include_str!("../../docs/language.md");
        let section = doc
            .split("### Diagnostic codes")
            .nth(1)
            .expect("a codes section");
        let section = section.split("\n## ").next().unwrap();
        let listed: Vec<&str> = section
            .lines()
            .filter_map(|l| l.strip_prefix("| `")?.split_once("` | ").map(|(n, _)| n))
            .collect();
        let all: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        for n in &all {
            let row = format!("| `{n}` | {} |", Code::from_name(n).unwrap().meaning());
            assert!(doc.contains(&row), "docs/language.md lacks the row {row}");
        }
        for n in &listed {
            assert!(
                Code::from_name(n).is_some(),
                "docs/language.md lists `{n}`, which is no code"
            );
        }
    }
}
