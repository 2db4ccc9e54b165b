//! `--plot FILE.svg`: A's cumulative winnings (in big blinds) over the hands, with the 95%
//! confidence band of the cumulative expectation, as a hand-written SVG.
//!
//! At hand n the band is W(n) ± 1.96 · s(n) · √n, where W is A's cumulative result and s(n)
//! the sample standard deviation of the first n results: the same interval `hus match`
//! reports at the end, scaled to n hands. Where the band leaves the zero line, the result
//! so far is significant at 95%.

use std::fmt::Write;

/// The picture's width and height, and the margins around the frame.
const W: f64 = 800.0;
const H: f64 = 450.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 56.0;
const BOTTOM: f64 = 50.0;

/// Draws the plot. `results` are A's chips won per hand; `unit` is 2 in duplicate mode (the
/// deviation is then taken over pairs of hands, which are the independent units).
pub fn svg(results: &[i64], bb: i64, unit: usize, title: &str, subtitle: &str) -> String {
    let points = points(results, bb as f64, unit.max(1));
    let frame = Frame::around(&points);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="{W}" height="{H}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="15">{}</text>"#,
        W / 2.0,
        escape(title)
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="40" text-anchor="middle" fill="#444">{}</text>"##,
        W / 2.0,
        escape(subtitle)
    );
    grid(&mut s, &frame);
    curves(&mut s, &frame, &points);
    let _ = writeln!(
        s,
        r##"<rect x="{LEFT}" y="{TOP}" width="{}" height="{}" fill="none" stroke="#333"/>"##,
        W - LEFT - RIGHT,
        H - TOP - BOTTOM
    );
    legend(&mut s);
    s.push_str("</svg>\n");
    s
}

/// A point per unit boundary, downsampled to at most ~1000 points: (hands, cumulative big
/// blinds, half the 95% band).
fn points(results: &[i64], bb: f64, unit: usize) -> Vec<(f64, f64, f64)> {
    let mut points: Vec<(f64, f64, f64)> = vec![(0.0, 0.0, 0.0)];
    let units = results.len() / unit;
    let step = units.div_ceil(1000).max(1);
    let (mut cum, mut n, mut mean, mut m2) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for (i, chunk) in results.chunks(unit).enumerate() {
        let x: f64 = chunk.iter().sum::<i64>() as f64 / bb;
        cum += x;
        n += 1.0;
        // Welford's running variance over units.
        let d = x - mean;
        mean += d / n;
        m2 += d * (x - mean);
        if (i + 1) % step == 0 || i + 1 == units {
            let sd = if n > 1.0 {
                (m2 / (n - 1.0)).sqrt()
            } else {
                0.0
            };
            points.push((n * unit as f64, cum, super::stats::Z95 * sd * n.sqrt()));
        }
    }
    points
}

/// The scales: hands 0..`max_x` across, big blinds `lo..hi` up, a little beyond the band.
struct Frame {
    max_x: f64,
    lo: f64,
    hi: f64,
}

impl Frame {
    fn around(points: &[(f64, f64, f64)]) -> Frame {
        let max_x = points.last().map_or(1.0, |p| p.0).max(1.0);
        let (mut lo, mut hi) = (0.0f64, 0.0f64);
        for &(_, c, b) in points {
            lo = lo.min(c - b);
            hi = hi.max(c + b);
        }
        if hi - lo < 1e-9 {
            hi += 1.0;
            lo -= 1.0;
        }
        let pad = (hi - lo) * 0.05;
        Frame {
            max_x,
            lo: lo - pad,
            hi: hi + pad,
        }
    }

    fn px(&self, x: f64) -> f64 {
        LEFT + x / self.max_x * (W - LEFT - RIGHT)
    }

    fn py(&self, y: f64) -> f64 {
        TOP + (self.hi - y) / (self.hi - self.lo) * (H - TOP - BOTTOM)
    }
}

/// The grid lines with their labels, and the axes' names.
fn grid(s: &mut String, f: &Frame) {
    for v in ticks(f.lo, f.hi) {
        let y = f.py(v);
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="#e5e5e5"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
            W - RIGHT,
            LEFT - 6.0,
            y + 4.0,
            label(v)
        );
    }
    for v in ticks(0.0, f.max_x) {
        let x = f.px(v);
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{}" stroke="#e5e5e5"/><text x="{x:.1}" y="{}" text-anchor="middle">{}</text>"##,
            H - BOTTOM,
            H - BOTTOM + 16.0,
            label(v)
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">hands</text>"#,
        (LEFT + W - RIGHT) / 2.0,
        H - 10.0
    );
    let _ = writeln!(
        s,
        r#"<text transform="translate(16 {}) rotate(-90)" text-anchor="middle">A's winnings (big blinds)</text>"#,
        (TOP + H - BOTTOM) / 2.0
    );
}

