//! The language server on a generated script of 10,000 rules (the one of benches/parse.rs,
//! 1.1 MB), and on `examples/tag.hus`: opening it (parse, check, every diagnostic in the protocol's form) and
//! re-diagnosing it after a one-character edit, through the server itself: an incremental
//! `textDocument/didChange` in, `textDocument/publishDiagnostics` out.

use criterion::{criterion_group, criterion_main, Criterion};

#[path = "support/script.rs"]
mod support;
use support::script;

#[cfg(feature = "lsp")]
mod server {
    use hus_ide::lsp::transport::Incoming;
    use hus_ide::lsp::Server;
    use serde_json::json;

    const URI: &str = "file:///nowhere/big.hus";

    /// A server that has opened the script; the length of the diagnostics message it sent.
    pub fn open(text: &str) -> (Server, usize) {
        let mut s = Server::new();
        let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                          "params": {"processId": null, "rootUri": null, "capabilities": {}}});
        let open = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                          "params": {"textDocument": {"uri": URI, "languageId": "hus",
                                                      "version": 1, "text": text}}});
        let (out, _) = s.handle(vec![Incoming::Json(init), Incoming::Json(open)]);
        let published = out
            .iter()
            .find(|m| m.contains("textDocument/publishDiagnostics"))
            .map_or(0, String::len);
        (s, published)
    }

    /// One `didChange` replacing the character at (line, character) with `c`, up to the
    /// published diagnostics (the length of their message).
    pub fn edit(s: &mut Server, version: i64, line: u32, character: u32, c: &str) -> usize {
        let change = json!({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": URI, "version": version},
                       "contentChanges": [{"range": {"start": {"line": line, "character": character},
                                                     "end": {"line": line, "character": character + 1}},
                                           "text": c}]}});
        let (out, _) = s.handle(vec![Incoming::Json(change)]);
        out.iter()
            .find(|m| m.contains("textDocument/publishDiagnostics"))
            .expect("diagnostics are published")
            .len()
    }
}

fn lsp(c: &mut Criterion) {
    let src = script(10_000);
    let file = hus_poker::diag::SourceFile::new("big.hus", src.as_str());
    let mut group = c.benchmark_group("lsp");
    group.sample_size(10);
    group.bench_function("check 10k rules", |b| {
        b.iter(|| {
            hus_lang::check::check(&file, &Default::default())
                .diagnostics
                .len()
        })
    });
    #[cfg(feature = "lsp")]
    {
        use std::time::{Duration, Instant};
        group.bench_function("open 10k rules", |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let t = Instant::now();
                    let (server, n) = server::open(&src);
                    total += t.elapsed();
                    assert!(n > 0);
                    drop(server);
                }
                total
            })
        });
        // The rule in the middle: `RULE PRIORITY 3 ...` (rule 5,000) is at line 2 + ...; edit
        // the priority digit of a rule near the middle, back and forth.
        let line = src
            .lines()
            .enumerate()
            .filter(|(_, l)| l.starts_with("RULE PRIORITY "))
            .nth(1_250)
            .map(|(i, _)| i as u32)
            .unwrap();
        group.bench_function("re-diagnose 10k rules after a one-character edit", |b| {
            let (mut s, _) = server::open(&src);
            let mut version = 1;
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    version += 1;
                    let digit = if version % 2 == 0 { "9" } else { "3" };
                    let t = Instant::now();
                    let n = server::edit(&mut s, version, line, 14, digit);
                    total += t.elapsed();
                    assert!(n > 0);
                }
                total
            })
        });
        // The everyday case: a hand-written script of some 250 lines, a rule's priority
        // digit edited back and forth.
        let tag = std::fs::read_to_string("examples/tag.hus").expect("examples/tag.hus");
        let prefix = "  RULE PRIORITY ";
        let tag_line = tag
            .lines()
            .position(|l| l.starts_with(prefix))
            .expect("a rule with a priority") as u32;
        group.bench_function(
            "re-diagnose examples/tag.hus after a one-character edit",
            |b| {
                let (mut s, n) = server::open(&tag);
                assert!(n > 0);
                let mut version = 1;
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        version += 1;
                        let digit = if version % 2 == 0 { "3" } else { "2" };
                        let t = Instant::now();
                        let n = server::edit(&mut s, version, tag_line, prefix.len() as u32, digit);
                        total += t.elapsed();
                        assert!(n > 0);
                    }
                    total
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, lsp);
criterion_main!(benches);
