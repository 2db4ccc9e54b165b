//! Reading and writing the game-state XML (reference §6) with quick-xml, keeping byte spans so
//! every error names its line and column.
//!
//! Reading happens in two steps: quick-xml's event reader builds a small tree with the span
//! of every element, attribute and text, then the tree is interpreted into a [`GameRecord`].
//! This module reports what cannot be put into a record (malformed XML, missing or unknown
//! elements, values that are not numbers, cards, players or acts); the betting model
//! ([`super::betting`]) checks everything else, using the [`SourceSpans`] kept here.
//!
//! Element and attribute names are matched ASCII case-insensitively (`<heroStack>`,
//! `<HEROSTACK>`); values `Hero`/`Villain`, `check`/`call`/..., `SB`/`BB` too.

use crate::diag::Code;
use std::borrow::Cow;
use std::fmt::Write as _;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::chips::{Chips, Decimal, DecimalError, Unit, MAX_PLACES};
use super::opponent::Count;
use super::{
    Act, ActionRecord, GameRecord, InvalidGame, OpponentStat, OpponentStats, Phase, Player, Post,
    Round,
};
use crate::cards::Card;
use crate::diag::{did_you_mean, SourceDiagnostic, Span};
use crate::limits::{MAX_XML_ATTRIBUTES, MAX_XML_CHILDREN, MAX_XML_DEPTH};

/// Where the parts of a record were written, for messages the betting model gives about
/// them. A record built in code has none (`SourceSpans::default()`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SourceSpans {
    /// The `<game>` start tag.
    pub game: Option<Span>,
    pub init: Option<Span>,
    pub bb: Option<Span>,
    pub sb: Option<Span>,
    pub hero_stack: Option<Span>,
    pub villain_stack: Option<Span>,
    /// The two `<card>` elements of `<heroCards>`.
    pub hero_cards: [Option<Span>; 2],
    /// The `<posts>` start tag.
    pub posts: Option<Span>,
    /// Per round (parallel to `GameRecord::rounds`), the span of each board card.
    pub round_cards: Vec<Vec<Span>>,
}

/// Reads the XML into a record (structure and values only; the betting model validates play).
pub fn read(xml: &str) -> Result<GameRecord, InvalidGame> {
    read_spanned(xml).map(|(record, _)| record)
}

/// [`read`], also returning where each part was written.
pub fn read_spanned(xml: &str) -> Result<(GameRecord, SourceSpans), InvalidGame> {
    let root = parse_tree(xml).map_err(|d| InvalidGame {
        diagnostics: vec![d],
    })?;
    let mut errors = Vec::new();
    let out = interpret(&root, &mut errors);
    match out {
        Some(rs) if errors.is_empty() => Ok(rs),
        _ => Err(InvalidGame {
            diagnostics: errors,
        }),
    }
}

/// Reads a lone `<stats>` element, validated exactly as inside `<game>` (the same errors): the
/// villain's statistics a program building a state hands over as text.
pub fn read_stats_element(xml: &str) -> Result<OpponentStats, InvalidGame> {
    let root = parse_tree(xml).map_err(|d| InvalidGame {
        diagnostics: vec![d],
    })?;
    let mut errors = Vec::new();
    if !root.is("stats") {
        errors.push(
            SourceDiagnostic::error(
                Code::XmlMissing,
                format!("the root element is <{}>; expected <stats>", root.name),
            )
            .at(root.tag.clone()),
        );
    }
    match read_stats(&root, &mut errors) {
        Some(stats) if errors.is_empty() => Ok(stats),
        _ => Err(InvalidGame {
            diagnostics: errors,
        }),
    }
}

// ---------------------------------------------------------------------------------------
// The tree.

/// One element, with the spans of its parts.
#[derive(Debug)]
struct Node<'a> {
    name: &'a str,
    /// The start tag (or the whole empty-element tag).
    tag: Span,
    /// The whole element when it is written on one line, else its start tag: what a message
    /// about a leaf (`<card>`, `<post>`, `<action>`) underlines.
    line: Span,
    attrs: Vec<Attr<'a>>,
    /// The text directly inside, unescaped (not trimmed).
    text: String,
    /// From the first to the last byte of direct text content.
    text_span: Option<Span>,
    children: Vec<Node<'a>>,
}

#[derive(Debug)]
struct Attr<'a> {
    name: &'a str,
    value: Cow<'a, str>,
    /// The value between the quotes.
    span: Span,
}

impl<'a> Node<'a> {
    fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }
    fn attr(&self, name: &str) -> Option<&Attr<'a>> {
        self.attrs
            .iter()
            .find(|a| a.name.eq_ignore_ascii_case(name))
    }
    /// The trimmed text and where it is (the tag when the element is empty).
    fn trimmed_text(&self) -> (&str, Span) {
        let t = self.text.trim();
        let span = match &self.text_span {
            Some(s) if !t.is_empty() => s.clone(),
            _ => self.tag.clone(),
        };
        (t, span)
    }
}

/// `pos` moved back onto a character boundary of `xml` (and into it): the XML reader counts
/// bytes, and a byte offset inside a character can neither be sliced nor shown.
fn boundary(xml: &str, pos: usize) -> usize {
    let mut p = pos.min(xml.len());
    while !xml.is_char_boundary(p) {
        p -= 1;
    }
    p
}

fn syntax_error(xml: &str, pos: usize, message: String) -> SourceDiagnostic {
    let pos = boundary(xml, pos);
    let end = xml[pos..]
        .chars()
        .next()
        .map_or(pos, |c| pos + c.len_utf8());
    SourceDiagnostic::error(Code::XmlSyntax, message)
        .at(pos..end)
        .with_label("here")
}

/// The byte offset of a slice borrowed from `xml`, if it is one.
fn offset_in(xml: &str, part: &[u8]) -> Option<usize> {
    let base = xml.as_ptr() as usize;
    let p = part.as_ptr() as usize;
    (p >= base && p + part.len() <= base + xml.len()).then(|| p - base)
}

// One error ends the parse, so the size of the error does not matter.
#[allow(clippy::result_large_err)]
fn make_node<'a>(
    xml: &'a str,
    e: &BytesStart<'_>,
    tag: Span,
) -> Result<Node<'a>, SourceDiagnostic> {
    let raw_name = e.name();
    let raw_name: &str = raw_name.as_ref();
    let name = offset_in(xml, raw_name.as_bytes())
        .map(|o| &xml[o..o + raw_name.len()])
        .unwrap_or("?");
    let mut attrs = Vec::new();
    for a in e.attributes() {
        if attrs.len() == MAX_XML_ATTRIBUTES {
            return Err(SourceDiagnostic::error(
                Code::XmlSyntax,
                format!("<{name}> has more than {MAX_XML_ATTRIBUTES} attributes"),
            )
            .at(tag)
            .with_label("too many attributes")
            .with_help("a game-state element has at most 4 (reference §10, limits)"));
        }
        let a = a.map_err(|err| {
            use quick_xml::events::attributes::AttrError as E;
            // Positions count from the tag name, just after `<`.
            let (p, what) = match err {
                E::ExpectedEq(p) => (p, "an attribute name must be followed by `=`"),
                E::ExpectedValue(p) => (p, "`=` must be followed by a quoted value"),
                E::UnquotedValue(p) => (p, "an attribute value must be in quotes"),
                E::ExpectedQuote(p, _) => (p, "an attribute value is not closed by its quote"),
                E::Duplicated(p, _) => (p, "the same attribute is given twice"),
            };
            syntax_error(
                xml,
                tag.start + 1 + p,
                format!("malformed <{name}>: {what}"),
            )
        })?;
        let raw_key: &str = a.key.as_ref();
        let key = offset_in(xml, raw_key.as_bytes())
            .map(|o| &xml[o..o + raw_key.len()])
            .unwrap_or("?");
        let span = offset_in(xml, a.value.as_bytes())
            .map(|o| o..o + a.value.len())
            .unwrap_or_else(|| tag.clone());
        let bad_escape = |err: &dyn std::fmt::Display| {
            SourceDiagnostic::error(
                Code::XmlSyntax,
                format!("bad escape in attribute `{key}`: {err}"),
            )
            .at(span.clone())
        };
        let value: Cow<'a, str> = match offset_in(xml, a.value.as_bytes()) {
            Some(o) => quick_xml::escape::unescape(&xml[o..o + a.value.len()])
                .map_err(|e| bad_escape(&e))?,
            None => Cow::Owned(
                quick_xml::escape::unescape(&a.value)
                    .map_err(|e| bad_escape(&e))?
                    .into_owned(),
            ),
        };
        attrs.push(Attr {
            name: key,
            value,
            span,
        });
    }
    Ok(Node {
        name,
        line: tag.clone(),
        tag,
        attrs,
        text: String::new(),
        text_span: None,
        children: Vec::new(),
    })
}

