//! The crosstable drawn as an SVG heat map: green where the row's bot wins, red where it
//! loses, the stronger the further from zero; cells whose interval holds zero are pale.

use std::fmt::Write;

use super::TournamentResult;

const CELL_W: usize = 84;
const CELL_H: usize = 30;
const LABEL_W: usize = 220;
const TOP: usize = 70;

/// Text safe inside SVG.
fn escape(s: &str) -> String {
    crate::diag::escape_controls(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The fill of a cell worth `v` on a scale whose ends are `±max`; `sure`: its interval
/// excludes zero.
fn fill(v: f64, max: f64, sure: bool) -> String {
    let t = if max > 0.0 {
        (v.abs() / max).min(1.0)
    } else {
        0.0
    };
    let t = if sure { 0.25 + 0.75 * t } else { 0.25 * t };
    let mix = |full: f64| (255.0 - t * (255.0 - full)).round() as u8;
    let (r, g, b) = if v >= 0.0 {
        (mix(26.0), mix(152.0), mix(80.0))
    } else {
        (mix(215.0), mix(48.0), mix(39.0))
    };
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The heat map of `r`'s crosstable.
pub(super) fn svg(r: &TournamentResult) -> String {
    let rows = r.ranked();
    let cols = r.columns();
    let width = LABEL_W + CELL_W * cols.len() + 20;
    let height = TOP + CELL_H * rows.len() + 40;
    let max = r
        .pairings
        .iter()
        .map(|p| p.result.mbb_per_hand().abs())
        .fold(0.0, f64::max);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        s,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="10" y="20" font-size="14">mbb/hand of the row's bot against the column's: {} hands a pairing{}, seed {}</text>"#,
        r.options.hands,
        if r.options.duplicate {
            " (duplicate)"
        } else {
            ""
        },
        r.options.seed
    );
    for (j, &c) in cols.iter().enumerate() {
        let x = LABEL_W + j * CELL_W + CELL_W / 2;
        let _ = writeln!(
            s,
            r#"<text x="{x}" y="{}" text-anchor="middle">{}</text>"#,
            TOP - 8,
            c + 1
        );
    }
    for (i, &row) in rows.iter().enumerate() {
        let y = TOP + i * CELL_H;
        let _ = writeln!(
            s,
            r#"<text x="10" y="{}">{} {}</text>"#,
            y + CELL_H / 2 + 4,
            row + 1,
            escape(&r.names[row])
        );
        for (j, &col) in cols.iter().enumerate() {
            let x = LABEL_W + j * CELL_W;
            let Some((v, ci)) = r.cell(row, col) else {
                let _ = writeln!(
                    s,
                    r##"<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" fill="#eeeeee" stroke="white"/>"##
                );
                continue;
            };
            let sure = ci.is_some_and(|(lo, hi)| lo > 0.0 || hi < 0.0);
            let _ = writeln!(
                s,
                r#"<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" fill="{}" stroke="white"/>"#,
                fill(v, max, sure)
            );
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}" text-anchor="middle">{v:+.1}</text>"#,
                x + CELL_W / 2,
                y + CELL_H / 2 + 4
            );
        }
    }
    let _ = writeln!(
        s,
        r#"<text x="10" y="{}">pale: the 95% interval holds zero; columns are the bots by number</text>"#,
        height - 14
    );
    s.push_str("</svg>\n");
    s
}