/// The band (upper edge forwards, lower edge back), the zero line and the winnings' line.
fn curves(s: &mut String, f: &Frame, points: &[(f64, f64, f64)]) {
    let mut band = String::new();
    for &(x, c, b) in points {
        let _ = write!(band, "{:.1},{:.1} ", f.px(x), f.py(c + b));
    }
    for &(x, c, b) in points.iter().rev() {
        let _ = write!(band, "{:.1},{:.1} ", f.px(x), f.py(c - b));
    }
    let _ = writeln!(
        s,
        r##"<polygon points="{}" fill="#4a90d9" fill-opacity="0.2" stroke="none"/>"##,
        band.trim_end()
    );
    let _ = writeln!(
        s,
        r##"<line x1="{LEFT}" y1="{0:.1}" x2="{1}" y2="{0:.1}" stroke="#888" stroke-dasharray="4 3"/>"##,
        f.py(0.0),
        W - RIGHT
    );
    let mut line = String::new();
    for &(x, c, _) in points {
        let _ = write!(line, "{:.1},{:.1} ", f.px(x), f.py(c));
    }
    let _ = writeln!(
        s,
        r##"<polyline points="{}" fill="none" stroke="#1f5fa8" stroke-width="1.5"/>"##,
        line.trim_end()
    );
}

/// The legend, top left inside the frame.
fn legend(s: &mut String) {
    let (lx, ly) = (LEFT + 12.0, TOP + 16.0);
    let _ = writeln!(
        s,
        r##"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="#1f5fa8" stroke-width="1.5"/><text x="{}" y="{}">A's winnings so far</text>"##,
        lx + 24.0,
        lx + 30.0,
        ly + 4.0
    );
    let _ = writeln!(
        s,
        r##"<rect x="{lx}" y="{}" width="24" height="10" fill="#4a90d9" fill-opacity="0.2"/><text x="{}" y="{}">95% band of the expected winnings (outside 0: significant)</text>"##,
        ly + 12.0,
        lx + 30.0,
        ly + 21.0
    );
}

/// Round tick values between `lo` and `hi` (about five).
fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let span = (hi - lo).max(1e-9);
    let mag = power_of_ten_at_most(span / 5.0);
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| span / s <= 6.0)
        .unwrap_or(10.0 * mag);
    let mut v = (lo / step).ceil() * step;
    let mut out = Vec::new();
    while v <= hi + 1e-9 {
        out.push(if v.abs() < step * 1e-9 { 0.0 } else { v });
        v += step;
    }
    out
}

/// The largest power of ten at most `x` (positive and finite), counted out by integer
/// exponent: exact for every exponent, with no call into the C math library.
fn power_of_ten_at_most(x: f64) -> f64 {
    let mut e: i32 = 0;
    while e < 300 && 10f64.powi(e + 1) <= x {
        e += 1;
    }
    while e > -300 && 10f64.powi(e) > x {
        e -= 1;
    }
    10f64.powi(e)
}

fn label(v: f64) -> String {
    if v.fract().abs() < 1e-9 {
        format!("{}", v as i64)
    } else {
        format!("{v:.1}")
    }
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    #[test]
    fn ticks_are_round_steps_from_exact_powers_of_ten() {
        use super::{power_of_ten_at_most, ticks};
        assert_eq!(power_of_ten_at_most(1000.0), 1000.0);
        assert_eq!(power_of_ten_at_most(999.9999999999999), 100.0);
        assert_eq!(power_of_ten_at_most(0.05), 0.01);
        assert_eq!(power_of_ten_at_most(7.0), 1.0);
        assert_eq!(
            ticks(0.0, 1000.0),
            [0.0, 200.0, 400.0, 600.0, 800.0, 1000.0]
        );
        assert_eq!(ticks(-0.3, 0.7), [-0.2, 0.0, 0.2, 0.4, 0.6000000000000001]);
    }

    #[test]
    fn plot_is_svg_with_band_and_line() {
        let results: Vec<i64> = (0..5000)
            .map(|i| if i % 3 == 0 { 150 } else { -50 })
            .collect();
        let s = super::svg(&results, 100, 1, "A <vs> B", "95% CI [1, 2]");
        assert!(s.starts_with("<svg"));
        assert!(s.contains("<polygon"));
        assert!(s.contains("<polyline"));
        assert!(s.contains("A &lt;vs&gt; B"));
        assert!(s.trim_end().ends_with("</svg>"));
        // Empty input still draws.
        assert!(s.contains("95% band of the expected winnings"));
        assert!(s.contains("95% CI [1, 2]"));
        assert!(super::svg(&[], 100, 2, "empty", "").contains("</svg>"));
    }
}