/// The text an entity reference stands for: the five predefined entities and character
/// references (`&#38;`, `&#x26;`); `None` for anything else.
fn entity_text(r: &quick_xml::events::BytesRef<'_>) -> Option<String> {
    if r.is_char_ref() {
        return r.resolve_char_ref().ok().flatten().map(String::from);
    }
    quick_xml::escape::resolve_predefined_entity(r).map(String::from)
}

fn add_text(node: &mut Node, text: &str, span: Span) {
    if text.trim().is_empty() && node.text.trim().is_empty() {
        node.text.push_str(text);
        return;
    }
    node.text.push_str(text);
    node.text_span = Some(match node.text_span.take() {
        Some(s) => s.start..span.end,
        None => span,
    });
}

/// Parses the XML into a tree of elements; a malformed document is one `xml-syntax` error.
// A little over 100 lines: one loop over the reader's events, one arm each.
#[allow(clippy::result_large_err)]
fn parse_tree(xml: &str) -> Result<Node<'_>, SourceDiagnostic> {
    // A byte-order mark is skipped here, so that the reader's positions plus `skipped` are
    // offsets into `xml` itself.
    let skipped = if xml.starts_with('\u{feff}') { 3 } else { 0 };
    let mut reader = Reader::from_str(&xml[skipped..]);
    let mut stack: Vec<Node> = Vec::new();
    let mut root: Option<Node> = None;
    loop {
        let start = boundary(xml, skipped + reader.buffer_position() as usize);
        let ev = match reader.read_event() {
            Ok(ev) => ev,
            Err(e) => {
                return Err(syntax_error(
                    xml,
                    skipped + reader.error_position() as usize,
                    format!("malformed XML: {e}"),
                ))
            }
        };
        let end = boundary(xml, skipped + reader.buffer_position() as usize);
        let done = match ev {
            Event::Start(e) => {
                if stack.len() == MAX_XML_DEPTH {
                    return Err(syntax_error(
                        xml,
                        start,
                        format!("elements nested more than {MAX_XML_DEPTH} deep"),
                    )
                    .with_help("a game state nests 4 levels: <game><init><heroCards><card>"));
                }
                stack.push(make_node(xml, &e, start..end)?);
                None
            }
            Event::Empty(e) => Some(make_node(xml, &e, start..end)?),
            Event::End(_) => stack.pop().map(|mut n| {
                if !xml[n.tag.start..end].contains('\n') {
                    n.line = n.tag.start..end;
                }
                n
            }),
            Event::Text(_) | Event::GeneralRef(_) => {
                // Text comes as runs of plain text and entity references (`&amp;`, `&#38;`),
                // each its own event: plain text is the file's own bytes, a reference is
                // resolved to its character.
                let text: Cow<'_, str> = match ev {
                    Event::GeneralRef(r) => Cow::Owned(entity_text(&r).ok_or_else(|| {
                        SourceDiagnostic::error(
                            Code::XmlSyntax,
                            format!("unknown entity `&{};`", &*r),
                        )
                        .at(start..end)
                        .with_help("use &amp; &lt; &gt; &quot; &apos; or a character reference such as &#38;")
                    })?),
                    _ => Cow::Borrowed(&xml[start..end]),
                };
                match stack.last_mut() {
                    Some(top) => add_text(top, &text, start..end),
                    None if !text.trim().is_empty() => {
                        return Err(syntax_error(
                            xml,
                            start + (text.len() - text.trim_start().len()),
                            "text outside the <game> element".into(),
                        ))
                    }
                    None => {}
                }
                None
            }
            Event::CData(t) => {
                let text: &str = &t;
                if let Some(top) = stack.last_mut() {
                    add_text(top, text, start..end);
                }
                None
            }
            Event::Eof => {
                if let Some(open) = stack.last() {
                    return Err(SourceDiagnostic::error(
                        Code::XmlSyntax,
                        format!("the file ends before <{}> is closed", open.name),
                    )
                    .at(open.tag.clone())
                    .with_label("opened here")
                    .with_help(format!("add </{}>", open.name)));
                }
                break;
            }
            _ => None,
        };
        if let Some(node) = done {
            match stack.last_mut() {
                Some(parent) if parent.children.len() == MAX_XML_CHILDREN => {
                    return Err(SourceDiagnostic::error(
                        Code::XmlSyntax,
                        format!(
                            "<{}> holds more than {MAX_XML_CHILDREN} elements",
                            parent.name
                        ),
                    )
                    .at(node.tag)
                    .with_label("one too many")
                    .with_related(parent.tag.clone(), "in this element"))
                }
                Some(parent) => parent.children.push(node),
                None if root.is_none() => root = Some(node),
                None => {
                    return Err(SourceDiagnostic::error(
                        Code::XmlSyntax,
                        format!("a second root element <{}>", node.name),
                    )
                    .at(node.tag)
                    .with_help("a game-state file holds exactly one <game> element"))
                }
            }
        }
    }
    root.ok_or_else(|| {
        SourceDiagnostic::error(Code::XmlMissing, "the file holds no <game> element")
            .at(0..0)
            .with_help("a game-state file is one <game> element (reference §6)")
    })
}

// ---------------------------------------------------------------------------------------
// Interpretation.

