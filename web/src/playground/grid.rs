//! The page's range grids: a range's text read as the 13x13 grid of its classes' weights,
//! and a grid written back as a range's compact text, both by the library's range reader and
//! writer ([`hus::class_weights`], [`hus::grid_text`]).

use serde_json::{json, Value};

/// `{weights, exact}` (169 weights in the table's order; `exact` false when some class is
/// held only in part, `AhKh`), or `{error}` when the text is no range.
pub fn range_classes(text: &str) -> Value {
    match hus::class_weights(text) {
        Ok(c) => json!({ "weights": c.weights, "exact": c.exact }),
        Err(e) => json!({ "error": e.message }),
    }
}

/// `{text}`: the compact range of 169 class weights (`QQ+ | AK:0.5`), or `{error}` when they
/// are not 169 numbers from 0 to 1.
pub fn range_text(weights: &[f64]) -> Value {
    if weights.len() != 169 {
        return json!({ "error": format!("a grid has 169 weights, not {}", weights.len()) });
    }
    if let Some(w) = weights.iter().find(|w| !(0.0..=1.0).contains(*w)) {
        return json!({ "error": format!("a weight is a number from 0 to 1, not {w}") });
    }
    json!({ "text": hus::grid_text(weights) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_and_its_grid_go_both_ways() {
        let v = range_classes("QQ+ | AK:0.5");
        assert_eq!(v["exact"], true);
        assert_eq!(v["weights"][1], 0.5);
        let weights: Vec<f64> = serde_json::from_value(v["weights"].clone()).unwrap();
        assert_eq!(range_text(&weights), json!({ "text": "QQ+ | AK:0.5" }));
        assert_eq!(range_classes("AhKh")["exact"], false);
        assert!(range_classes("AX")["error"].as_str().is_some());
    }

    #[test]
    fn a_grid_of_the_wrong_size_or_weights_is_refused() {
        assert!(range_text(&[1.0; 3])["error"]
            .as_str()
            .unwrap()
            .contains("169"));
        let mut w = [0.0; 169];
        w[5] = 1.5;
        assert!(range_text(&w)["error"].as_str().unwrap().contains("1.5"));
        w[5] = f64::NAN;
        assert!(range_text(&w)["error"].is_string());
    }
}
