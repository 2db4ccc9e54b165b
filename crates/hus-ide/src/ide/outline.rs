//! The structure of a script as an editor shows it: blocks, their rules and reactions, the
//! DEFINEs and INCLUDEs, each with where it opens and closes. Found by a scan of the raw tokens
//! rather than read from the syntax tree, so a script that does not parse still has its
//! outline, its folds, and the list of what is open at a point (for completion).

use logos::Logos;

use crate::diag::Span;
use crate::syntax::ast::BlockKind;
use crate::syntax::lexer::Tok;

/// What a node of the outline is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutlineKind {
    Block(BlockKind),
    Rule,
    /// A `VILLAIN` reaction.
    Reaction,
    Define,
    Include,
}

/// One construct: a block, a rule, a reaction, a DEFINE or an INCLUDE.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub kind: OutlineKind,
    /// The opening keyword.
    pub keyword: Span,
    /// The END word that closed it (maybe the wrong one); `None` when nothing did.
    pub end: Option<Span>,
    /// From the opening keyword to the end of its last token.
    pub span: Span,
    /// A rule's or reaction's first condition (`JJ+`, `pot > 3BB`); a DEFINE's name; an
    /// INCLUDE's path.
    pub head: Option<Span>,
    /// A rule's `PRIORITY n`.
    pub priority: Option<Span>,
    /// A rule's or reaction's `THEN` line, `THEN` to the end of the action; a DEFINE's body on
    /// its line.
    pub action: Option<Span>,
    /// Rules of a block, reactions of a rule.
    pub children: Vec<Node>,
}

impl Node {
    fn new(kind: OutlineKind, keyword: Span) -> Node {
        Node {
            kind,
            span: keyword.clone(),
            keyword,
            end: None,
            head: None,
            priority: None,
            action: None,
            children: Vec::new(),
        }
    }
}

/// Where the scan of an open node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Head {
    /// Looking for the first condition (after `RULE`, `VILLAIN`, or a DEFINE's `=`).
    Waiting,
    /// Skipping `PRIORITY -n`.
    Priority,
    /// Inside the first condition, which started here.
    In(usize),
    Done,
}

#[derive(Clone, Debug)]
struct Open {
    node: Node,
    head: Head,
    /// In the `THEN` line (its action is still being read).
    in_action: bool,
    /// A DEFINE or INCLUDE that ends with its line (a DEFINE with `=`).
    one_line: bool,
    /// A DEFINE's line has ended without `=`: its branch lines follow, up to `ENDDEFINE`.
    lines: bool,
}

/// A scan over a script's raw tokens.
#[derive(Default)]
struct Scan {
    stack: Vec<Open>,
    done: Vec<Node>,
    /// The end of the last token read.
    last_end: usize,
}

impl Scan {
    fn run(text: &str) -> Scan {
        let mut scan = Scan::default();
        let mut lex = Tok::lexer(text);
        while let Some(tok) = lex.next() {
            let span = lex.span();
            match tok {
                Ok(tok) => scan.token(tok, span),
                // A character of no token: it still ends the construct it stands in.
                Err(()) => scan.last_end = span.end,
            }
        }
        scan
    }

    /// The innermost open node of these kinds.
    fn innermost(&self, want: impl Fn(OutlineKind) -> bool) -> Option<usize> {
        self.stack.iter().rposition(|o| want(o.node.kind))
    }

    /// Closes every node above `depth` (unterminated), leaving `depth` nodes open.
    fn close_to(&mut self, depth: usize) {
        while self.stack.len() > depth {
            self.close(None);
        }
    }

    /// Closes the innermost node, with its END word when it has one.
    fn close(&mut self, end: Option<Span>) {
        let Some(mut open) = self.stack.pop() else {
            return;
        };
        if let Head::In(start) = open.head {
            open.node.head = Some(start..self.last_end.max(start));
        }
        let node = &mut open.node;
        node.span.end = match &end {
            Some(e) => e.end,
            None => self.last_end.max(node.keyword.end),
        };
        node.end = end;
        match self.stack.last_mut() {
            Some(parent) => parent.node.children.push(open.node),
            None => self.done.push(open.node),
        }
    }

    fn push(&mut self, kind: OutlineKind, span: Span) {
        let head = match kind {
            OutlineKind::Rule | OutlineKind::Reaction => Head::Waiting,
            _ => Head::Done,
        };
        self.stack.push(Open {
            node: Node::new(kind, span),
            head,
            in_action: false,
            one_line: kind == OutlineKind::Include,
            lines: false,
        });
    }

