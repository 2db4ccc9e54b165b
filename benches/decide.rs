//! Decisions per second: `examples/tag.hus` checked once, then decided over a few hundred
//! prepared game states of every round (criterion reports the throughput in decisions/s).
//! The whole `hus decide` process is measured separately, by `benches/process.rs`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hus_lang::check::{check, CheckOptions};
use hus_lang::eval::{decide, DecideOptions};
use hus_poker::cards::{Card, CardSet};
use hus_poker::diag::SourceFile;
use hus_poker::game::GameState;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

const STATES: usize = 400;

fn card_xml(c: Card) -> String {
    format!(
        r#"<card rank="{}" color="{}"/>"#,
        c.rank.symbol(),
        c.suit.xml_name()
    )
}

/// Deals distinct cards.
fn deal(rng: &mut ChaCha8Rng, n: usize) -> Vec<Card> {
    let mut used = CardSet::EMPTY;
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let c = Card::from_index(rng.random_range(0..64));
        if let Some(c) = c {
            if !used.contains(c) {
                used.insert(c);
                out.push(c);
            }
        }
    }
    out
}

fn action(no: usize, player: &str, act: &str, amount: u32) -> String {
    format!(r#"<action no="{no}" player="{player}" act="{act}" amount="{amount}"/>"#)
}

/// One game state at the hero's turn: a random deal, a random round and a random line.
fn game(rng: &mut ChaCha8Rng) -> String {
    let cards = deal(rng, 7);
    let hero_button = rng.random_bool(0.5);
    let (sb, bb) = if hero_button {
        ("Hero", "Villain")
    } else {
        ("Villain", "Hero")
    };
    let round = rng.random_range(0..4);
    let mut xml = format!(
        r#"<game><init><BB>20</BB><SB>10</SB><heroStack>2000</heroStack><villainStack>2000</villainStack><heroCards>{}{}</heroCards></init><posts><post player="{sb}" amount="10">SB</post><post player="{bb}" amount="20">BB</post></posts>"#,
        card_xml(cards[0]),
        card_xml(cards[1])
    );
    // Preflop: the button raises by 40, the big blind calls (or the hero acts now).
    xml += "<preflop>";
    if round == 0 {
        if !hero_button {
            match rng.random_range(0..2) {
                0 => xml += &action(0, "Villain", "raise", 40),
                _ => xml += &action(0, "Villain", "call", 10),
            }
        }
        return xml + "</preflop></game>";
    }
    xml += &action(0, sb, "raise", 40);
    xml += &action(1, bb, "call", 40);
    xml += "</preflop>";
    let tags = ["flop", "turn", "river"];
    for (i, tag) in tags.iter().enumerate().take(round) {
        let dealt: Vec<Card> = match i {
            0 => cards[2..5].to_vec(),
            1 => vec![cards[5]],
            _ => vec![cards[6]],
        };
        xml += &format!("<{tag}><cards>");
        for c in dealt {
            xml += &card_xml(c);
        }
        xml += "</cards>";
        let last = i + 1 == round;
        // The big blind acts first after the flop.
        if last {
            if !hero_button {
                // The hero acts first: nothing yet.
            } else if rng.random_bool(0.5) {
                xml += &action(0, "Villain", "check", 0);
            } else {
                xml += &action(0, "Villain", "raise", 60);
            }
        } else {
            xml += &action(0, bb, "check", 0);
            xml += &action(1, sb, "check", 0);
        }
        xml += &format!("</{tag}>");
    }
    xml + "</game>"
}

fn bench(c: &mut Criterion) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("examples/tag.hus");
    let text = std::fs::read_to_string(&path).expect("examples/tag.hus");
    let source = SourceFile::new("tag.hus", text);
    let checked = check(
        &source,
        &CheckOptions {
            base_dir: root.join("examples"),
            ..CheckOptions::default()
        },
    );
    let program = checked.program.expect("tag.hus checks");

    let mut rng = ChaCha8Rng::seed_from_u64(2013);
    let states: Vec<GameState> = (0..STATES)
        .map(|_| {
            GameState::from_xml(&game(&mut rng))
                .expect("a valid generated state")
                .0
        })
        .collect();

    let options = DecideOptions::default();
    let mut group = c.benchmark_group("decide");
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("tag.hus", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        b.iter(|| {
            for s in &states {
                let d = decide(&program, s, &mut rng, &options).expect("tag.hus always decides");
                black_box(d.action);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