fn unknown(node: &Node, parent: &str, known: &[&str]) -> SourceDiagnostic {
    let mut d = SourceDiagnostic::error(
        Code::XmlUnknown,
        format!("unknown element <{}> in <{parent}>", node.name),
    )
    .at(node.tag.clone())
    .with_label("not part of the game-state format");
    match did_you_mean(node.name, known.iter().copied()) {
        Some(s) => d = d.with_help(format!("did you mean <{s}>?")),
        None if known.is_empty() => {
            d = d.with_help(format!(
                "<{parent}> holds no elements: it is complete as written"
            ))
        }
        None => {
            d = d.with_help(format!(
                "<{parent}> holds {}",
                known
                    .iter()
                    .map(|k| format!("<{k}>"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }
    }
    d
}

fn duplicate(node: &Node, first: &Node, parent: &str) -> SourceDiagnostic {
    SourceDiagnostic::error(
        Code::XmlDuplicate,
        format!("a second <{}> in <{parent}>", node.name),
    )
    .at(node.tag.clone())
    .with_related(first.tag.clone(), "first given here")
}

fn missing(parent: &Node, what: &str, why: &str) -> SourceDiagnostic {
    SourceDiagnostic::error(
        Code::XmlMissing,
        format!("<{}> is missing {what} ({why})", parent.name),
    )
    .at(parent.tag.clone())
}

/// A number in an element's text: finite, any sign (ranges are the betting model's job).
fn number(node: &Node, errors: &mut Vec<SourceDiagnostic>) -> Option<(f64, Span)> {
    if let Some(child) = node.children.first() {
        errors.push(
            SourceDiagnostic::error(
                Code::BadNumber,
                format!("<{}> must hold a number, not elements", node.name),
            )
            .at(child.tag.clone()),
        );
        return None;
    }
    let (t, span) = node.trimmed_text();
    match t.parse::<f64>() {
        Ok(x) if x.is_finite() => Some((x, span)),
        _ => {
            let found = if t.is_empty() {
                "nothing".to_string()
            } else {
                format!("`{t}`")
            };
            errors.push(
                SourceDiagnostic::error(
                    Code::BadNumber,
                    format!("<{}> must be a number, found {found}", node.name),
                )
                .at(span)
                .with_label("expected a number"),
            );
            None
        }
    }
}

/// An amount in an attribute: a finite number (negative amounts are rejected by the betting
/// model, which also sees records built in code).
fn amount_attr(
    node: &Node,
    a: &Attr,
    unit: Unit,
    errors: &mut Vec<SourceDiagnostic>,
) -> Option<Chips> {
    let what = format!("the `{}` of <{}>", a.name, node.name);
    match in_units(&a.value, unit) {
        Ok(c) => Some(c),
        Err(why) => {
            errors.push(
                SourceDiagnostic::error(
                    Code::BadAmount,
                    format!("{what} must be {why}, found {}", excerpt(&a.value)),
                )
                .at(a.span.clone())
                .with_label(format!("expected {why}")),
            );
            None
        }
    }
}

/// An amount in an element's text (`<BB>`, `<heroStack>`, `<chip>`), in the record's unit.
fn amount_text(
    node: &Node,
    unit: Unit,
    errors: &mut Vec<SourceDiagnostic>,
) -> Option<(Chips, Span)> {
    let (_, span) = number(node, errors)?;
    let (t, _) = node.trimmed_text();
    match in_units(t, unit) {
        Ok(c) => Some((c, span)),
        Err(why) => {
            errors.push(
                SourceDiagnostic::error(
                    Code::BadNumber,
                    format!("<{}> is {}; expected {why}", node.name, excerpt(t)),
                )
                .at(span)
                .with_label(format!("expected {why}")),
            );
            None
        }
    }
}

/// A decimal text as a whole number of `unit`, or what was expected instead.
fn in_units(text: &str, unit: Unit) -> Result<Chips, &'static str> {
    let d = match text.parse::<Decimal>() {
        Ok(d) => d,
        Err(DecimalError::NotANumber) => return Err("a number of chips"),
        Err(DecimalError::TooLong) => {
            return Err("at most 9007199254740992 chips (2^53, counted exactly)")
        }
    };
    if d.places() > MAX_PLACES {
        return Err(
            "a number of chips with at most 9 decimal places (the finest chip is 0.000000001)",
        );
    }
    unit.of(d).ok_or(if unit.places() == 0 {
        "at most 9007199254740992 chips (2^53, counted exactly)"
    } else {
        "at most 9007199254740992 units of the state's finest decimal (2^53, counted exactly)"
    })
}

/// The unit of a game file's amounts: the finest decimal any of them is written with (the
/// blinds, stacks and `<chip>`, the posts, the acts), at most 9 places. Texts that are no
/// decimal are left to the readers, which report them.
fn unit_of(root: &Node) -> Unit {
    fn places(text: &str) -> u32 {
        text.parse::<Decimal>()
            .map_or(0, |d| d.places().min(MAX_PLACES))
    }
    let mut finest = 0;
    for part in &root.children {
        if part.is("init") {
            for c in &part.children {
                if ["BB", "SB", "heroStack", "villainStack", "chip"]
                    .iter()
                    .any(|n| c.is(n))
                {
                    finest = finest.max(places(c.text.trim()));
                }
            }
        } else {
            for c in &part.children {
                if c.is("post") || c.is("action") {
                    finest = finest.max(c.attr("amount").map_or(0, |a| places(&a.value)));
                }
            }
        }
    }
    Unit::new(finest).unwrap_or(Unit::WHOLE)
}

fn card(node: &Node, errors: &mut Vec<SourceDiagnostic>) -> Option<Card> {
    let rank = node.attr("rank");
    let color = node.attr("color");
    if rank.is_none() {
        errors.push(missing(
            node,
            "the `rank` attribute",
            "2-9, T or 10, J, Q, K, A",
        ));
    }
    if color.is_none() {
        errors.push(missing(
            node,
            "the `color` attribute",
            "Hearts, Diamonds, Spades or Clubs",
        ));
    }
    let (rank, color) = (rank?, color?);
    let r = crate::cards::Rank::from_xml(&rank.value);
    let s = crate::cards::Suit::from_xml(&color.value);
    if r.is_none() {
        errors.push(
            SourceDiagnostic::error(Code::BadCard, format!("bad card rank `{}`", rank.value))
                .at(rank.span.clone())
                .with_label("expected 2-9, T or 10, J, Q, K or A"),
        );
    }
    if s.is_none() {
        errors.push(
            SourceDiagnostic::error(Code::BadCard, format!("bad card color `{}`", color.value))
                .at(color.span.clone())
                .with_label("expected Hearts, Diamonds, Spades, Clubs (or h, d, s, c)"),
        );
    }
    Some(Card::new(r?, s?))
}

/// The `<card>` children of a card list (`<heroCards>`, `<cards>`), with their spans.
fn cards(node: &Node, errors: &mut Vec<SourceDiagnostic>) -> Option<Vec<(Card, Span)>> {
    let mut out = Vec::new();
    let mut ok = no_text(node, errors);
    for c in &node.children {
        if !c.is("card") {
            errors.push(unknown(c, node.name, &["card"]));
            ok = false;
            continue;
        }
        if !leaf(c, false, errors) {
            ok = false;
            continue;
        }
        match card(c, errors) {
            Some(k) => out.push((k, c.line.clone())),
            None => ok = false,
        }
    }
    ok.then_some(out)
}

const GAME_CHILDREN: [&str; 7] = ["init", "posts", "preflop", "flop", "turn", "river", "stats"];

/// An element that holds other elements (`<game>`, `<cards>`, a round) holds no text.
fn no_text(node: &Node, errors: &mut Vec<SourceDiagnostic>) -> bool {
    let (t, span) = node.trimmed_text();
    if t.is_empty() {
        return true;
    }
    errors.push(
        SourceDiagnostic::error(
            Code::XmlUnknown,
            format!("text inside <{}>: {}", node.name, excerpt(t)),
        )
        .at(span)
        .with_label("not part of the game-state format")
        .with_help(format!("<{}> holds only elements", node.name)),
    );
    false
}

/// An element whose content is its attributes (`<action>`, `<card>`) or its text (`<post>`)
/// holds no elements, and (unless `text` is allowed) no text.
fn leaf(node: &Node, text: bool, errors: &mut Vec<SourceDiagnostic>) -> bool {
    let mut ok = text || no_text(node, errors);
    for child in &node.children {
        errors.push(unknown(child, node.name, &[]));
        ok = false;
    }
    ok
}

/// A short, escaped quotation of input text for a message: at most 40 characters.
fn excerpt(t: &str) -> String {
    let mut out: String = t.chars().take(40).collect();
    if out.len() < t.len() {
        out.push('…');
    }
    format!("`{}`", crate::diag::escape_controls(&out))
}

fn interpret(root: &Node, errors: &mut Vec<SourceDiagnostic>) -> Option<(GameRecord, SourceSpans)> {
    if !root.is("game") {
        errors.push(
            SourceDiagnostic::error(
                Code::XmlMissing,
                format!("the root element is <{}>; expected <game>", root.name),
            )
            .at(root.tag.clone()),
        );
        return None;
    }
    let mut spans = SourceSpans {
        game: Some(root.tag.clone()),
        ..SourceSpans::default()
    };
    let mut init: Option<&Node> = None;
    let mut posts: Option<&Node> = None;
    let mut stats_node: Option<&Node> = None;
    let mut rounds = Vec::new();
    no_text(root, errors);
    for child in &root.children {
        let phase = Phase::ALL.into_iter().find(|p| child.is(p.xml_tag()));
        if let Some(phase) = phase {
            rounds.push((phase, child));
        } else if child.is("init") || child.is("posts") || child.is("stats") {
            let slot = if child.is("init") {
                &mut init
            } else if child.is("posts") {
                &mut posts
            } else {
                &mut stats_node
            };
            match slot {
                Some(first) => errors.push(duplicate(child, first, "game")),
                None => *slot = Some(child),
            }
        } else {
            errors.push(unknown(child, "game", &GAME_CHILDREN));
        }
    }
    let unit = unit_of(root);
    let init_out = match init {
        Some(n) => read_init(n, unit, &mut spans, errors),
        None => {
            errors.push(missing(
                root,
                "<init>",
                "blinds, stacks and the hero's cards",
            ));
            None
        }
    };
    let posts_out = match posts {
        Some(n) => {
            spans.posts = Some(n.tag.clone());
            read_posts(n, unit, errors)
        }
        None => {
            errors.push(missing(root, "<posts>", "who posted the blinds"));
            None
        }
    };
    let mut out_rounds = Vec::with_capacity(rounds.len());
    let mut ok = true;
    for (phase, node) in rounds {
        match read_round(phase, node, unit, errors) {
            Some((round, card_spans)) => {
                out_rounds.push(round);
                spans.round_cards.push(card_spans);
            }
            None => ok = false,
        }
    }
    let stats = match stats_node {
        Some(n) => Some(Box::new(read_stats(n, errors)?)),
        None => None,
    };
    let ([bb, sb, hero_stack, villain_stack], chip, hero_cards, extras) = init_out?;
    let posts = posts_out?;
    ok.then_some((
        GameRecord {
            unit,
            chip,
            bb,
            sb,
            hero_stack,
            villain_stack,
            hero_cards,
            extras,
            posts,
            rounds: out_rounds,
            stats,
        },
        spans,
    ))
}

/// A whole number of hands or times in an attribute of `<stats>` or its children.
fn count_attr(node: &Node, name: &str, errors: &mut Vec<SourceDiagnostic>) -> Option<u32> {
    let Some(a) = node.attr(name) else {
        errors.push(missing(
            node,
            &format!("the `{name}` attribute"),
            "a whole number, 0 or more",
        ));
        return None;
    };
    let text = a.value.trim();
    match text.parse::<u32>() {
        Ok(n) => Some(n),
        Err(_) => {
            let whole = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
            let expected = match whole {
                // A whole number past the counter's range: say so, not that it is no number.
                true => format!("at most {}", u32::MAX),
                false => "a whole number, 0 or more".to_string(),
            };
            errors.push(
                SourceDiagnostic::error(
                    Code::BadNumber,
                    format!(
                        "the `{name}` of <{}> must be {expected}, found `{}`",
                        node.name,
                        crate::diag::escape_controls(&a.value)
                    ),
                )
                .at(a.span.clone())
                .with_label("expected a count"),
            );
            None
        }
    }
}

/// Attributes other than `known` are errors.
fn only_attrs(node: &Node, known: &[&str], errors: &mut Vec<SourceDiagnostic>) -> bool {
    let mut ok = true;
    for a in &node.attrs {
        if !known.iter().any(|k| k.eq_ignore_ascii_case(a.name)) {
            errors.push(
                SourceDiagnostic::error(
                    Code::XmlUnknown,
                    format!("unknown attribute `{}` of <{}>", a.name, node.name),
                )
                .at(a.span.clone())
                .with_help(format!(
                    "<{}> has {}",
                    node.name,
                    known
                        .iter()
                        .map(|k| format!("`{k}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            );
            ok = false;
        }
    }
    ok
}

/// `<stats hands="N">` with one child per statistic (reference §6, §12.7): `<VPIP times="30"
/// chances="95"/>`; `<Aggression times="bets and raises" chances="calls" hands="H"/>`.
fn read_stats(node: &Node, errors: &mut Vec<SourceDiagnostic>) -> Option<OpponentStats> {
    let before = errors.len();
    no_text(node, errors);
    only_attrs(node, &["hands"], errors);
    let hands = count_attr(node, "hands", errors);
    let mut out = OpponentStats {
        hands: hands.unwrap_or(0),
        ..OpponentStats::default()
    };
    let names: Vec<&str> = OpponentStat::ALL.iter().map(|s| s.name()).collect();
    let mut seen: Vec<(OpponentStat, &Node)> = Vec::new();
    for child in &node.children {
        let Some(stat) = OpponentStat::ALL.into_iter().find(|s| child.is(s.name())) else {
            errors.push(unknown(child, "stats", &names));
            continue;
        };
        if let Some((_, first)) = seen.iter().find(|(s, _)| *s == stat) {
            errors.push(duplicate(child, first, "stats"));
            continue;
        }
        seen.push((stat, child));
        leaf(child, false, errors);
        let aggression = stat.is_ratio();
        let known: &[&str] = if aggression {
            &["times", "chances", "hands"]
        } else {
            &["times", "chances"]
        };
        only_attrs(child, known, errors);
        let times = count_attr(child, "times", errors);
        let chances = count_attr(child, "chances", errors);
        let (Some(times), Some(chances)) = (times, chances) else {
            continue;
        };
        let rests_on = if aggression {
            match count_attr(child, "hands", errors) {
                Some(h) => h,
                None => continue,
            }
        } else {
            chances
        };
        let count = Count {
            times,
            chances,
            hands: rests_on,
        };
        if let Some(p) = count_problem(stat, &count, hands) {
            errors.push(
                SourceDiagnostic::error(Code::BadNumber, format!("<{}>: {p}", child.name))
                    .at(child.tag.clone()),
            );
            continue;
        }
        out.counts[stat as usize] = count;
    }
    (errors.len() == before).then_some(out)
}

/// What is wrong with one statistic's counts, if anything: a percentage done more times than
/// it had chances, or a count resting on more hands than `<stats>` has (`hands`, when known).
/// The XML reader and the game builder report the same words.
pub(super) fn count_problem(stat: OpponentStat, c: &Count, hands: Option<u32>) -> Option<String> {
    if !stat.is_ratio() && c.times > c.chances {
        Some(format!(
            "`times` ({}) is more than `chances` ({})",
            c.times, c.chances
        ))
    } else if hands.is_some_and(|h| c.hands > h) {
        Some(format!(
            "it rests on {} hands, more than the {} of <stats>",
            c.hands,
            hands.unwrap_or(0)
        ))
    } else {
        None
    }
}

/// The blinds and stacks, `<chip>`, the hero's cards and the other constants of `<init>`.
type InitOut = ([Chips; 4], Option<Chips>, [Card; 2], Vec<(String, f64)>);

fn read_init(
    init: &Node,
    unit: Unit,
    spans: &mut SourceSpans,
    errors: &mut Vec<SourceDiagnostic>,
) -> Option<InitOut> {
    spans.init = Some(init.tag.clone());
    const REQUIRED: [(&str, &str); 4] = [
        ("BB", "the big blind"),
        ("SB", "the small blind"),
        ("heroStack", "the hero's stack at the start of the hand"),
        (
            "villainStack",
            "the villain's stack at the start of the hand",
        ),
    ];
    let mut values: [Option<(Chips, Span)>; 4] = Default::default();
    let mut chip = None;
    let mut seen: [Option<&Node>; 5] = Default::default();
    let mut hero_cards = None;
    let mut extras: Vec<(String, f64)> = Vec::new();
    let text_ok = no_text(init, errors);
    // Extra constants by lower-case name: a duplicate is found in constant time.
    let mut extra_nodes: std::collections::HashMap<String, &Node> = Default::default();
    let mut ok = text_ok;
    for child in &init.children {
        let slot = REQUIRED
            .iter()
            .position(|(n, _)| child.is(n))
            .or_else(|| child.is("heroCards").then_some(4));
        match slot {
            Some(i) => {
                if let Some(first) = seen[i] {
                    errors.push(duplicate(child, first, "init"));
                    ok = false;
                    continue;
                }
                seen[i] = Some(child);
                if i == 4 {
                    hero_cards = cards(child, errors);
                    if let Some(cs) = &hero_cards {
                        if cs.len() != 2 {
                            errors.push(
                                SourceDiagnostic::error(
                                    Code::WrongCardCount,
                                    format!("<heroCards> holds {} cards; expected 2", cs.len()),
                                )
                                .at(child.tag.clone())
                                .with_label("expected two <card> elements"),
                            );
                            hero_cards = None;
                        }
                    }
                    ok &= hero_cards.is_some();
                } else {
                    values[i] = amount_text(child, unit, errors);
                    ok &= values[i].is_some();
                }
            }
            None => {
                let key = child.name.to_ascii_lowercase();
                if let Some(first) = extra_nodes.get(&key) {
                    errors.push(duplicate(child, first, "init"));
                    ok = false;
                    continue;
                }
                extra_nodes.insert(key, child);
                if child.is("chip") {
                    chip = amount_text(child, unit, errors).map(|(c, _)| c);
                    ok &= chip.is_some();
                    continue;
                }
                match number(child, errors) {
                    Some((x, _)) => extras.push((child.name.to_string(), x)),
                    None => ok = false,
                }
            }
        }
    }
    for (i, (name, why)) in REQUIRED.iter().enumerate() {
        if seen[i].is_none() {
            errors.push(missing(init, &format!("<{name}>"), why));
            ok = false;
        }
    }
    if seen[4].is_none() {
        errors.push(missing(init, "<heroCards>", "the hero's two hole cards"));
        ok = false;
    }
    if !ok {
        return None;
    }
    let [bb, sb, hs, vs] = values.map(|v| v.expect("checked above"));
    let hc = hero_cards.expect("checked above");
    spans.bb = Some(bb.1);
    spans.sb = Some(sb.1);
    spans.hero_stack = Some(hs.1);
    spans.villain_stack = Some(vs.1);
    spans.hero_cards = [Some(hc[0].1.clone()), Some(hc[1].1.clone())];
    Some(([bb.0, sb.0, hs.0, vs.0], chip, [hc[0].0, hc[1].0], extras))
}

fn player(node: &Node, errors: &mut Vec<SourceDiagnostic>) -> Option<Player> {
    let Some(a) = node.attr("player") else {
        errors.push(missing(node, "the `player` attribute", "Hero or Villain"));
        return None;
    };
    let v = a.value.trim();
    if v.eq_ignore_ascii_case("hero") {
        Some(Player::Hero)
    } else if v.eq_ignore_ascii_case("villain") {
        Some(Player::Villain)
    } else {
        errors.push(
            SourceDiagnostic::error(Code::UnknownPlayer, format!("unknown player `{}`", a.value))
                .at(a.span.clone())
                .with_label("expected Hero or Villain"),
        );
        None
    }
}

fn read_posts(posts: &Node, unit: Unit, errors: &mut Vec<SourceDiagnostic>) -> Option<Vec<Post>> {
    let mut out = Vec::new();
    let mut ok = no_text(posts, errors);
    for p in &posts.children {
        if !p.is("post") {
            errors.push(unknown(p, "posts", &["post"]));
            ok = false;
            continue;
        }
        if !leaf(p, true, errors) {
            ok = false;
            continue;
        }
        let who = player(p, errors);
        let amount = match p.attr("amount") {
            Some(a) => amount_attr(p, a, unit, errors),
            None => {
                errors.push(missing(p, "the `amount` attribute", "the chips posted"));
                None
            }
        };
        let (blind, _) = p.trimmed_text();
        match (who, amount) {
            (Some(player), Some(amount)) => out.push(Post {
                player,
                amount,
                blind: blind.to_string(),
                span: Some(p.line.clone()),
            }),
            _ => ok = false,
        }
    }
    ok.then_some(out)
}

fn read_round(
    phase: Phase,
    node: &Node,
    unit: Unit,
    errors: &mut Vec<SourceDiagnostic>,
) -> Option<(Round, Vec<Span>)> {
    let mut ok = no_text(node, errors);
    let mut board: Option<(&Node, Vec<(Card, Span)>)> = None;
    let mut actions = Vec::new();
    for child in &node.children {
        if child.is("cards") {
            if let Some((first, _)) = &board {
                errors.push(duplicate(child, first, node.name));
                ok = false;
                continue;
            }
            match cards(child, errors) {
                Some(cs) => board = Some((child, cs)),
                None => ok = false,
            }
        } else if child.is("action") {
            if !leaf(child, false, errors) {
                ok = false;
                continue;
            }
            match read_action(child, unit, errors) {
                Some(a) => actions.push(a),
                None => ok = false,
            }
        } else {
            errors.push(unknown(child, node.name, &["cards", "action"]));
            ok = false;
        }
    }
    if phase != Phase::Preflop && board.is_none() && ok {
        let n = if phase == Phase::Flop { 3 } else { 1 };
        errors.push(missing(
            node,
            "<cards>",
            &format!(
                "the {} card{} dealt in this round",
                n,
                if n == 1 { "" } else { "s" }
            ),
        ));
        ok = false;
    }
    if !ok {
        return None;
    }
    actions.sort_by_key(|a: &ActionRecord| a.no);
    let (cards, spans) = board
        .map(|(_, cs)| cs.into_iter().unzip())
        .unwrap_or_default();
    Some((
        Round {
            phase,
            cards,
            actions,
            span: Some(node.tag.clone()),
        },
        spans,
    ))
}

fn read_action(
    node: &Node,
    unit: Unit,
    errors: &mut Vec<SourceDiagnostic>,
) -> Option<ActionRecord> {
    let no = match node.attr("no") {
        Some(a) => match a.value.trim().parse::<i64>() {
            Ok(n) => Some(n),
            Err(_) => {
                errors.push(
                    SourceDiagnostic::error(
                        Code::BadNumber,
                        format!(
                            "the `no` of <action> must be a whole number, found `{}`",
                            a.value
                        ),
                    )
                    .at(a.span.clone())
                    .with_label("expected the action's order in the round: 0, 1, 2, ..."),
                );
                None
            }
        },
        None => {
            errors.push(missing(
                node,
                "the `no` attribute",
                "its order in the round",
            ));
            None
        }
    };
    let player = player(node, errors);
    let act = match node.attr("act") {
        Some(a) => {
            let v = a.value.trim();
            let found = v.parse::<Act>().ok();
            if found.is_none() {
                let mut d =
                    SourceDiagnostic::error(Code::UnknownAct, format!("unknown act `{}`", a.value))
                        .at(a.span.clone())
                        .with_label("expected check, call, raise, bet or fold");
                if let Some(s) = did_you_mean(v, Act::WORDS) {
                    d = d.with_help(format!("did you mean `{s}`?"));
                }
                errors.push(d);
            }
            found
        }
        None => {
            errors.push(missing(
                node,
                "the `act` attribute",
                "check, call, raise, bet or fold",
            ));
            None
        }
    };
    let amount = match (node.attr("amount"), act) {
        (Some(a), _) => amount_attr(node, a, unit, errors),
        (None, Some(Act::Check | Act::Fold)) => Some(Chips::ZERO),
        (None, Some(_)) => {
            errors.push(missing(
                node,
                "the `amount` attribute",
                "the chips a call adds, or a raise's increment above the call",
            ));
            None
        }
        (None, None) => None,
    };
    Some(ActionRecord {
        no: no?,
        player: player?,
        act: act?,
        amount: amount?,
        span: Some(node.line.clone()),
    })
}

// ---------------------------------------------------------------------------------------
// Writing.

/// Writes a record as game-state XML that [`read`] accepts. Amounts are written exactly as
/// decimals of the record's unit, other numbers in Rust's shortest exact form, so reading
/// the text back gives the same record.
pub fn write(record: &GameRecord) -> String {
    let mut s = String::with_capacity(1024);
    let amt = |c: Chips| record.unit.format(c);
    s.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<game>\n  <init>\n");
    let _ = writeln!(s, "    <BB>{}</BB>", amt(record.bb));
    let _ = writeln!(s, "    <SB>{}</SB>", amt(record.sb));
    let _ = writeln!(s, "    <heroStack>{}</heroStack>", amt(record.hero_stack));
    let _ = writeln!(
        s,
        "    <villainStack>{}</villainStack>",
        amt(record.villain_stack)
    );
    s.push_str("    <heroCards>\n");
    for c in record.hero_cards {
        write_card(&mut s, "      ", c);
    }
    s.push_str("    </heroCards>\n");
    if let Some(chip) = record.chip {
        let _ = writeln!(s, "    <chip>{}</chip>", amt(chip));
    }
    for (name, value) in &record.extras {
        let _ = writeln!(s, "    <{name}>{value}</{name}>");
    }
    s.push_str("  </init>\n  <posts>\n");
    for p in &record.posts {
        let _ = writeln!(
            s,
            "    <post player=\"{}\" amount=\"{}\">{}</post>",
            p.player.xml_name(),
            amt(p.amount),
            quick_xml::escape::escape(p.blind.as_str())
        );
    }
    s.push_str("  </posts>\n");
    if let Some(st) = &record.stats {
        let _ = writeln!(s, "  <stats hands=\"{}\">", st.hands);
        for stat in OpponentStat::ALL {
            let c = st.count(stat);
            if c.chances == 0 && c.times == 0 && c.hands == 0 {
                continue;
            }
            let _ = write!(
                s,
                "    <{} times=\"{}\" chances=\"{}\"",
                stat.name(),
                c.times,
                c.chances
            );
            if stat.is_ratio() {
                let _ = write!(s, " hands=\"{}\"", c.hands);
            }
            s.push_str("/>\n");
        }
        s.push_str("  </stats>\n");
    }
    for r in &record.rounds {
        let tag = r.phase.xml_tag();
        let _ = writeln!(s, "  <{tag}>");
        if !r.cards.is_empty() || r.phase != Phase::Preflop {
            s.push_str("    <cards>\n");
            for c in &r.cards {
                write_card(&mut s, "      ", *c);
            }
            s.push_str("    </cards>\n");
        }
        for a in &r.actions {
            let _ = writeln!(
                s,
                "    <action no=\"{}\" player=\"{}\" act=\"{}\" amount=\"{}\"></action>",
                a.no,
                a.player.xml_name(),
                a.act.xml_name(),
                amt(a.amount)
            );
        }
        let _ = writeln!(s, "  </{tag}>");
    }
    s.push_str("</game>\n");
    s
}

fn write_card(s: &mut String, indent: &str, c: Card) {
    let _ = writeln!(
        s,
        "{indent}<card rank=\"{}\" color=\"{}\"></card>",
        c.rank.symbol(),
        c.suit.xml_name()
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::betting::tests::{line, line_of, one_error, record, round, THESIS};
    use crate::game::GameState;

    fn read_errors(xml: &str) -> Vec<SourceDiagnostic> {
        read(xml).expect_err("expected an XML error").diagnostics
    }
    #[test]
    fn reads_the_thesis_example() {
        let r = read(THESIS).unwrap();
        assert_eq!(
            (r.bb, r.sb, r.hero_stack, r.villain_stack),
            (Chips(20), Chips(10), Chips(1500), Chips(2500))
        );
        assert_eq!(r.hero_cards.map(|c| c.to_string()), ["Jh", "3c"]);
        assert_eq!(r.posts.len(), 2);
        assert_eq!(
            (r.posts[0].player, r.posts[0].blind.as_str()),
            (Player::Hero, "SB")
        );
        assert_eq!(r.rounds.len(), 2);
        assert_eq!(r.rounds[0].actions.len(), 5);
        assert_eq!(r.rounds[1].cards.len(), 3);
        assert_eq!(r.rounds[1].actions[1].act, Act::Raise);
        // Spans: the whole one-line element.
        let a = &r.rounds[1].actions[1];
        assert_eq!(
            &THESIS[a.span.clone().unwrap()],
            r#"<action no="1" player="Villain" act="raise" amount="20"></action>"#
        );
        assert_eq!(&THESIS[r.rounds[1].span.clone().unwrap()], "<flop>");
        assert_eq!(
            &THESIS[r.posts[1].span.clone().unwrap()],
            r#"<post player="Villain" amount="20">BB</post>"#
        );
        let (_, spans) = read_spanned(THESIS).unwrap();
        assert_eq!(&THESIS[spans.bb.unwrap()], "20");
        assert_eq!(
            &THESIS[spans.round_cards[1][2].clone()],
            r#"<card rank="8" color="Clubs"></card>"#
        );
    }

    #[test]
    fn a_count_past_the_counter_s_range_says_so() {
        let xml = THESIS.replace("</init>", "</init><stats hands=\"4294967296\"></stats>");
        let e = read(&xml).expect_err("too many hands");
        let messages: Vec<&str> = e.diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            ["the `hands` of <stats> must be at most 4294967295, found `4294967296`"]
        );
    }

    #[test]
    fn actions_are_sorted_by_no() {
        // The flop's two actions written in reverse order, numbered 7 and 9.
        let check = r#"<action no="0" player="Hero" act="check" amount="0"></action>"#;
        let bet = r#"<action no="1" player="Villain" act="raise" amount="20"></action>
  </flop>"#;
        let xml = THESIS
            .replace(
                check,
                &bet.replace("</flop>", "").replace("no=\"1\"", "no=\"9\""),
            )
            .replace(
                bet,
                &format!("{}\n  </flop>", check.replace("no=\"0\"", "no=\"7\"")),
            );
        assert!(xml.find("no=\"9\"").unwrap() < xml.find("no=\"7\"").unwrap());
        let r = read(&xml).unwrap();
        let nos: Vec<_> = r.rounds[1].actions.iter().map(|a| a.no).collect();
        assert_eq!(nos, [7, 9]);
        assert_eq!(r.rounds[1].actions[0].player, Player::Hero);
        let (g, _) = GameState::from_xml(&xml).unwrap();
        assert_eq!(g.derived().to_call, Chips(20));
    }

    #[test]
    fn names_and_values_are_case_insensitive() {
        let xml = THESIS
            .replace("<heroStack>1500</heroStack>", "<HEROSTACK>1500</HEROSTACK>")
            .replace(r#"rank="J" color="Hearts""#, r#"RANK="j" Color="h""#)
            .replace(r#"rank="T" color="Clubs""#, r#"rank="10" color="CLUBS""#)
            .replace(
                r#"player="Villain" act="raise" amount="20"></action>
  </flop>"#,
                r#"player="VILLAIN" act="Bet" amount="20"></action>
  </flop>"#,
            )
            .replace(">SB</post>", ">sb</post>");
        let r = read(&xml).unwrap();
        assert_eq!(r.hero_stack, Chips(1500));
        assert_eq!(r.hero_cards[0].to_string(), "Jh");
        assert_eq!(r.rounds[1].cards[1].to_string(), "Tc");
        assert_eq!(r.rounds[1].actions[1].act, Act::Bet);
        let (g, _) = GameState::from_xml(&xml).unwrap();
        assert_eq!(g.derived().pot, Chips(220));
    }

    #[test]
    fn round_trip() {
        let r = read(THESIS).unwrap();
        let text = write(&r);
        assert!(read(&text).unwrap().same_as(&r));
        // The written file is valid as a game state too, with the same values.
        let (g, w) = GameState::from_xml(&text).unwrap();
        assert_eq!(w.len(), 2);
        assert_eq!(g.derived().pot, Chips(220));

        let mut r = record();
        r.extras = vec![("Aggression".into(), -1.25)];
        // Amounts in units of 0.000000001: written back digit for digit.
        r.unit = Unit::new(9).unwrap();
        r.chip = Some(Chips(10_000_000));
        r.bb = Chips(20_000_000);
        r.sb = Chips(10_000_000);
        r.hero_stack = Chips(333_333_333);
        r.posts[0].amount = Chips(10_000_000);
        r.posts[1].amount = Chips(20_000_000);
        r.rounds[0].actions[0].amount = Chips(70_000_000);
        r.rounds.push(crate::game::Round {
            phase: Phase::Flop,
            cards: vec![
                Card::from_xml("10", "d").unwrap(),
                Card::from_xml("2", "s").unwrap(),
                Card::from_xml("A", "h").unwrap(),
            ],
            actions: vec![],
            span: None,
        });
        let back = read(&write(&r)).unwrap();
        assert_eq!(back.without_spans(), r);
    }

    #[test]
    fn a_lone_stats_element_reads_as_inside_a_game() {
        let s = read_stats_element(r#"<stats hands="40"><VPIP times="30" chances="38"/></stats>"#)
            .unwrap();
        assert_eq!((s.hands, s.count(OpponentStat::Vpip).times), (40, 30));
        let e = read_stats_element(r#"<stats hands="4"><VPIP times="5" chances="3"/></stats>"#)
            .unwrap_err();
        assert_eq!(
            e.diagnostics
                .iter()
                .map(|d| d.message.as_str())
                .collect::<Vec<_>>(),
            ["<VPIP>: `times` (5) is more than `chances` (3)"]
        );
        let e = read_stats_element("<game/>").unwrap_err();
        assert_eq!(
            e.diagnostics[0].message,
            "the root element is <game>; expected <stats>"
        );
    }

    #[test]
    fn game_state_xml_is_the_text_read() {
        let (g, _) = GameState::from_xml(THESIS).unwrap();
        assert_eq!(g.xml(), THESIS);
    }

    /// Entity and character references are resolved in values, and the game state's text
    /// (what `wholeGame` passes on) keeps them exactly as written.
    #[test]
    fn entities_resolve_in_values_and_stay_intact_in_the_text() {
        let xml = THESIS
            .replace("<BB>20</BB>", "<BB>2&#48;</BB>")
            .replace("<game>", "<game><!-- Hero &amp; Villain -->");
        let (g, _) = GameState::from_xml(&xml).unwrap();
        assert_eq!(g.record().bb, Chips(20));
        assert_eq!(g.xml(), xml);
        assert!(g.xml().contains("&amp;") && g.xml().contains("&#48;"));
        let bad = THESIS.replace("<BB>20</BB>", "<BB>2&zero;</BB>");
        let d = one_error(&bad, Code::XmlSyntax, "", "&zero;");
        assert_eq!(d.message, "unknown entity `&zero;`");
    }

    // ---- reading errors -------------------------------------------------------------

    #[test]
    fn error_xml_syntax() {
        let xml = THESIS.replace("</preflop>", "</prefop>");
        let d = one_error(&xml, Code::XmlSyntax, "", "</prefop>");
        assert!(d.message.contains("malformed XML"), "{}", d.message);
        let xml = THESIS.replace("</game>\n", "");
        let d = one_error(&xml, Code::XmlSyntax, "", "<game>");
        assert!(d.message.contains("<game> is closed"), "{}", d.message);
        let xml = THESIS.replace(r#"act="call" amount="10""#, r#"act="call" amount=10"#);
        let d = one_error(&xml, Code::XmlSyntax, "<preflop>", "no=\"0\"");
        assert_eq!(&xml[d.span.unwrap().start..][..2], "10", "{}", d.message);
        let d = one_error("", Code::XmlMissing, "", "");
        assert!(d.message.contains("no <game>"));
    }

    #[test]
    fn error_xml_missing() {
        let xml = THESIS.replace("    <heroStack>1500</heroStack>\n", "");
        let d = one_error(&xml, Code::XmlMissing, "", "<init>");
        assert!(d.message.contains("<heroStack>"), "{}", d.message);
        let xml = THESIS.replace(r#"<card rank="Q" color="Spades">"#, r#"<card rank="Q">"#);
        let d = one_error(&xml, Code::XmlMissing, "<flop>", "rank=\"Q\"");
        assert!(d.message.contains("`color`"), "{}", d.message);
        let xml = THESIS.replace(r#" amount="10"></action>"#, "></action>");
        one_error(&xml, Code::XmlMissing, "<preflop>", "no=\"0\"");
        let start = THESIS.find("  <posts>").unwrap();
        let end = THESIS.find("  <preflop>").unwrap();
        let xml = format!("{}{}", &THESIS[..start], &THESIS[end..]);
        one_error(&xml, Code::XmlMissing, "", "<game>");
        let start = THESIS.find("    <cards>").unwrap();
        let end = THESIS
            .find("    <action no=\"0\" player=\"Hero\" act=\"check\"")
            .unwrap();
        let xml = format!("{}{}", &THESIS[..start], &THESIS[end..]);
        one_error(&xml, Code::XmlMissing, "", "<flop>");
        // Check and fold may leave out the amount.
        let xml = THESIS.replace(r#"act="check" amount="0""#, r#"act="check""#);
        assert!(read(&xml).is_ok());
    }

    #[test]
    fn error_xml_unknown_and_duplicate() {
        let xml = THESIS
            .replace("<flop>", "<flopp>")
            .replace("</flop>", "</flopp>");
        let d = one_error(&xml, Code::XmlUnknown, "", "<flopp>");
        assert_eq!(d.help.as_deref(), Some("did you mean <flop>?"));
        let xml = THESIS.replace("<BB>20</BB>", "<BB>20</BB>\n    <bb>30</bb>");
        let d = one_error(&xml, Code::XmlDuplicate, "", "<bb>");
        assert_eq!(d.related.len(), 1);
    }

    #[test]
    fn error_bad_number() {
        let xml = THESIS.replace("<SB>10</SB>", "<SB>ten</SB>");
        let d = one_error(&xml, Code::BadNumber, "", "<SB>");
        assert_eq!(&xml[d.span.clone().unwrap()], "ten");
        let xml = THESIS.replace("<BB>20</BB>", "<BB>20</BB>\n    <aggro></aggro>");
        one_error(&xml, Code::BadNumber, "", "<aggro>");
        let xml = THESIS.replace(r#"no="3""#, r#"no="third""#);
        one_error(&xml, Code::BadNumber, "", "no=\"third\"");
        // Two stacks of 1.5e308 would make an infinite pot: a stack is at most 2^53.
        let xml = THESIS.replace(
            "<heroStack>1500</heroStack>",
            "<heroStack>1.5e308</heroStack>",
        );
        let d = one_error(&xml, Code::BadNumber, "", "<heroStack>");
        assert!(
            d.message
                .ends_with("expected at most 9007199254740992 chips (2^53, counted exactly)"),
            "{}",
            d.message
        );
    }

    #[test]
    fn amounts_finer_than_the_finest_unit_are_refused() {
        let xml = THESIS
            .replace("<BB>20</BB>", "<BB>2e-12</BB>")
            .replace("<SB>10</SB>", "<SB>1e-12</SB>");
        let Err(e) = GameState::from_xml(&xml) else {
            panic!("blinds of 1e-12 and 2e-12 chips were accepted");
        };
        let blinds: Vec<_> = e
            .diagnostics
            .iter()
            .filter(|d| d.message.contains("at most 9 decimal places"))
            .map(|d| d.message.split(';').next().unwrap_or_default())
            .collect();
        assert_eq!(blinds, ["<BB> is `2e-12`", "<SB> is `1e-12`"]);
    }

    /// The amounts count the finest decimal written: a limp at 0.15/0.45 leaves exactly
    /// nothing to call, and the call is written back as 0.3.
    #[test]
    fn decimal_amounts_are_exact() {
        let xml = THESIS
            .replace("<BB>20</BB>", "<BB>0.45</BB>")
            .replace("<SB>10</SB>", "<SB>0.15</SB>")
            .replace(r#"amount="10">SB"#, r#"amount="0.15">SB"#)
            .replace(r#"amount="20">BB"#, r#"amount="0.45">BB"#);
        let start = xml.find("  <preflop>").unwrap();
        let xml = format!(
            "{}  <preflop>\n    <action no=\"0\" player=\"Hero\" act=\"call\" amount=\"0.3\"/>\n    <action no=\"1\" player=\"Villain\" act=\"check\"/>\n  </preflop>\n</game>\n",
            &xml[..start]
        );
        let r = read(&xml).unwrap();
        assert_eq!((r.unit.places(), r.sb, r.bb), (2, Chips(15), Chips(45)));
        assert_eq!(r.rounds[0].actions[0].amount, Chips(30));
        assert!(write(&r).contains(r#"act="call" amount="0.3""#));
    }

    #[test]
    fn error_bad_card() {
        let xml = THESIS.replace(r#"rank="Q" color="Spades""#, r#"rank="1" color="Spades""#);
        let d = one_error(&xml, Code::BadCard, "<flop>", "rank=\"1\"");
        assert_eq!(&xml[d.span.clone().unwrap()], "1");
        let xml = THESIS.replace(r#"rank="Q" color="Spades""#, r#"rank="Q" color="Spadez""#);
        let d = one_error(&xml, Code::BadCard, "<flop>", "Spadez");
        assert!(d.label.unwrap().contains("Hearts"));
        let xml = THESIS.replace(
            r#"      <card rank="3" color="Clubs"></card>
"#,
            "",
        );
        one_error(&xml, Code::WrongCardCount, "", "<heroCards>");
    }

    #[test]
    fn error_unknown_player_and_act() {
        let xml = THESIS.replacen(
            r#"no="1" player="Villain""#,
            r#"no="1" player="Villian""#,
            1,
        );
        let d = one_error(&xml, Code::UnknownPlayer, "<preflop>", "Villian");
        assert_eq!(&xml[d.span.clone().unwrap()], "Villian");
        let xml = THESIS.replace(r#"act="check""#, r#"act="chek""#);
        let d = one_error(&xml, Code::UnknownAct, "", "chek");
        assert_eq!(d.help.as_deref(), Some("did you mean `check`?"));
        let xml = THESIS.replace(r#"<post player="Hero""#, r#"<post player="Me""#);
        one_error(&xml, Code::UnknownPlayer, "", "\"Me\"");
    }

    #[test]
    fn read_errors_are_all_reported() {
        let xml = THESIS
            .replace(r#"act="check""#, r#"act="chek""#)
            .replace(r#"rank="Q" color="Spades""#, r#"rank="Z" color="Spades""#)
            .replace("<SB>10</SB>", "<SB>x</SB>");
        let errs = read_errors(&xml);
        let codes: Vec<_> = errs.iter().map(|d| d.code).collect();
        assert_eq!(codes, [Code::BadNumber, Code::BadCard, Code::UnknownAct]);
        let lines: Vec<_> = errs.iter().map(|d| line(&xml, d)).collect();
        assert_eq!(lines, [5, 26, 30]);
    }

    #[test]
    fn fixture_round_helper_reads() {
        // The test helper's rounds are valid XML fragments.
        let r = round("flop", "Qs Tc 8c", "V check");
        assert!(r.contains("<card rank=\"T\" color=\"c\"></card>"));
        assert_eq!(line_of(&r, "", "<action"), 7);
    }
}

#[cfg(test)]
mod fixtures {
    use crate::diag::SourceFile;
    use crate::game::GameState;

    /// Each fixture in tests/cases/game with what reading it gives: `code@line` for every
    /// diagnostic, errors or (for a valid file) warnings.
    const CASES: [(&str, &str, &[&str]); 9] = [
        (
            "thesis",
            include_str!("../../../../tests/cases/game/thesis.xml"),
            &["small-raise@21", "button-first@30"],
        ),
        (
            "hero-sb-preflop",
            include_str!("../../../../tests/cases/game/hero-sb-preflop.xml"),
            &[],
        ),
        (
            "hero-bb-preflop",
            include_str!("../../../../tests/cases/game/hero-bb-preflop.xml"),
            &["bb-first@17"],
        ),
        (
            "fold-ended",
            include_str!("../../../../tests/cases/game/fold-ended.xml"),
            &["hand-over@19"],
        ),
        (
            "check-owed",
            include_str!("../../../../tests/cases/game/check-owed.xml"),
            &["check-owed@18"],
        ),
        (
            "not-hero-turn",
            include_str!("../../../../tests/cases/game/not-hero-turn.xml"),
            &["not-hero-turn@28"],
        ),
        (
            "card-twice",
            include_str!("../../../../tests/cases/game/card-twice.xml"),
            &["card-twice@24"],
        ),
        (
            "malformed",
            include_str!("../../../../tests/cases/game/malformed.xml"),
            &["xml-syntax@23"],
        ),
        (
            "several-errors",
            include_str!("../../../../tests/cases/game/several-errors.xml"),
            &["bad-number@5", "bad-card@26", "unknown-act@30"],
        ),
    ];

    #[test]
    fn game_fixtures() {
        for (name, xml, want) in CASES {
            let file = SourceFile::new(name, xml);
            let diags = match GameState::from_xml(xml) {
                Ok((_, warnings)) => warnings,
                Err(e) => e.diagnostics,
            };
            let got: Vec<String> = diags
                .iter()
                .map(|d| {
                    format!(
                        "{}@{}",
                        d.code,
                        file.line_col(d.span.clone().unwrap().start).0
                    )
                })
                .collect();
            assert_eq!(got, want, "{name}");
        }
    }
}