    fn token(&mut self, tok: Tok<'_>, span: Span) {
        if tok == Tok::Newline {
            self.newline();
            return;
        }
        self.structure(tok, span.clone());
        self.last_end = span.end;
    }

    fn newline(&mut self) {
        let Some(top) = self.stack.last_mut() else {
            return;
        };
        top.in_action = false;
        if let Head::In(start) = top.head {
            top.node.head = Some(start..self.last_end);
            top.head = Head::Done;
        }
        if top.node.kind == OutlineKind::Define && !top.one_line && !top.lines {
            top.lines = true;
            top.head = Head::Done;
        } else if top.one_line {
            if top.node.kind == OutlineKind::Define {
                if let Some(a) = &mut top.node.action {
                    a.end = self.last_end.max(a.start);
                }
            }
            self.close(None);
        }
    }

    /// Reads one token into the outline: a word that opens or closes a node, or a token of
    /// the innermost open node.
    fn structure(&mut self, tok: Tok<'_>, span: Span) {
        if !self.nest(tok, span.clone()) {
            self.inside(tok, span);
        }
    }

    /// Opens or closes a node at a block, rule, reaction, DEFINE or INCLUDE word; `false` for
    /// any other token.
    fn nest(&mut self, tok: Tok<'_>, span: Span) -> bool {
        let block_kind = match tok {
            Tok::Preflop => Some(BlockKind::Preflop),
            Tok::Flop => Some(BlockKind::Flop),
            Tok::Turn => Some(BlockKind::Turn),
            Tok::River => Some(BlockKind::River),
            Tok::Always => Some(BlockKind::Always),
            _ => None,
        };
        if let Some(kind) = block_kind {
            self.close_to(0);
            self.push(OutlineKind::Block(kind), span);
            return true;
        }
        match tok {
            t if t.closes_block() => {
                if let Some(i) = self.innermost(|k| matches!(k, OutlineKind::Block(_))) {
                    self.close_to(i + 1);
                    self.close(Some(span));
                }
                true
            }
            Tok::Rule => {
                let depth = self
                    .innermost(|k| matches!(k, OutlineKind::Block(_)))
                    .map_or(0, |i| i + 1);
                self.close_to(depth);
                self.push(OutlineKind::Rule, span);
                true
            }
            Tok::EndRule => {
                if let Some(i) = self.innermost(|k| k == OutlineKind::Rule) {
                    self.close_to(i + 1);
                    self.close(Some(span));
                }
                true
            }
            Tok::Villain => {
                if self
                    .stack
                    .last()
                    .is_some_and(|o| o.node.kind == OutlineKind::Reaction)
                {
                    self.close(None);
                }
                if self
                    .stack
                    .last()
                    .is_some_and(|o| o.node.kind == OutlineKind::Rule)
                {
                    self.push(OutlineKind::Reaction, span);
                }
                true
            }
            Tok::EndVillain => {
                // It closes a reaction, or (an error the parser reads so) the rule itself.
                if self.stack.last().is_some_and(|o| {
                    matches!(o.node.kind, OutlineKind::Reaction | OutlineKind::Rule)
                }) {
                    self.close(Some(span));
                }
                true
            }
            Tok::Define | Tok::Include if self.stack.is_empty() => {
                let kind = if tok == Tok::Define {
                    OutlineKind::Define
                } else {
                    OutlineKind::Include
                };
                self.push(kind, span);
                true
            }
            Tok::EndDefine => {
                if self
                    .stack
                    .last()
                    .is_some_and(|o| o.node.kind == OutlineKind::Define)
                {
                    self.close(Some(span));
                }
                true
            }
            _ => false,
        }
    }

    /// A token of the innermost open node: a DEFINE's name and `=` line, an INCLUDE's file, a
    /// rule's or reaction's first condition, PRIORITY and action.
    fn inside(&mut self, tok: Tok<'_>, span: Span) {
        let Some(top) = self.stack.last_mut() else {
            return;
        };
        match top.node.kind {
            OutlineKind::Define => {
                if top.node.head.is_none() && matches!(tok, Tok::Name(_)) && !top.lines {
                    top.node.head = Some(span);
                } else if tok == Tok::Assign && !top.lines && !top.one_line {
                    top.one_line = true;
                    top.node.action = Some(span.end..span.end);
                } else if top.one_line {
                    if let Some(a) = &mut top.node.action {
                        if a.start == a.end {
                            a.start = span.start;
                        }
                    }
                }
            }
            OutlineKind::Include => {
                if top.node.head.is_none() && matches!(tok, Tok::Str(_) | Tok::OpenStr(_)) {
                    top.node.head = Some(span);
                }
            }
            OutlineKind::Rule | OutlineKind::Reaction => rule_token(top, tok, span, self.last_end),
            OutlineKind::Block(_) => {}
        }
    }

