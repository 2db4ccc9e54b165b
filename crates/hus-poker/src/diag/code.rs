//! Diagnostic codes: one enum, each with its stable kebab-case name (what `--format json`,
//! `--format short` and the reference show), its severity and a one-line meaning. Code that
//! reacts to a diagnostic matches on the enum, never on the text.

use std::fmt;

use super::Severity;

macro_rules! codes {
    (@severity error) => { Severity::Error };
    (@severity warning) => { Severity::Warning };
    ($($variant:ident $name:literal $severity:ident $meaning:literal,)*) => {
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

            /// Whether a diagnostic of this code is an error (the script or game state is
            /// refused) or a warning (it is used, and the warning says what to look at).
            pub fn severity(self) -> Severity {
                match self { $(Code::$variant => codes!(@severity $severity),)* }
            }

            /// The code with this name.
            pub fn from_name(name: &str) -> Option<Code> {
                match name { $($name => Some(Code::$variant),)* _ => None }
            }
        }
    };
}

codes! {
    ActedTwice "acted-twice" error "a player acts twice in a row in a game state",
    ActionMadeLegal "action-made-legal" warning "the chosen action was not legal here and was turned into the nearest legal one",
    BadAmount "bad-amount" error "an action's or post's amount is missing, negative or not a number of chips",
    BadCard "bad-card" error "a card's rank or suit in the game state is not one the reader knows",
    BadNumber "bad-number" error "an `<init>` value is not a number in its allowed range",
    BadPost "bad-post" error "a blind post is neither SB nor BB, or does not match the blinds",
    BadPriority "bad-priority" error "a `PRIORITY` is not a whole number",
    BadQuery "bad-query" error "a card query is not of the form `AK`, `Q8s+`, `JJ-`, `A2s-A5s`",
    BadSpan "bad-span" error "a card query range (`A2s-A5s`) does not run along one row of the hand chart",
    BadTune "bad-tune" error "a `TUNE` range is empty or reversed, not in the default's unit, does not hold the default, or follows something that is not a number",
    BadWeight "bad-weight" error "a raise weight is not more than 0",
    BbFirst "bb-first" warning "the game state has the big blind act first before the flop",
    BoardPredicatePreflop "board-predicate-preflop" warning "a predicate about the board is used before the flop, where it never holds",
    ButtonFirst "button-first" warning "the game state has the button act first after the flop",
    CallMismatch "call-mismatch" error "a call's amount is not what the player owed",
    CannotRaise "cannot-raise" error "a raise against a player who is all in, or after the raises are capped",
    CardTwice "card-twice" error "the same card is dealt twice in a game state",
    CheckOwed "check-owed" error "a player checks while owing chips",
    ConstantAsCondition "constant-as-condition" error "a constant is written as a condition without a comparison",
    DuplicateNo "duplicate-no" error "two actions of a game state have the same `no`",
    EmptyExternal "empty-external" error "an `external` command is empty",
    EndMismatch "end-mismatch" error "an END word closes a different block than the one open",
    ExternalFailed "external-failed" error "an `external` program failed: not run, timed out, exited non-zero or printed no usable answer",
    ExternalNoProgram "external-no-program" error "an `external` command names no program",
    ExternalPlaceholderInWord "external-placeholder-in-word" warning "a placeholder is glued to other text inside a word, where it is not replaced",
    ExternalQuote "external-quote" error "an `external` command has an unclosed quote",
    ExternalUnknownPlaceholder "external-unknown-placeholder" warning "a word in an `external` command looks like a placeholder but is none",
    FilterWord "filter-word" error "a word of a range's `WITH` filter is not a hand word, or cannot take `+`",
    HandOver "hand-over" error "the game state goes on after the hand ended (a fold, or all in and called)",
    InvalidProgram "invalid-program" error "an `external` action program answered something that is not an action",
    LaterRoundConstant "later-round-constant" warning "a constant about a later round is used where that round has not been played",
    MissingComma "missing-comma" error "two conditions on one line without the comma (AND) between them",
    MissingConstant "missing-constant" error "the game state lacks an `<init>` constant the script uses",
    MissingEnd "missing-end" error "a block, rule or reaction is not closed by its END word",
    MissingThen "missing-then" error "a rule has no `THEN` action",
    NameCase "name-case" warning "a name is written in an unusual case",
    NoRuleMatched "no-rule-matched" error "no rule gives an action in this game state",
    NoRules "no-rules" warning "the script has no rules",
    NotHeroTurn "not-hero-turn" error "the game state is not at a decision of the hero",
    OutOfTurn "out-of-turn" error "a player acts when it is not their turn",
    OutsideBlock "outside-block" error "text outside a `PREFLOP`, `FLOP`, `TURN`, `RIVER` or `ALWAYS` block",
    OverStack "over-stack" error "a player puts in more chips than they have",
    PotentialAlwaysZero "potential-always-zero" warning "a hand potential (`ppot`, `npot`, `ppotVs`, `npotVs`) used where it is always 0 (before the flop, on the river)",
    PredicateAsNumber "predicate-as-number" error "a predicate is used as a number in a comparison",
    QueryLowFirst "query-low-first" warning "a card query names the lower rank first (`KA` for `AK`)",
    QueryOffsuitPair "query-offsuit-pair" warning "a pair written with `o` (`QQo`), which adds nothing",
    RangeWeight "range-weight" error "a class's weight in a range (`AKo:0.5`) is not between 0 and 1",
    RaiseWithoutAmount "raise-without-amount" error "`RAISE` with no amount",
    RoundFinished "round-finished" error "a betting round goes on after it was finished",
    RoundOrder "round-order" error "betting rounds are out of order in the game state",
    RoundUnfinished "round-unfinished" error "a betting round ends before both players are done",
    SeveralRulesMatched "several-rules-matched" warning "several rules of the same priority matched; one was chosen at random",
    ScriptUnreadable "script-unreadable" error "a script file cannot be read (the library's code: the command line reports it as a usage error)",
    ShadowedRule "shadowed-rule" warning "a rule can never be chosen: another rule always wins over it",
    SmallRaise "small-raise" warning "a raise smaller than the minimum raise",
    StrayCharacter "stray-character" error "a character that is no part of the language",
    SuitedPair "suited-pair" error "a pair written with `s`, which never holds",
    BoardMadeHand "board-made-hand" warning "a rule bets on a made hand the board alone can make, without `!desk...` or `!boardPlays`",
    ReactionOnCheck "reaction-on-check" warning "a VILLAIN reaction compares potOdds or toCall so that it also holds after a check",
    CounterfeitTwoPair "counterfeit-two-pair" warning "a rule bets `twoPair` guarded only by `!deskTwoPair`, which still holds when a board pair counterfeits the hero's",
    MixedWeights "mixed-weights" error "a RAISE list mixes weighted and unweighted amounts",
    RuleNeverActs "rule-never-acts" warning "a rule never gives an action: it holds only after the villain acted and has only a THEN action, or only before and has only VILLAIN reactions",
    UnreachableReaction "unreachable-reaction" warning "a VILLAIN reaction comes after one with no condition, which always answers first",
    OutOfRange "out-of-range" warning "a comparison never holds, or always holds, because of the constant's range",
    RaiseNothing "raise-nothing" warning "a RAISE amount is 0",
    HugeRaise "huge-raise" warning "a RAISE amount of more than 10 pots, 1,000 big blinds or any stack: all in whatever the stacks",
    PlusHoldsHigher "plus-holds-higher" warning "a `+` card query below an ace (`K9s+`) also holds higher first cards (A9s), unlike PokerStove's `+`",
    OverlappingRules "overlapping-rules" warning "two rules of one priority match the same hole cards with different actions",
    LoneWeight "lone-weight" warning "a RAISE with one amount has a weight, which does nothing",
    DefineCycle "define-cycle" error "a DEFINE uses itself, directly or through other DEFINEs",
    DefineTwice "define-twice" error "two DEFINEs give the same name",
    DefineOverInit "define-over-init" warning "a DEFINE is named like an `<init>` constant of the game state, and the DEFINE wins",
    DefineShadows "define-shadows" error "a DEFINE gives a name the language already has (a predicate, constant or keyword)",
    DefineKind "define-kind" error "a DEFINEd name used as what it is not: a number as a condition, a condition as a number, a condition in a range",
    IncludeMissing "include-missing" error "an INCLUDEd file cannot be read",
    IncludeCycle "include-cycle" error "a file INCLUDEs itself, directly or through other files",
    IncludeOutside "include-outside" error "an INCLUDE path leads outside the script's directory",
    IncludeRules "include-rules" error "an INCLUDEd file holds blocks of rules (it may hold only DEFINEs and INCLUDEs)",
    UnusedDefine "unused-define" warning "a script's DEFINE that no rule or DEFINE uses",
    ValueAsCondition "value-as-condition" error "a number (`3BB`, `pot / 2`) stands where a condition is expected",
    UndefinedValue "undefined-value" warning "a value is undefined (a division by zero, or a number too large to hold): the condition does not hold, the raise becomes a call",
    ConstantComparison "constant-comparison" warning "a comparison of two numbers known before the game: it always holds or never does",
    MissingStats "missing-stats" warning "a rule reads an opponent statistic the game state does not give",
    TableCell "table-cell" error "a cell of an action table is not F, C, X, A or `R<x>`",
    TableMissing "table-missing" error "an action table file cannot be read",
    TableOutside "table-outside" error "an action table path leads outside the script's directory and the allowed table directories",
    TableSmall "table-small" error "an action table does not have 13 rows and 13 columns of cells",
    ThenPosition "then-position" error "`THEN` stands where it cannot (inside the conditions, or after the reactions)",
    TooManyTokens "too-many-tokens" error "a script holds more words, numbers and symbols than the limit (reference §10); it is not checked",
    UnexpectedEof "unexpected-eof" error "the script ends in the middle of a construct",
    UnexpectedToken "unexpected-token" error "a word or symbol that cannot stand here",
    UnknownAct "unknown-act" error "an action of the game state is not fold, check, call, bet or raise",
    UnknownAllow "unknown-allow" warning "a `// hus: allow(...)` comment names a code that is no warning's",
    UnknownKeyword "unknown-keyword" error "a keyword written in the wrong case or misspelt",
    UnknownName "unknown-name" error "a name that is no constant or predicate",
    UnknownPlayer "unknown-player" error "a player is neither Hero nor Villain",
    UnsatisfiableBranch "unsatisfiable-branch" warning "a branch whose conditions can never hold together",
    UnsatisfiableRule "unsatisfiable-rule" warning "a rule none of whose branches can hold",
    UnterminatedString "unterminated-string" error "a string with no closing quote on its line",
    WrongCardCount "wrong-card-count" error "a wrong number of hole or board cards for the round",
    XmlDuplicate "xml-duplicate" error "an element that may appear once appears twice",
    XmlMissing "xml-missing" error "a required element or attribute is missing",
    XmlSyntax "xml-syntax" error "the file is not well-formed XML",
    XmlUnknown "xml-unknown" error "an element or attribute the game state does not know",
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
        let doc = include_str!("../../../../docs/language.md");
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
            let code = Code::from_name(n).unwrap();
            let warning = match code.severity() {
                Severity::Warning => "(warning) ",
                Severity::Error => "",
            };
            let row = format!("| `{n}` | {warning}{} |", code.meaning());
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
