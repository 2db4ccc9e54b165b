//! Text in the pictures `hus chart --svg` and `hus range --svg` draw: an SVG viewer does not
//! wrap lines, so a heading longer than the picture is cut off. These helpers estimate a
//! line's width from above and wrap it at spaces to fit.

use crate::diag::xml_text;

/// The width of `text` in pixels at `size` pixels, an upper bound for the usual sans-serif
/// faces (Arial, Helvetica, DejaVu Sans, Liberation Sans): the widest letters a full em,
/// other capitals 0.8 of one, everything else 0.65.
pub(super) fn width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| match c {
            'M' | 'W' | 'm' | 'w' | '@' | '%' => 1.0,
            c if c.is_uppercase() => 0.8,
            _ => 0.65,
        })
        .sum::<f64>()
        * size
}

/// `text` cut into lines no wider than `max` pixels at `size`: at spaces, and inside a word
/// only when the word alone is wider (a long file name).
pub(super) fn wrap(text: &str, size: f64, max: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let joined = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if width(&joined, size) <= max {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if width(word, size) <= max {
            line = word.to_string();
            continue;
        }
        for c in word.chars() {
            line.push(c);
            if width(&line, size) > max && line.chars().count() > 1 {
                let last = line.pop().unwrap_or(c);
                lines.push(std::mem::replace(&mut line, last.to_string()));
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Lines of text from `top` down, `step` pixels apart, at `x`: SVG `<text>` elements, the
/// baseline of the first `size` below `top`. Returns them and the height they take.
pub(super) fn lines_svg(lines: &[String], x: f64, top: f64, size: f64, step: f64) -> (String, f64) {
    let mut s = String::new();
    for (i, line) in lines.iter().enumerate() {
        s.push_str(&format!(
            "<text x=\"{x}\" y=\"{}\" font-size=\"{size}\">{}</text>\n",
            top + size + i as f64 * step,
            xml_text(line)
        ));
    }
    (s, lines.len() as f64 * step)
}

/// A picture's heading from 4 pixels down, wrapped to `width`: the first paragraph at 12
/// pixels, the others at 11. Returns its `<text>` elements and where the heading ends.
pub(super) fn heading(paragraphs: &[String], width: f64) -> (String, f64) {
    let mut body = String::new();
    let mut y = 4.0;
    for (i, text) in paragraphs.iter().enumerate() {
        let size = if i == 0 { 12.0 } else { 11.0 };
        let (t, h) = lines_svg(&wrap(text, size, width - 8.0), 4.0, y, size, size + 4.0);
        body.push_str(&t);
        y += h;
    }
    (body, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_heading_wraps_at_spaces_within_the_width() {
        let text = "examples/tag.hus: BB to act (the big blind), stacks 100bb, blinds 50/100, \
                    board Kh 8h 4d, acts so far: BTN 2.5bb, BB call";
        let lines = wrap(text, 12.0, 512.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| width(l, 12.0) <= 512.0));
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn a_word_wider_than_the_line_is_cut() {
        let word = "a".repeat(100);
        let lines = wrap(&word, 10.0, 70.0);
        assert_eq!(lines.len(), 10);
        assert_eq!(lines.concat(), word);
        assert_eq!(wrap("", 10.0, 70.0), vec![String::new()]);
    }

    #[test]
    fn lines_are_escaped_and_stepped() {
        let (svg, h) = lines_svg(&["a<b".into(), "c".into()], 4.0, 0.0, 12.0, 16.0);
        assert_eq!(
            svg,
            "<text x=\"4\" y=\"12\" font-size=\"12\">a&lt;b</text>\n\
             <text x=\"4\" y=\"28\" font-size=\"12\">c</text>\n"
        );
        assert_eq!(h, 32.0);
    }
}