    fn finish(mut self) -> Vec<Node> {
        self.close_to(0);
        self.done
    }
}

/// A token of an open rule or reaction: its `THEN` action grows, and its head (PRIORITY and
/// first condition) is read by [`rule_head`]. `last_end` is where the token before ended.
fn rule_token(top: &mut Open, tok: Tok<'_>, span: Span, last_end: usize) {
    if matches!(tok, Tok::Then | Tok::Do) {
        if let Head::In(start) = top.head {
            top.node.head = Some(start..last_end);
        }
        top.head = Head::Done;
        if top.node.action.is_none() {
            top.node.action = Some(span.clone());
            top.in_action = true;
        }
    } else if top.in_action {
        if let Some(a) = &mut top.node.action {
            a.end = span.end;
        }
    }
    rule_head(top, tok, span, last_end);
}

/// The head of an open rule or reaction: `PRIORITY n`, then the first condition, which ends at
/// `THEN`, a comma or the line's end.
fn rule_head(top: &mut Open, tok: Tok<'_>, span: Span, last_end: usize) {
    match top.head {
        Head::Waiting if tok == Tok::Priority && top.node.kind == OutlineKind::Rule => {
            top.head = Head::Priority;
            top.node.priority = Some(span);
        }
        Head::Priority if matches!(tok, Tok::Minus | Tok::Number(_) | Tok::Query(_)) => {
            if let Some(p) = &mut top.node.priority {
                p.end = span.end;
            }
            if tok != Tok::Minus {
                // The number: the first condition may follow on the line.
                top.head = Head::Waiting;
            }
        }
        Head::Waiting | Head::Priority => {
            let condition = !matches!(
                tok,
                Tok::Then
                    | Tok::Do
                    | Tok::Villain
                    | Tok::Fold
                    | Tok::Check
                    | Tok::Call
                    | Tok::Raise
                    | Tok::RaiseTo
                    | Tok::Use
            );
            top.head = if condition {
                Head::In(span.start)
            } else {
                Head::Done
            };
        }
        Head::In(start) if tok == Tok::Comma => {
            top.node.head = Some(start..last_end);
            top.head = Head::Done;
        }
        _ => {}
    }
}

/// The outline of a script: its top-level nodes (blocks, DEFINEs, INCLUDEs, and any rule
/// written outside a block) in file order.
pub fn outline(text: &str) -> Vec<Node> {
    Scan::run(text).finish()
}

/// What is open at the end of `text` (a script's text up to a point), outermost first, each
/// with whether its `THEN` has been read (rules and reactions) or whether its branch lines
/// have started (a DEFINE without `=`).
pub fn open_at(text: &str) -> Vec<(OutlineKind, bool)> {
    Scan::run(text)
        .stack
        .iter()
        .map(|o| {
            let flag = match o.node.kind {
                OutlineKind::Define => o.lines,
                _ => o.node.action.is_some(),
            };
            (o.node.kind, flag)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCRIPT: &str = "DEFINE premium = QQ+ | AK\nDEFINE strong\n  twoPair\n  overPair\nENDDEFINE\nINCLUDE \"lib.hus\"\nPREFLOP\n  RULE JJ+, !pair\n    AK\n    THEN RAISE 3BB // open\n    VILLAIN villainRaise > 4BB\n      THEN FOLD\n    ENDVILLAIN\n  ENDRULE\n  RULE PRIORITY -1\n    THEN FOLD\n  ENDRULE\nENDPREFLOP\n";

    fn text(span: &Option<Span>) -> &'static str {
        span.clone().map_or("", |s| &SCRIPT[s])
    }

    #[test]
    fn blocks_rules_reactions_defines() {
        let nodes = outline(SCRIPT);
        let kinds: Vec<OutlineKind> = nodes.iter().map(|n| n.kind).collect();
        assert_eq!(
            kinds,
            [
                OutlineKind::Define,
                OutlineKind::Define,
                OutlineKind::Include,
                OutlineKind::Block(BlockKind::Preflop)
            ]
        );
        assert_eq!(text(&nodes[0].head), "premium");
        assert_eq!(text(&nodes[0].action), "QQ+ | AK");
        assert_eq!(nodes[0].end, None);
        assert_eq!(text(&nodes[1].head), "strong");
        assert_eq!(
            &SCRIPT[nodes[1].span.clone()],
            &SCRIPT[SCRIPT.find("DEFINE strong").unwrap()..SCRIPT.find("ENDDEFINE").unwrap() + 9]
        );
        assert_eq!(text(&nodes[2].head), "\"lib.hus\"");
        let block = &nodes[3];
        assert!(SCRIPT[block.span.clone()].ends_with("ENDPREFLOP"));
        assert_eq!(block.children.len(), 2);
        let rule = &block.children[0];
        assert_eq!(text(&rule.head), "JJ+");
        assert_eq!(text(&rule.action), "THEN RAISE 3BB");
        assert!(SCRIPT[rule.span.clone()].ends_with("ENDRULE"));
        assert_eq!(rule.children.len(), 1);
        assert_eq!(text(&rule.children[0].head), "villainRaise > 4BB");
        assert_eq!(text(&rule.children[0].action), "THEN FOLD");
        let t = "ALWAYS\nRULE PRIORITY 22 AK, pair\n  THEN CALL\nENDRULE\nENDALWAYS\n";
        let rule = &outline(t)[0].children[0];
        assert_eq!(&t[rule.priority.clone().unwrap()], "PRIORITY 22");
        assert_eq!(&t[rule.head.clone().unwrap()], "AK");
        let fallback = &block.children[1];
        assert_eq!(fallback.head, None);
        assert_eq!(text(&fallback.priority), "PRIORITY -1");
        assert_eq!(text(&fallback.action), "THEN FOLD");
    }

    #[test]
    fn the_first_condition_may_be_on_the_next_line() {
        let t = "FLOP\nRULE\n  pot > 3BB, flushDraw\n  THEN CALL\nENDRULE\nENDFLOP\n";
        let rule = &outline(t)[0].children[0];
        assert_eq!(&t[rule.head.clone().unwrap()], "pot > 3BB");
    }

    #[test]
    fn unclosed_constructs_still_have_their_extent() {
        let t = "PREFLOP\nRULE AK\n  THEN CALL\nRULE QQ\n  THEN RAISE 3BB\n";
        let nodes = outline(t);
        assert_eq!(nodes.len(), 1);
        assert_eq!(nodes[0].end, None);
        let rules = &nodes[0].children;
        assert_eq!(rules.len(), 2);
        assert_eq!(&t[rules[0].span.clone()], "RULE AK\n  THEN CALL");
        assert_eq!(&t[rules[1].span.clone()], "RULE QQ\n  THEN RAISE 3BB");
        // A wrong END word still closes the block it stands for.
        let t = "PREFLOP\nRULE AK\n  THEN CALL\nENDRULE\nENDFLOP\nRIVER\nENDRIVER\n";
        let nodes = outline(t);
        assert_eq!(nodes.len(), 2);
        assert_eq!(&t[nodes[0].end.clone().unwrap()], "ENDFLOP");
    }

    #[test]
    fn what_is_open_at_a_point() {
        let upto = |s: &str| open_at(&SCRIPT[..SCRIPT.find(s).unwrap()]);
        assert_eq!(upto("DEFINE premium"), []);
        assert_eq!(upto("  twoPair"), [(OutlineKind::Define, true)]);
        assert_eq!(
            upto("    AK"),
            [
                (OutlineKind::Block(BlockKind::Preflop), false),
                (OutlineKind::Rule, false)
            ]
        );
        assert_eq!(
            upto("    VILLAIN"),
            [
                (OutlineKind::Block(BlockKind::Preflop), false),
                (OutlineKind::Rule, true)
            ]
        );
        assert_eq!(
            upto("      THEN FOLD"),
            [
                (OutlineKind::Block(BlockKind::Preflop), false),
                (OutlineKind::Rule, true),
                (OutlineKind::Reaction, false)
            ]
        );
        assert_eq!(
            upto("  RULE PRIORITY"),
            [(OutlineKind::Block(BlockKind::Preflop), false)]
        );
        assert_eq!(
            upto("ENDPREFLOP"),
            [(OutlineKind::Block(BlockKind::Preflop), false)]
        );
    }
}
